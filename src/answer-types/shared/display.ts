import { NO_ANSWER, YES_ANSWER } from '../../domain/facts.ts';
import type { AnswerDisplay, AnswerEntry, GivenAnswer } from '../types';
import { parseInteger } from './parse-integer.ts';

/** The typed or chosen number as entered. */
export function numberEntry(givenAnswer: string): AnswerEntry {
  return { kind: 'number', value: givenAnswer };
}

/** '0' is Ja, '1' is Nein (docs/product.md §4). */
export function yesNoEntry(givenAnswer: string): AnswerEntry {
  if (givenAnswer === YES_ANSWER) return { kind: 'yes' };
  if (givenAnswer === NO_ANSWER) return { kind: 'no' };
  return numberEntry(givenAnswer);
}

/**
 * What was entered, or for a session saved before `entry` existed, what `fromGiven` reads in the
 * given answer. An empty answer is 'keine Antwort'.
 */
export function displayOf(answer: GivenAnswer, fromGiven: (given: string) => AnswerEntry): AnswerDisplay {
  const given = answer.givenAnswer.trim();
  if (answer.entry) {
    return answer.entry.kind === 'number' && answer.entry.value.trim() === ''
      ? { kind: 'empty' }
      : answer.entry;
  }
  return given === '' ? { kind: 'empty' } : fromGiven(given);
}

/** Number answer types: the number as typed or chosen. */
export const displayNumber = (answer: GivenAnswer) => displayOf(answer, numberEntry);
/** Ja/Nein answer types. */
export const displayYesNo = (answer: GivenAnswer) => displayOf(answer, yesNoEntry);
export const correctNumber = (correctAnswer: number): AnswerDisplay => numberEntry(String(correctAnswer));
export const correctYesNo = (correctAnswer: number): AnswerDisplay => yesNoEntry(String(correctAnswer));
/** Move-dots types: the dots laid into the child's box. */
export function dotsEntry(givenAnswer: string): AnswerEntry {
  const count = parseInteger(givenAnswer);
  return count === null ? numberEntry(givenAnswer) : { kind: 'dots', count };
}
