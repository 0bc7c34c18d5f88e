import {
  ENROL_LINK_PREFIX,
  ENROLMENT_CODE_ALPHABET,
  ENROLMENT_CODE_LENGTH,
  formatEnrolmentCode,
} from '../../schemas/tablets-api';

export { ENROLMENT_CODE_ALPHABET, ENROLMENT_CODE_LENGTH, formatEnrolmentCode };

/**
 * The one-time enrolment code of a tablet (docs/product.md §51): 12 characters from an alphabet
 * without look-alikes (no 0/O, 1/I/L), shown in groups of four (`7KQ2-M4XP-9TRC`); the alphabet and
 * the format are the server's (schemas/tablets-api.ts). Typed input may carry spaces, dashes and lower
 * case; a letter outside the alphabet is named, never replaced silently (an O is not a 0 here). The
 * problems are kinds, for the German strings of src/i18n.
 */

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

const HASH_KEY = ENROL_LINK_PREFIX.replace(/^\/?#/, '');

/**
 * The code of a `#einrichten=CODE` link, or undefined when the address carries none. The server
 * normalises only on its side; the tablet's field shows what the link carried, to be checked as typed.
 */
export function codeFromHash(hash: string): string | undefined {
  const match = new RegExp(`^#?${HASH_KEY}([^&]*)`).exec(hash);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    return match[1];
  }
}
