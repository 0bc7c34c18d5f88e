/** Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits, as Arabic keyboards type them. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

function toAsciiDigits(text: string): string {
  return text.replace(ARABIC_DIGITS, (d) => String((d.codePointAt(0) ?? 0) & 0xf));
}

/**
 * An answer as a whole number, or null when it is not one. Never throws: letters, emoji, empty
 * input, exponents ('1e99') and numbers beyond the safe range all give null.
 */
export function parseInteger(input: string): number | null {
  const text = toAsciiDigits(input.trim());
  if (!/^[+-]?\d{1,15}$/.test(text)) return null;
  const value = Number.parseInt(text, 10);
  return Number.isSafeInteger(value) ? (Object.is(value, -0) ? 0 : value) : null;
}

/** docs/product.md §27: an answer is correct when its integer equals the stored correct answer. */
export function isCorrectNumber(givenAnswer: string, correctAnswer: number): boolean {
  return parseInteger(givenAnswer) === correctAnswer;
}
