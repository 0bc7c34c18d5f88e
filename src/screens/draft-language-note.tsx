import { useTranslation } from 'react-i18next';
import { type ConfirmedTexts, isDraftLanguage } from '../content/languages';

/**
 * Explains the '(Entwurf)' after a language name (docs/product.md, languages are content) wherever
 * such a name is shown: a short German line, only when one of `languages` is a draft. `id` lets a
 * field that lists the languages point to it (`aria-describedby`); `count` is a test's own count of
 * confirmed texts (the start screen's, as isDraftLanguage takes it).
 */
export function DraftLanguageNote({
  languages,
  className,
  id,
  count,
}: {
  languages: readonly string[];
  className: string;
  id?: string;
  count?: ConfirmedTexts | null;
}) {
  const { t } = useTranslation();
  if (!languages.some((code) => isDraftLanguage(code, count))) return null;
  return (
    <p id={id} className={`${className} draft-language-note`}>
      {t('languages.draftNote')}
    </p>
  );
}
