// Classical item analysis and DIF for the researchers' page, from the sums the database returns
// (server/db/research.ts). Pure functions: the database does the one pass over the rows, this
// turns its few dozen numbers into the statistics, identically for PGlite and PostgreSQL.

import type {
  DifResult,
  EtsCategory,
  ItemAnalysis,
  ItemStatistic,
  Reliability,
} from '../../schemas/auswertung-api.ts';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { type ItemSums, levelOf, type ScoreStratum } from '../db/research.ts';
import { REFERENCE_RESULT_CODE } from '../languages.ts';
import { positiveIntegerFromEnv } from '../settings.ts';

export type { DifResult, EtsCategory, ItemAnalysis, ItemStatistic, Reliability };

/** Result-side language code of the reference group of the DIF analysis: Turkish (its pack's resultCode). */
export const REFERENCE_LANGUAGE = REFERENCE_RESULT_CODE;

/**
 * KR-20 = k/(k−1) · (1 − Σ p·q / σ²), with p the share correct per item and σ² the variance of
 * the score over the same children, both with n in the denominator (Kuder & Richardson 1937).
 */
export function kr20(items: number, sumPq: number, scoreVariance: number): number | null {
  if (items < 2 || !(scoreVariance > 0)) return null;
  return (items / (items - 1)) * (1 - sumPq / scoreVariance);
}

/**
 * Corrected item–total correlation from sums: n children, c of them correct, the sum of total
 * scores over those who were correct, and the sum and sum of squares of all total scores.
 * For a 0/1 item x and total T: cov(x, T−x) = cov(x, T) − var(x) and
 * var(T−x) = var(T) − 2·cov(x, T) + var(x).
 */
export function correctedItemTotal(
  n: number,
  correct: number,
  totalWhenCorrect: number,
  totalSum: number,
  totalSquares: number,
): number | null {
  if (n < 2) return null;
  const p = correct / n;
  const meanTotal = totalSum / n;
  const varItem = p * (1 - p);
  const varTotal = totalSquares / n - meanTotal * meanTotal;
  const covItemTotal = totalWhenCorrect / n - p * meanTotal;
  const covItemRest = covItemTotal - varItem;
  const varRest = varTotal - 2 * covItemTotal + varItem;
  // Below rounding noise the item or the rest score is constant: no correlation exists.
  if (varItem < 1e-12 || varRest < 1e-12) return null;
  return clamp(covItemRest / Math.sqrt(varItem * varRest));
}

const clamp = (r: number) => Math.max(-1, Math.min(1, r));

/**
 * Below this many children a statistic is shown with a warning (docs/product.md §24): a solution
 * rate from 20 children is ±0.1 at its 95 % interval, a KR-20 or DIF from so few barely says more.
 */
export const DEFAULT_MIN_CHILDREN = 30;

/**
 * The warning threshold from MIN_CHILDREN_FOR_STATISTICS (a whole number ≥ 1; unset or empty:
 * DEFAULT_MIN_CHILDREN). Anything else stops the server at start rather than warn wrongly.
 */
export function minChildrenFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveIntegerFromEnv('MIN_CHILDREN_FOR_STATISTICS', DEFAULT_MIN_CHILDREN, env);
}

/** Item table and reliabilities of one group from its sums; `minChildren`: the warning threshold. */
export function analyseItems(sums: ItemSums, minChildren = DEFAULT_MIN_CHILDREN): ItemAnalysis {
  const { n } = sums;
  const items = sums.items.map(
    (item): ItemStatistic => ({
      question: item.question,
      level: levelOf(item.question),
      n,
      solutionRate: n > 0 ? item.correct / n : null,
      noAnswerRate: n > 0 ? item.noAnswer / n : null,
      itemTotalCorrelation: correctedItemTotal(
        n,
        item.correct,
        item.totalWhenCorrect,
        sums.totalSum,
        sums.totalSquares,
      ),
    }),
  );
  const pq = (ofLevel: (level: 1 | 2 | 3) => boolean) =>
    items
      .filter((item) => ofLevel(item.level))
      .reduce((sum, item) => sum + (item.solutionRate ?? 0) * (1 - (item.solutionRate ?? 0)), 0);
  const variance = (sum: number, squares: number) => (n > 0 ? squares / n - (sum / n) ** 2 : 0);
  const reliability: Reliability[] = sums.levels.map((level) => ({
    level: level.level,
    items: items.filter((item) => item.level === level.level).length,
    kr20: kr20(
      items.filter((item) => item.level === level.level).length,
      pq((l) => l === level.level),
      variance(level.sum, level.squares),
    ),
  }));
  reliability.push({
    level: 'all',
    items: items.length,
    kr20: kr20(
      items.length,
      pq(() => true),
      variance(sums.totalSum, sums.totalSquares),
    ),
  });
  return { language: sums.language, n, fewChildren: n < minChildren, items, reliability };
}

/** One stratum's 2×2 table: reference and focal group, correct and wrong. */
export interface Table2x2 {
  referenceCorrect: number;
  referenceWrong: number;
  focalCorrect: number;
  focalWrong: number;
}

export interface MantelHaenszel {
  /** Common odds ratio α_MH (odds of the reference group over the focal group); null if undefined. */
  alpha: number | null;
  /** Standard error of ln α_MH (Robins, Breslow & Greenland 1986). */
  seLogAlpha: number | null;
  /** MH χ² with continuity correction (1 df). */
  chiSquare: number | null;
}

/**
 * Mantel–Haenszel common odds ratio over strata (Mantel & Haenszel 1959), its χ² with continuity
 * correction and the Robins–Breslow–Greenland standard error of its logarithm. Strata with fewer
 * than two children carry no information and are left out.
 */
export function mantelHaenszel(strata: readonly Table2x2[]): MantelHaenszel {
  let r = 0;
  let s = 0;
  let pr = 0;
  let psQr = 0;
  let qs = 0;
  let a = 0;
  let expected = 0;
  let variance = 0;
  for (const t of strata) {
    const nRef = t.referenceCorrect + t.referenceWrong;
    const nFoc = t.focalCorrect + t.focalWrong;
    const total = nRef + nFoc;
    if (total < 2) continue;
    const correct = t.referenceCorrect + t.focalCorrect;
    const wrong = t.referenceWrong + t.focalWrong;
    const rk = (t.referenceCorrect * t.focalWrong) / total;
    const sk = (t.referenceWrong * t.focalCorrect) / total;
    const pk = (t.referenceCorrect + t.focalWrong) / total;
    const qk = (t.referenceWrong + t.focalCorrect) / total;
    r += rk;
    s += sk;
    pr += pk * rk;
    psQr += pk * sk + qk * rk;
    qs += qk * sk;
    a += t.referenceCorrect;
    expected += (nRef * correct) / total;
    variance += (nRef * nFoc * correct * wrong) / (total * total * (total - 1));
  }
  const alpha = r > 0 && s > 0 ? r / s : null;
  const seLogAlpha =
    alpha === null ? null : Math.sqrt(pr / (2 * r * r) + psQr / (2 * r * s) + qs / (2 * s * s));
  const chiSquare = variance > 0 ? Math.max(0, Math.abs(a - expected) - 0.5) ** 2 / variance : null;
  return { alpha, seLogAlpha, chiSquare };
}

/** χ²(1) at the 5 % level. */
const CHI_SQUARE_05 = 3.841;
/** One-sided z at the 5 % level, for "|D| significantly greater than 1". */
const Z_05_ONE_SIDED = 1.645;

/**
 * The ETS classification of MH D-DIF (Zwick 2012, ETS RR-12-08): A when |D| < 1 or D is not
 * significantly different from 0; C when |D| ≥ 1.5 and |D| is significantly greater than 1;
 * B otherwise.
 */
export function etsCategory(delta: number, seDelta: number, chiSquare: number): EtsCategory {
  const size = Math.abs(delta);
  if (size < 1 || chiSquare < CHI_SQUARE_05) return 'A';
  if (size >= 1.5 && (size - 1) / seDelta > Z_05_ONE_SIDED) return 'C';
  return 'B';
}

/**
 * DIF of every item between the reference language (Turkish) and each other language present,
 * matching children on the total score (thin matching: one stratum per score 0..21).
 */
export function differentialItemFunctioning(
  strata: readonly ScoreStratum[],
  minChildren = DEFAULT_MIN_CHILDREN,
): DifResult[] {
  const reference = new Map(
    strata.filter((row) => row.language === REFERENCE_LANGUAGE).map((row) => [row.total, row]),
  );
  const focals = [...new Set(strata.map((row) => row.language))]
    .filter((l) => l !== REFERENCE_LANGUAGE)
    .sort();
  const results: DifResult[] = [];
  for (const focal of focals) {
    const focalRows = new Map(strata.filter((row) => row.language === focal).map((row) => [row.total, row]));
    const shared = [...focalRows.keys()].filter((total) => reference.has(total));
    SCORED_QUESTION_IDS.forEach((question, index) => {
      const tables = shared.map((total): Table2x2 => {
        const ref = reference.get(total) as ScoreStratum;
        const foc = focalRows.get(total) as ScoreStratum;
        const refCorrect = ref.correct[index] ?? 0;
        const focCorrect = foc.correct[index] ?? 0;
        return {
          referenceCorrect: refCorrect,
          referenceWrong: ref.n - refCorrect,
          focalCorrect: focCorrect,
          focalWrong: foc.n - focCorrect,
        };
      });
      const mh = mantelHaenszel(tables);
      const delta = mh.alpha === null ? null : -2.35 * Math.log(mh.alpha);
      const seDelta = mh.seLogAlpha === null ? null : 2.35 * mh.seLogAlpha;
      const referenceN = tables.reduce((sum, t) => sum + t.referenceCorrect + t.referenceWrong, 0);
      const focalN = tables.reduce((sum, t) => sum + t.focalCorrect + t.focalWrong, 0);
      results.push({
        question,
        level: levelOf(question),
        focal,
        referenceN,
        focalN,
        fewChildren: Math.min(referenceN, focalN) < minChildren,
        alpha: mh.alpha,
        delta,
        seDelta,
        chiSquare: mh.chiSquare,
        category:
          delta === null || seDelta === null || mh.chiSquare === null
            ? null
            : etsCategory(delta, seDelta, mh.chiSquare),
      });
    });
  }
  return results;
}
