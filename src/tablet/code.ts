/**
 * The one-time enrolment code of a tablet (docs/product.md §50): 12 characters from
 * an alphabet without look-alikes (no 0/O, 1/I/L), shown in groups of four (`7KQ2-M4XP-9TRC`).
 * Typed input may carry spaces, dashes and lower case; a letter outside the alphabet is told, never
 * replaced silently (an O is not a 0 here).
 */
export const ENROLMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const ENROLMENT_CODE_LENGTH = 12;

export type EnrolmentCodeProblem = 'empty' | 'characters' | 'length';

export type NormalizedCode = { code: string } | { problem: EnrolmentCodeProblem; invalid?: string };

/** Upper case, spaces and dashes removed; then checked against the alphabet and the length. */
export function normalizeEnrolmentCode(input: string): NormalizedCode {
  const code = input.toUpperCase().replace(/[\s\-‐-―]/g, '');
  if (code === '') return { problem: 'empty' };
  const invalid = [...new Set([...code].filter((char) => !ENROLMENT_CODE_ALPHABET.includes(char)))];
  if (invalid.length > 0) return { problem: 'characters', invalid: invalid.join(' ') };
  if (code.length !== ENROLMENT_CODE_LENGTH) return { problem: 'length' };
  return { code };
}

/** `7KQ2M4XP9TRC` → `7KQ2-M4XP-9TRC`; a shorter or longer text is grouped as far as it goes. */
export function formatEnrolmentCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

/** The code of a `#einrichten=CODE` link, or undefined when the address carries none. */
export function codeFromHash(hash: string): string | undefined {
  const match = /^#?einrichten=([^&]*)/.exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    return match[1];
  }
}
