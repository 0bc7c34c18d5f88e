import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The answer area: its fields and the 'Antwort' button; Enter submits too. 'Antwort' works only
 * once there is an answer (`ready`), so an empty field or no choice is never scored as wrong.
 */
export function AnswerForm({
  children,
  onSubmit,
  ready = true,
}: {
  children?: ReactNode;
  onSubmit(): void;
  ready?: boolean;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) onSubmit();
  };
  return (
    <form className="answer-form" onSubmit={submit}>
      {children}
      <button type="submit" className="button button-primary" disabled={!ready}>
        {t('common.answer')}
      </button>
    </form>
  );
}
