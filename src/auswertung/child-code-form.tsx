import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The field for a child code as a parent reads it out, with its button: the deletion by child code,
 * the Auskunft and the Protokoll's check of a deletion ask for it alike (lower case and spaces are
 * forgiven by normaliseChildCode in ./api).
 */
export function ChildCodeForm({
  id,
  value,
  onChange,
  onSubmit,
  label,
  danger = false,
  busy = false,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  /** The button's words. */
  label: string;
  /** A red button: what it does cannot be undone. */
  danger?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="auswertung-remove-form">
      <label htmlFor={id}>{t('auswertung.removeChild.code')}</label>
      <input
        id={id}
        name="childCode"
        value={value}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={12}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="submit"
        className={danger ? 'auswertung-button auswertung-button--danger' : 'auswertung-button'}
        disabled={busy}
      >
        {label}
      </button>
    </form>
  );
}
