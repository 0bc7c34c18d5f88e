import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../../schemas/test-languages';
import { languagePack } from '../../content/language-packs';
import { textDirection } from '../../content/languages';
import type { ChildLanguage } from '../../content/types';
import { type NO, YES } from './yes-no';

/**
 * What the practice feedback shows a child who cannot read the German text and may hear nothing
 * (docs/product.md §14): a big ✓ when right, else the right answer drawn — as many dots as belong
 * in the box, or the Ja or Nein button the child should have tapped.
 */
export type PracticePicture =
  | { kind: 'correct' }
  | { kind: 'dots'; count: number }
  | { kind: 'yes-no'; answer: typeof YES | typeof NO; language: ChildLanguage };

export function PracticePictureView({ picture }: { picture: PracticePicture }) {
  const { t } = useTranslation();
  switch (picture.kind) {
    case 'correct':
      return (
        <span
          className="practice-picture practice-picture--correct"
          data-picture="correct"
          aria-hidden="true"
        >
          ✓
        </span>
      );
    case 'dots':
      return (
        <span
          className="practice-picture practice-picture--dots"
          data-picture="dots"
          data-count={picture.count}
          aria-hidden="true"
        >
          {Array.from({ length: picture.count }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dots are interchangeable
            <span key={index} className="practice-picture-dot" />
          ))}
        </span>
      );
    case 'yes-no': {
      const pack = languagePack(picture.language);
      const yes = picture.answer === YES;
      return (
        <span
          className={`practice-picture practice-picture--yes-no ${yes ? 'button-yes' : 'button-no'}`}
          data-picture={yes ? 'yes' : 'no'}
          aria-hidden="true"
        >
          <span className="yes-no-de">{yes ? t('common.yes') : t('common.no')}</span>
          {picture.language !== GERMAN && (
            <span lang={picture.language} dir={textDirection(picture.language)}>
              {yes ? pack.yes : pack.no}
            </span>
          )}
        </span>
      );
    }
  }
}
