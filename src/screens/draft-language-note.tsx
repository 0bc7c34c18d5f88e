import { useTranslation } from 'react-i18next';
import { isDraftLanguage } from '../content/languages';

/**
 * Explains the '(Entwurf)' after a language name (docs/product.md, languages are content) wherever
 * such a name is shown: a short German line, only when one of `languages` is a draft. `id` lets a
 * field that lists the languages point to it (`aria-describedby`).
 */
export function DraftLanguageNote({
  languages,
  className,
  id,
}: {
  languages: readonly string[];
  className: string;
  id?: string;
}) {
  const { t } = useTranslation();
  if (!languages.some(isDraftLanguage)) return null;
  return (
    <p id={id} className={`${className} draft-language-note`}>
      {t('languages.draftNote')}
    </p>
  );
}
