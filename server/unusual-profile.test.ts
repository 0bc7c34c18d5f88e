import { describe, expect, it } from 'vitest';
import type { StoredResult } from './db/index.ts';
import { CSV_HEADERS, csvChunks } from './export.ts';
import { parseCsv } from './testing/csv.ts';
import { makeResearchPayload } from './testing/payload.ts';

/** A stored result with these points on levels 1–3 (7 questions each). */
function stored(id: number, pointsPerLevel: [number, number, number]): StoredResult {
  return {
    ...makeResearchPayload(),
    id,
    receivedAt: new Date('2026-11-20T09:00:00Z'),
    ageMonths: 80,
    pointsPerLevel,
    assignedLevel: 1,
  };
}

async function csvOf(...list: StoredResult[]): Promise<string[][]> {
  async function* results() {
    yield* list;
  }
  let all = '';
  for await (const chunk of csvChunks(results())) all += chunk;
  return parseCsv(all.replace(/^\uFEFF/, ''));
}

describe("the CSV's 'Ungewöhnliches Profil' (docs/product.md §28)", () => {
  it('names the levels not reached below a reached one, and nothing for an ordinary profile', async () => {
    const [header, ...rows] = await csvOf(
      stored(1, [1, 7, 5]),
      stored(2, [6, 2, 5]),
      stored(3, [2, 3, 5]),
      stored(4, [5, 4, 1]),
      stored(5, [7, 7, 7]),
      stored(6, [0, 0, 0]),
    );
    expect(header).toEqual(CSV_HEADERS);
    const column = header!.indexOf('Ungewöhnliches Profil');
    // Added after 'Übersetzung'; the columns of a test ended early (docs/product.md §38) came later.
    expect(column).toBe(header!.indexOf('Übersetzung') + 1);
    expect(rows.map((row) => row[column])).toEqual(['1', '2', '1 2', '', '', '']);
  });
});
