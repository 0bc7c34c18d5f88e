/** PRODUCT.md decision 4: Ja is sent as '0', Nein as '1'. */
export const YES = '0';
export const NO = '1';

/** ImageCompare and its practice: correct when Ja/Nein matches the correct answer (0 = Ja, 1 = Nein). */
export function scoreYesNo(givenAnswer: string, correctAnswer: number): boolean {
  return (givenAnswer === YES || givenAnswer === NO) && Number(givenAnswer) === correctAnswer;
}
