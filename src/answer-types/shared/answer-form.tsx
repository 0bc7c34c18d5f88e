import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The answer area: its fields and the 'Antwort' button; Enter submits too. */
export function AnswerForm({ children, onSubmit }: { children?: ReactNode; onSubmit(): void }) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="answer-form" onSubmit={submit}>
      {children}
      <button type="submit" className="button button-primary">
        {t('common.answer')}
      </button>
    </form>
  );
}
