import { isCorrectNumber } from '../shared/parse-integer.ts';

/** TextInput: correct when the typed whole number equals the correct answer. */
export function scoreTextInput(givenAnswer: string, correctAnswer: number): boolean {
  return isCorrectNumber(givenAnswer, correctAnswer);
}
