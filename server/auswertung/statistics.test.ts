import { describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import type { ItemSums, ScoreStratum } from '../db/types.ts';
import {
  analyseItems,
  correctedItemTotal,
  differentialItemFunctioning,
  etsCategory,
  kr20,
  mantelHaenszel,
} from './statistics.ts';

/** Pearson correlation straight from its definition, to check the formulas that work from sums. */
function pearson(x: number[], y: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xi, i) => {
    const yi = y[i] as number;
    sxy += (xi - mx) * (yi - my);
    sxx += (xi - mx) ** 2;
    syy += (yi - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe('KR-20', () => {
  // Published worked example: K. L. Wuensch, "The Kuder-Richardson 20", East Carolina University
  // (core.ecu.edu/wuenschk/StatHelp/KR20.txt): ten students, a ten-item quiz; the page gives
  // p·q per item (sum 2.18) and the variance of the totals, 5.84.
  const WUENSCH = [
    [1, 1, 1, 1, 1, 1, 0, 1, 1, 0],
    [1, 0, 1, 1, 0, 1, 1, 1, 0, 1],
    [1, 1, 1, 1, 0, 1, 1, 0, 0, 1],
    [0, 0, 1, 0, 0, 0, 1, 0, 0, 0],
    [0, 0, 0, 0, 0, 1, 0, 0, 1, 0],
    [1, 1, 1, 0, 1, 1, 1, 1, 1, 1],
    [1, 1, 0, 1, 1, 1, 0, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 0, 1],
    [0, 1, 0, 1, 1, 1, 1, 1, 0, 1],
    [1, 1, 0, 1, 1, 0, 1, 1, 1, 0],
  ];
  const totals = WUENSCH.map((row) => row.reduce((a, b) => a + b, 0));

  it('reproduces the published p·q sum and score variance from the data', () => {
    expect(totals).toEqual([8, 7, 7, 2, 2, 9, 8, 9, 7, 7]);
    const p = Array.from(
      { length: 10 },
      (_, item) => WUENSCH.reduce((sum, row) => sum + (row[item] ?? 0), 0) / 10,
    );
    expect(p).toEqual([0.7, 0.7, 0.6, 0.7, 0.6, 0.8, 0.7, 0.7, 0.5, 0.6]);
    expect(p.reduce((sum, pi) => sum + pi * (1 - pi), 0)).toBeCloseTo(2.18, 10);
    const mean = totals.reduce((a, b) => a + b, 0) / 10;
    expect(totals.reduce((sum, t) => sum + (t - mean) ** 2, 0) / 10).toBeCloseTo(5.84, 10);
  });

  it('is 10/9 · (1 − 2.18/5.84) = 0.6963 for the published example', () => {
    expect(kr20(10, 2.18, 5.84)).toBeCloseTo(0.696347, 6);
  });

  it('is undefined when every child has the same score', () => {
    expect(kr20(7, 0, 0)).toBeNull();
  });

  it('gives the corrected item–total correlation of the definition', () => {
    const item1 = WUENSCH.map((row) => row[0] as number);
    const rest = totals.map((t, i) => t - (item1[i] as number));
    const correct = item1.filter((x) => x === 1).length;
    const totalWhenCorrect = totals.filter((_, i) => item1[i] === 1).reduce((a, b) => a + b, 0);
    const sum = totals.reduce((a, b) => a + b, 0);
    const squares = totals.reduce((a, b) => a + b * b, 0);
    const r = correctedItemTotal(10, correct, totalWhenCorrect, sum, squares);
    expect(r).toBeCloseTo(pearson(item1, rest), 10);
    // By hand (point-biserial): item 1 right for A B C F G H J with rest scores 7 6 6 8 7 8 6
    // (mean 6.857), wrong for D E I with 2 2 7 (mean 3.667); rest-score SD √4.29 = 2.0712;
    // r = (6.857 − 3.667) / 2.0712 · √(0.7 · 0.3) = 0.7059.
    expect(r).toBeCloseTo(0.7059, 4);
  });
});

describe('Mantel–Haenszel', () => {
  // Published worked example: "Penicillin and Rabbits", the example of R's mantelhaen.test
  // (stats package documentation; data from Agresti 1990, Categorical Data Analysis, p. 233).
  // R prints: Mantel-Haenszel X-squared = 3.9286, common odds ratio 7,
  // 95 % confidence interval 1.026713 … 47.725133. Delay None = reference, 1.5 h = focal,
  // Cured = correct.
  const RABBITS = [
    { referenceCorrect: 0, referenceWrong: 6, focalCorrect: 0, focalWrong: 5 },
    { referenceCorrect: 3, referenceWrong: 3, focalCorrect: 0, focalWrong: 6 },
    { referenceCorrect: 6, referenceWrong: 0, focalCorrect: 2, focalWrong: 4 },
    { referenceCorrect: 5, referenceWrong: 1, focalCorrect: 6, focalWrong: 0 },
    { referenceCorrect: 2, referenceWrong: 0, focalCorrect: 5, focalWrong: 0 },
  ];

  it('reproduces the published common odds ratio, χ² and confidence interval', () => {
    const mh = mantelHaenszel(RABBITS);
    expect(mh.alpha).toBeCloseTo(7, 10);
    expect(mh.chiSquare).toBeCloseTo(3.9286, 4);
    const se = mh.seLogAlpha as number;
    expect(Math.exp(Math.log(7) - 1.959964 * se)).toBeCloseTo(1.026713, 5);
    expect(Math.exp(Math.log(7) + 1.959964 * se)).toBeCloseTo(47.725133, 3);
  });

  it('has no odds ratio when one group never differs (no discordant information)', () => {
    expect(
      mantelHaenszel([{ referenceCorrect: 3, referenceWrong: 0, focalCorrect: 2, focalWrong: 0 }]).alpha,
    ).toBeNull();
  });

  it('classifies as ETS does: A below 1 or not significant, C from 1.5 when clearly above 1', () => {
    expect(etsCategory(-0.9, 0.1, 50)).toBe('A');
    expect(etsCategory(-2, 0.5, 3)).toBe('A');
    expect(etsCategory(-1.2, 0.1, 30)).toBe('B');
    expect(etsCategory(1.6, 0.5, 30)).toBe('B');
    expect(etsCategory(-1.6, 0.2, 30)).toBe('C');
    expect(etsCategory(2.1, 0.3, 30)).toBe('C');
  });
});

describe('item analysis of the 21 scored questions', () => {
  /** Children as 21 answers each, and the sums the database would return for them. */
  function sumsOf(children: number[][], language: string | null, noAnswers: number[][] = []): ItemSums {
    const totals = children.map((row) => row.reduce((a, b) => a + b, 0));
    const levelOf = (index: number) => (index < 7 ? 1 : index < 14 ? 2 : 3);
    return {
      language,
      n: children.length,
      totalSum: totals.reduce((a, b) => a + b, 0),
      totalSquares: totals.reduce((a, b) => a + b * b, 0),
      items: SCORED_QUESTION_IDS.map((question, index) => ({
        question,
        correct: children.filter((row) => row[index] === 1).length,
        noAnswer: noAnswers.filter((ids) => ids.includes(question)).length,
        totalWhenCorrect: children.reduce(
          (sum, row, i) => sum + (row[index] === 1 ? (totals[i] as number) : 0),
          0,
        ),
      })),
      levels: ([1, 2, 3] as const).map((level) => {
        const scores = children.map(
          (row) => row.filter((x, index) => x === 1 && levelOf(index) === level).length,
        );
        return {
          level,
          sum: scores.reduce((a, b) => a + b, 0),
          squares: scores.reduce((a, b) => a + b * b, 0),
        };
      }),
    };
  }
  // Five children; each solves the first k questions (a perfect Guttman pattern) with k = 3, 7, 10, 15, 21.
  const children: number[][] = [3, 7, 10, 15, 21].map((k) =>
    Array.from({ length: 21 }, (_, i) => (i < k ? 1 : 0)),
  );

  it('gives solution rates, n and correlations as computed by hand from the raw answers', () => {
    const analysis = analyseItems(sumsOf(children, '2'));
    const first = analysis.items[0];
    expect(first).toMatchObject({ question: 1, level: 1, n: 5, solutionRate: 1, itemTotalCorrelation: null });
    const q8 = analysis.items.find((item) => item.question === 8);
    expect(q8?.solutionRate).toBeCloseTo(4 / 5, 10);
    const totals = children.map((row) => row.reduce((a, b) => a + b, 0));
    const column = children.map((row) => row[6] as number);
    expect(q8?.itemTotalCorrelation).toBeCloseTo(
      pearson(
        column,
        totals.map((t, i) => t - (column[i] as number)),
      ),
      10,
    );
  });

  it("gives the share of 'keine Antwort' per item beside the solution rate, as counted by hand", () => {
    // Of the five children, two said 'Weiß nicht' on question 23 and one of them also on 13; the
    // first child also on 10. Question 23: 2 of 5 = 40 %; 13: 1 of 5 = 20 %; 10: 20 %; others 0 %.
    const analysis = analyseItems(sumsOf(children, '3', [[10, 23], [13, 23], []]));
    const rate = (question: number) =>
      analysis.items.find((item) => item.question === question)?.noAnswerRate;
    expect(rate(23)).toBeCloseTo(0.4, 10);
    expect(rate(13)).toBeCloseTo(0.2, 10);
    expect(rate(10)).toBeCloseTo(0.2, 10);
    expect(rate(1)).toBe(0);
    // A 'keine Antwort' is scored wrong: the solution rate is that of the answers, unchanged.
    expect(analysis.items.find((item) => item.question === 23)?.solutionRate).toBe(1 / 5);
    expect(analyseItems(sumsOf([], null)).items[0]?.noAnswerRate).toBeNull();
  });

  it('computes KR-20 per level and overall from p·q and the score variance', () => {
    const analysis = analyseItems(sumsOf(children, null));
    const overall = analysis.reliability.find((row) => row.level === 'all');
    const totals = [3, 7, 10, 15, 21];
    const mean = totals.reduce((a, b) => a + b, 0) / 5;
    const variance = totals.reduce((sum, t) => sum + (t - mean) ** 2, 0) / 5;
    const sumPq = SCORED_QUESTION_IDS.reduce((sum, _, index) => {
      const p = children.filter((row) => row[index] === 1).length / 5;
      return sum + p * (1 - p);
    }, 0);
    expect(overall?.kr20).toBeCloseTo((21 / 20) * (1 - sumPq / variance), 10);
    // Level 1: scores 3, 7, 7, 7, 7 → p = 1,1,1,.8,.8,.8,.8; Σpq = .64; variance 2.56.
    expect(analysis.reliability.find((row) => row.level === 1)?.kr20).toBeCloseTo(
      (7 / 6) * (1 - 0.64 / 2.56),
      10,
    );
  });
});

describe('DIF between languages', () => {
  function strata(
    language: string,
    rows: [total: number, n: number, correctOnItem1: number][],
  ): ScoreStratum[] {
    return rows.map(([total, n, c]) => ({
      language,
      total,
      n,
      correct: SCORED_QUESTION_IDS.map((_, index) => (index === 0 ? c : Math.round(n / 2))),
    }));
  }

  it('finds no DIF when the focal group answers like the reference group at every score', () => {
    const data = [
      ...strata('2', [
        [5, 40, 10],
        [10, 40, 20],
        [15, 40, 30],
      ]),
      ...strata('3', [
        [5, 20, 5],
        [10, 20, 10],
        [15, 20, 15],
      ]),
    ];
    const item1 = differentialItemFunctioning(data).find((row) => row.question === 1 && row.focal === '3');
    expect(item1).toMatchObject({ referenceN: 120, focalN: 60, category: 'A' });
    expect(item1?.alpha).toBeCloseTo(1, 10);
    expect(item1?.delta).toBeCloseTo(0, 10);
  });

  it('flags as C an item the focal group solves far less often at equal scores', () => {
    const data = [
      ...strata('2', [
        [5, 200, 100],
        [10, 200, 150],
        [15, 200, 180],
      ]),
      ...strata('4', [
        [5, 200, 30],
        [10, 200, 60],
        [15, 200, 100],
      ]),
    ];
    const item1 = differentialItemFunctioning(data).find((row) => row.question === 1 && row.focal === '4');
    // By hand, Σ A·D/N over Σ B·C/N: (100·170 + 150·140 + 180·100)/400 ÷ (100·30 + 50·60 + 20·100)/400
    // = 140 / 20 = 7, so D = −2.35 · ln 7 = −4.573.
    expect(item1?.alpha).toBeCloseTo(7, 10);
    expect(item1?.delta).toBeCloseTo(-4.5729, 4);
    expect(item1?.category).toBe('C');
    // Turkish is the reference: it is never a focal group.
    expect(differentialItemFunctioning(data).some((row) => row.focal === '2')).toBe(false);
  });
});
