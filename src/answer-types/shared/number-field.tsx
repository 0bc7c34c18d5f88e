import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textDirection } from '../../content/languages';
import type { ChildLanguage } from '../../content/types';
import { useSpokenTexts } from '../../speech/prompt-context';

/** Longest answer taken: no answer of the test has more than two digits (docs/product.md §18). */
export const MAX_DIGITS = 3;
/** ASCII, Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits, as keyboards type them. */
const DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9]/;

type Refusal = 'digitsOnly' | 'tooLong';

/**
 * What a field keeps of what was typed: its digits, at most MAX_DIGITS, and why anything was left
 * out. Spaces (a phone keyboard adds them) are dropped silently.
 */
export function keepDigits(typed: string, previous: string): { value: string; refused?: Refusal } {
  const chars = [...typed.replace(/\s/g, '')];
  const digits = chars.filter((c) => DIGIT.test(c)).join('');
  if (digits.length > MAX_DIGITS) return { value: previous, refused: 'tooLong' };
  return digits.length < chars.length ? { value: digits, refused: 'digitsOnly' } : { value: digits };
}

/**
 * A big text field for a whole number. Not type="number", which would let letters through on some
 * keyboards and refuse Arabic-Indic digits: it takes digits only and says in German when something
 * else was typed, so no letter or emoji is ever scored as a wrong answer.
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
  const { t } = useTranslation();
  const id = useId();
  const [refused, setRefused] = useState<Refusal | null>(null);
  // A label in the child's language is task text (the answer text): it is read aloud as it appears.
  useSpokenTexts(labelLanguage ? [label] : []);
  return (
    <div className="number-field">
      <label
        htmlFor={id}
        className={labelLanguage ? 'task-text answer-label' : 'answer-label'}
        lang={labelLanguage}
        dir={labelLanguage && textDirection(labelLanguage) === 'rtl' ? 'rtl' : undefined}
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
        aria-describedby={refused ? `${id}-refused` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the answer field appears exactly when the child is to answer
        autoFocus={autoFocus}
        onChange={(e) => {
          const kept = keepDigits(e.target.value, value);
          setRefused(kept.refused ?? null);
          onChange(kept.value);
        }}
      />
      {refused && (
        <p id={`${id}-refused`} className="field-problem number-refused" role="alert" lang="de" dir="ltr">
          {t(`question.${refused}`, { max: MAX_DIGITS })}
        </p>
      )}
    </div>
  );
}
