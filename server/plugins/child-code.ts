import { z } from 'zod';
import { CHILD_CODE_ERROR } from '../../schemas/result-payload.ts';
import { CHILD_CODE_PATTERN, SITE_PATTERN } from '../../src/domain/facts.ts';

/**
 * `?childCode=CODE` of the deletion by child (docs/product.md, deletion by child code). Lower case
 * and spaces are forgiven (a code read out over the phone); anything else is refused. `site`, when
 * given, limits it to that Einrichtung: two Kitas' children can share a code (docs/product.md §47).
 */
export const childCodeQuery = z.strictObject({
  childCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.replaceAll(/\s/g, '').toUpperCase() : value),
    z
      .string({ error: (issue) => (issue.input === undefined ? 'fehlt' : CHILD_CODE_ERROR) })
      .regex(new RegExp(CHILD_CODE_PATTERN), { error: CHILD_CODE_ERROR }),
  ),
  site: z
    .string()
    .regex(new RegExp(SITE_PATTERN), {
      error: 'keine gültige Einrichtungskennung (Buchstaben, Ziffern und „-“, höchstens 20 Zeichen)',
    })
    .optional(),
});

export type ChildCodeQuery = z.infer<typeof childCodeQuery>;
