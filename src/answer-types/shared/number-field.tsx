import { useId } from 'react';
import type { ChildLanguage } from '../../content/types';

/**
 * A big text field for a whole number. Not type="number": that would swallow what a child types
 * that is not a number (and Arabic-Indic digits) instead of recording it as given.
 */
export function NumberField({
  label,
  value,
  onChange,
  autoFocus = false,
  labelLanguage,
  name,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
  /** Set when the label is task text in the child's language. */
  labelLanguage?: ChildLanguage;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="number-field">
      <label
        htmlFor={id}
        className={labelLanguage ? 'task-text answer-label' : 'answer-label'}
        lang={labelLanguage}
        dir={labelLanguage === 'ar' ? 'rtl' : undefined}
      >
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        className="number-input"
        value={value}
        // biome-ignore lint/a11y/noAutofocus: the answer field appears exactly when the child is to answer
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
