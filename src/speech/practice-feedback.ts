import { languagePack, practiceWrongNumberText } from '../content/language-packs';
import type { ChildLanguage } from '../content/types';

export type PracticeOutcome =
  | { kind: 'correct' }
  | { kind: 'wrong-number'; answer: number }
  | { kind: 'wrong-yes-no'; rightIsNo: boolean };

/** The practice feedback the child hears, in the child's language (the German stays on screen). */
export function spokenPracticeFeedback(
  language: ChildLanguage,
  outcome: PracticeOutcome,
): { text: string; phrase: string } {
  const pack = languagePack(language);
  switch (outcome.kind) {
    case 'correct':
      return { text: pack.practiceCorrect, phrase: 'practiceCorrect' };
    case 'wrong-number':
      return { text: practiceWrongNumberText(language, outcome.answer), phrase: 'practiceWrongNumber' };
    case 'wrong-yes-no':
      return outcome.rightIsNo
        ? { text: pack.practiceWrongNo, phrase: 'practiceWrongNo' }
        : { text: pack.practiceWrongYes, phrase: 'practiceWrongYes' };
  }
}
