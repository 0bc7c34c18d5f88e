import { z } from 'zod';
import { isStorableBirthDate } from '../src/domain/date.ts';
import { CHILD_CODE_PATTERN, SITE_PATTERN } from '../src/domain/facts.ts';
import { CHILD_CODE_ERROR } from './result-payload.ts';

const DAY_ERROR = 'muss ein Datum JJJJ-MM-TT zwischen 1900 und 2999 sein';
const SITE_ERROR =
  "muss eine Einrichtungskennung sein: Buchstaben, Ziffern und '-', höchstens 20, beginnend mit Buchstabe oder Ziffer";

/**
 * A withdrawn research consent (Art. 7(3) DSGVO, docs/product.md §48), sent by the tablet with its
 * next contact: the child code's results of that site leave research. No name, ever. The server
 * validates with this schema (German messages, like the upload's); the client imports the type.
 */
export const consentWithdrawalSchema = z.strictObject(
  {
    /** The child's pseudonymous code. */
    childCode: z
      .string({ error: CHILD_CODE_ERROR })
      .regex(new RegExp(CHILD_CODE_PATTERN), { error: CHILD_CODE_ERROR }),
    /** The tablet's 'Einrichtungskennung', as its uploads carry it; absent when none is set. */
    site: z.string({ error: SITE_ERROR }).regex(new RegExp(SITE_PATTERN), { error: SITE_ERROR }).optional(),
    /** The day the parents withdrew (YYYY-MM-DD). */
    withdrawnOn: z.string({ error: DAY_ERROR }).refine(isStorableBirthDate, { error: DAY_ERROR }),
  },
  { error: 'muss ein JSON-Objekt sein' },
);

export type ConsentWithdrawal = z.infer<typeof consentWithdrawalSchema>;
