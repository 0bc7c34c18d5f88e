import type { TFunction } from 'i18next';
import type { AnswerDisplay, FingerSplit } from '../types';

/**
 * An answer display in German ('Ja', '3 + 2, dann 4 + 1', '6 Punkte gelegt', the number typed).
 * Components pass their `t`; the strings live in i18n/de.ts under `answers`.
 */
export function answerText(display: AnswerDisplay, t: TFunction): string {
  const split = (s: FingerSplit) => t('answers.fingerSplit', { left: s.left, right: s.right });
  switch (display.kind) {
    case 'empty':
    case 'no-answer':
      return t('answers.none');
    case 'number':
      return display.value.trim();
    case 'yes':
      return t('answers.yes');
    case 'no':
      return t('answers.no');
    case 'dots':
      return t('answers.dotsLaid', { count: display.count });
    case 'fingers': {
      const [first, second] = display.attempts;
      if (!first) return t('answers.none');
      return second
        ? t('answers.fingersTwice', { first: split(first), second: split(second) })
        : split(first);
    }
  }
}
