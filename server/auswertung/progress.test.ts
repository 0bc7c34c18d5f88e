import { describe, expect, it } from 'vitest';
import type { ProgressGroupRow } from '../db/types.ts';
import { changeStatistic, progressStatistics } from './progress.ts';

/**
 * The worked example (docs/product.md, Verlauf), one row per child as the database groups them:
 *
 * | child | language | first → latest points | level first → latest | change L1 L2 L3 total | days |
 * | A     | Turkish  | 5 2 0 → 6 5 1         | 2 → 3                | +1 +3 +1 = +5         | 70   |
 * | B     | Turkish  | 3 1 0 → 5 2 0         | 1 → 2                | +2 +1  0 = +3         | 140  |
 * | C     | Arabic   | 6 5 5 → 6 4 5         | 4 → 4                |  0 −1  0 = −1         | 35   |
 * | D     | Arabic   | 4 0 0 → 4 0 0         | 1 → 1                |  0  0  0 =  0         | 105  |
 * | E     | Romanian | one test only (2 2 2) | –                    | –                     | –    |
 *
 * B has three tests, the others two: 10 results with a code, 5 children, 4 tested more than once.
 * By hand, all four: total change 5, 3, −1, 0 → mean 7/4 = 1.75; median of −1 0 3 5 = 1.5;
 * deviations 3.25, 1.25, −2.75, −1.75 → squares 22.75 → SD √(22.75/3) ≈ 2.754; 1 down, 1 same,
 * 2 up. Level 1: 1 2 0 0 → mean 0.75, median 0.5. Level 2: 3 1 −1 0 → mean 0.75, median 0.5.
 * Level 3: 1 0 0 0 → mean 0.25, median 0. Interval: 350 days / 4 / 7 = 12.5 weeks.
 * Turkish (A, B): total 5, 3 → mean 4, SD √2, 15 weeks. Arabic (C, D): −1, 0 → mean −0.5, SD √0.5,
 * 10 weeks. First level 1 (B, D): 3, 0 → mean 1.5, 17.5 weeks; level 2 (A): 5, no SD; level 4 (C): −1.
 * Levels: A and B moved up, C and D stayed.
 */
const row = (values: Partial<ProgressGroupRow>): ProgressGroupRow => ({
  repeated: true,
  language: '2',
  firstLevel: 1,
  latestLevel: 1,
  change: [0, 0, 0],
  n: 1,
  tests: 2,
  days: 0,
  ...values,
});
const EXAMPLE: ProgressGroupRow[] = [
  row({ language: '2', firstLevel: 2, latestLevel: 3, change: [1, 3, 1], days: 70 }),
  row({ language: '2', firstLevel: 1, latestLevel: 2, change: [2, 1, 0], tests: 3, days: 140 }),
  row({ language: '3', firstLevel: 4, latestLevel: 4, change: [0, -1, 0], days: 35 }),
  row({ language: '3', firstLevel: 1, latestLevel: 1, change: [0, 0, 0], days: 105 }),
  row({ repeated: false, language: '4', firstLevel: 1, latestLevel: 1, tests: 1 }),
];

describe('Verlauf statistics (worked example)', () => {
  const progress = progressStatistics(EXAMPLE);
  const groupOf = (by: string, key: string | null) =>
    progress.groups.find((group) => group.by === by && group.key === key);

  it('counts results and children with a code, and children tested more than once', () => {
    expect(progress).toMatchObject({ resultsWithCode: 10, childrenWithCode: 5, children: 4 });
  });

  it('gives mean, SD, median, direction and distribution of the change per level and in total', () => {
    const all = groupOf('all', null);
    expect(all?.n).toBe(4);
    expect(all?.meanWeeks).toBe(12.5);
    const [l1, l2, l3, total] = all?.changes ?? [];
    expect(total).toMatchObject({ measure: 'total', mean: 1.75, median: 1.5, down: 1, same: 1, up: 2 });
    expect(total?.sd).toBeCloseTo(Math.sqrt(22.75 / 3), 12);
    expect(total?.distribution).toEqual([
      { change: -1, n: 1 },
      { change: 0, n: 1 },
      { change: 3, n: 1 },
      { change: 5, n: 1 },
    ]);
    expect(l1).toMatchObject({ measure: 1, mean: 0.75, median: 0.5, down: 0, same: 2, up: 2 });
    expect(l2).toMatchObject({ measure: 2, mean: 0.75, median: 0.5, down: 1, same: 1, up: 2 });
    expect(l3).toMatchObject({ measure: 3, mean: 0.25, median: 0, down: 0, same: 3, up: 1 });
  });

  it('splits by the language of the first test', () => {
    const turkish = groupOf('language', '2');
    expect(turkish).toMatchObject({ n: 2, meanWeeks: 15 });
    expect(turkish?.changes[3]).toMatchObject({ mean: 4, median: 4 });
    expect(turkish?.changes[3]?.sd).toBeCloseTo(Math.SQRT2, 12);
    const arabic = groupOf('language', '3');
    expect(arabic).toMatchObject({ n: 2, meanWeeks: 10 });
    expect(arabic?.changes[3]).toMatchObject({ mean: -0.5, median: -0.5 });
    expect(arabic?.changes[3]?.sd).toBeCloseTo(Math.sqrt(0.5), 12);
    // Romanian: only a child tested once, so no group.
    expect(groupOf('language', '4')).toBeUndefined();
  });

  it('splits by the level first assigned', () => {
    expect(groupOf('firstLevel', '1')).toMatchObject({ n: 2, meanWeeks: 17.5 });
    expect(groupOf('firstLevel', '1')?.changes[3]?.mean).toBe(1.5);
    expect(groupOf('firstLevel', '2')?.changes[3]).toMatchObject({ mean: 5, sd: null, median: 5 });
    expect(groupOf('firstLevel', '4')?.changes[3]?.mean).toBe(-1);
    expect(groupOf('firstLevel', '3')).toBeUndefined();
  });

  it('counts how the assigned level moved from the first to the latest test', () => {
    expect(progress).toMatchObject({ movedUp: 2, stayed: 2, movedDown: 0 });
    expect(progress.transitions).toEqual([
      { from: 1, to: 1, n: 1 },
      { from: 1, to: 2, n: 1 },
      { from: 2, to: 3, n: 1 },
      { from: 4, to: 4, n: 1 },
    ]);
  });

  it('weights grouped children by their number, and says nothing without children', () => {
    // Three children with +2 and one with −2 in one group each: mean 1, median 2.
    const weighted = changeStatistic(
      [row({ change: [2, 0, 0], n: 3 }), row({ change: [-2, 0, 0], n: 1 })],
      1,
    );
    expect(weighted).toMatchObject({ mean: 1, median: 2, down: 1, up: 3 });
    // SD: deviations 1 (×3) and −3 → (3 + 9) / 3 = 4 → 2.
    expect(weighted.sd).toBe(2);
    const empty = progressStatistics([]);
    expect(empty).toMatchObject({ children: 0, movedUp: 0, transitions: [] });
    expect(empty.groups).toHaveLength(1);
    expect(empty.groups[0]).toMatchObject({ n: 0, meanWeeks: null });
    expect(empty.groups[0]?.changes[3]).toMatchObject({ mean: null, sd: null, median: null });
  });
});
