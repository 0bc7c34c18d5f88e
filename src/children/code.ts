import { CHILD_CODE_ALPHABET, CHILD_CODE_LENGTH } from '../domain/facts';

/** Fills a byte array with random values (the browser's `crypto.getRandomValues`, or a test's). */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const defaultRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/**
 * A new child code (docs/product.md, child code): CHILD_CODE_LENGTH characters drawn uniformly from
 * CHILD_CODE_ALPHABET. Bytes at or above the largest multiple of the alphabet's size are drawn
 * again, so every character is equally likely (a plain `byte % 30` would favour the first 16).
 */
export function newChildCode(random: RandomBytes = defaultRandom): string {
  const size = CHILD_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < CHILD_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(CHILD_CODE_LENGTH - code.length))) {
      if (byte < limit) code += CHILD_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/** Why a typed code is not a child code, for a German message on the details screen. */
export type ChildCodeProblem = 'empty' | 'length' | 'characters';

/**
 * A typed code as the device stores it: upper case, without spaces or dashes (an educator may
 * copy 'k7m 3qx' from a printout), or the problem with it.
 */
export function parseChildCode(
  text: string,
): { ok: true; code: string } | { ok: false; problem: ChildCodeProblem } {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code === '') return { ok: false, problem: 'empty' };
  if ([...code].some((char) => !CHILD_CODE_ALPHABET.includes(char))) {
    return { ok: false, problem: 'characters' };
  }
  if (code.length !== CHILD_CODE_LENGTH) return { ok: false, problem: 'length' };
  return { ok: true, code };
}
