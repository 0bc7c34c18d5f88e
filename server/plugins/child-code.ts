import { z } from 'zod';
import { CHILD_CODE_ALPHABET, CHILD_CODE_LENGTH, CHILD_CODE_PATTERN } from '../../src/domain/facts.ts';

/**
 * `?childCode=CODE` of the deletion by child (docs/product.md, deletion by child code). Lower case
 * and spaces are forgiven (a code read out over the phone); anything else is refused.
 */
export const childCodeQuery = z.strictObject({
  childCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.replaceAll(/\s/g, '').toUpperCase() : value),
    z.string({ error: 'is required' }).regex(new RegExp(CHILD_CODE_PATTERN), {
      error: `must be a child code: ${CHILD_CODE_LENGTH} of ${CHILD_CODE_ALPHABET}`,
    }),
  ),
});

export type ChildCodeQuery = z.infer<typeof childCodeQuery>;
