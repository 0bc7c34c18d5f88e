import { describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../schemas/result-payload.ts';
import type { StoredResult } from './db/index.ts';
import { CSV_HEADERS, csvChunks, jsonChunks } from './export.ts';
import { resultSound } from './result-sound.ts';
import { parseCsv } from './testing/csv.ts';
import { makeResearchPayload } from './testing/payload.ts';

type Source = 'recording' | 'synthesis' | 'none';
const prompts = (...sources: Source[]) => sources.map((source) => ({ prompt: { source, replays: 0 } }));

/** A stored result whose scored answers were spoken by `sources` in turn (none: no prompt details). */
function stored(id: number, sources: Source[] | null): StoredResult {
  const payload = makeResearchPayload();
  return {
    ...payload,
    answers: payload.answers?.map(({ prompt: _, ...detail }, index) =>
      sources ? { ...detail, prompt: { source: sources[index % sources.length]!, replays: 0 } } : detail,
    ),
    id,
    receivedAt: new Date('2026-11-20T09:00:00Z'),
    ageMonths: 80,
    pointsPerLevel: [4, 4, 3],
    assignedLevel: 1,
  };
}

async function* results(...list: StoredResult[]) {
  yield* list;
}

async function text(chunks: AsyncIterable<string>) {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

describe('how a test was heard (docs/product.md §14)', () => {
  it('is the one source of every prompt, mixed when they differ, unknown without prompts', () => {
    expect(resultSound(prompts('recording', 'recording'))).toBe('recording');
    expect(resultSound(prompts('synthesis', 'synthesis'))).toBe('synthesis');
    expect(resultSound(prompts('none', 'none'))).toBe('none');
    expect(resultSound(prompts('recording', 'synthesis'))).toBe('mixed');
    expect(resultSound(prompts('synthesis', 'none'))).toBe('mixed');
    // Results of apps before prompts were recorded, with or without details.
    expect(resultSound([{}, {}])).toBeNull();
    expect(resultSound(undefined)).toBeNull();
  });

  it("the CSV's 'Ton' column says Aufnahme, Gerätestimme, gemischt, ohne, or nothing", async () => {
    const rows = parseCsv(
      (
        await text(
          csvChunks(
            results(
              stored(1, ['recording']),
              stored(2, ['synthesis']),
              stored(3, ['synthesis', 'none']),
              stored(4, ['none']),
              stored(5, null),
            ),
          ),
        )
      ).replace(/^\uFEFF/, ''),
    );
    const [header, ...body] = rows;
    expect(header).toEqual(CSV_HEADERS);
    const ton = header!.indexOf('Ton');
    expect(ton).toBeGreaterThan(header!.indexOf(`Frage${SCORED_QUESTION_IDS.at(-1)}`));
    expect(body.map((row) => row[ton])).toEqual(['Aufnahme', 'Gerätestimme', 'gemischt', 'ohne', '']);
    expect(body.every((row) => row.length === CSV_HEADERS.length)).toBe(true);
  });

  it('the JSON export names it as `sound`', async () => {
    const exported = JSON.parse(await text(jsonChunks(results(stored(1, ['none']), stored(2, null)))));
    expect(exported.map((result: { sound: unknown }) => result.sound)).toEqual(['none', undefined]);
  });
});
