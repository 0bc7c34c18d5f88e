// Seeds the 'Verlauf' bench (issue 23): 100,000 results of 40,000 children, 25,000 of them tested
// 2–4 times (5,000 twice, 5,000 three times, 15,000 four times), 15,000 once. Each child has an
// ability; its later tests come 10 weeks apart and go a little better, so the change statistics do
// their full work. Stored through the store's own insert (both backends, real batching).
import type { ResultStore } from '../../server/db/index.ts';
import { makePayload } from '../../server/testing/payload.ts';
import { CHILD_CODE_ALPHABET, CHILD_CODE_LENGTH, SCORED_QUESTION_IDS } from '../../src/contract.ts';

export const PROGRESS_CHILDREN = 40_000;
export const PROGRESS_RESULTS = 100_000;

/** Tests of child g (0-based): once for the first 15,000, then 2, 3 and 4 times. */
const testsOf = (g: number) => (g < 15_000 ? 1 : g < 20_000 ? 2 : g < 25_000 ? 3 : 4);

/** A distinct code per child: g written in base 30 with the code alphabet. */
function codeOf(g: number): string {
  let code = '';
  let rest = g;
  for (let i = 0; i < CHILD_CODE_LENGTH; i++) {
    code = (CHILD_CODE_ALPHABET[rest % CHILD_CODE_ALPHABET.length] as string) + code;
    rest = Math.floor(rest / CHILD_CODE_ALPHABET.length);
  }
  return code;
}

const day = (offset: number) =>
  new Date(Date.UTC(2025, 8, 1) + offset * 86_400_000).toISOString().slice(0, 10);

export async function seedProgress(store: ResultStore): Promise<void> {
  let pending: Promise<unknown>[] = [];
  for (let g = 0; g < PROGRESS_CHILDREN; g++) {
    const ability = Math.random();
    const language = (['2', '3', '4'] as const)[g % 3];
    for (let k = 0; k < testsOf(g); k++) {
      const flags = Object.fromEntries(
        SCORED_QUESTION_IDS.map((id, index) => [
          `question${id}`,
          Math.random() < Math.min(0.97, Math.max(0.03, 0.3 + ability + 0.08 * k - index / 21)),
        ]),
      );
      pending.push(
        store.insertResult(
          makePayload({ ...flags, language, childCode: codeOf(g), testDate: day(70 * k + (g % 60)) }),
        ),
      );
      if (pending.length >= 2000) {
        await Promise.all(pending);
        pending = [];
      }
    }
  }
  await Promise.all(pending);
}
