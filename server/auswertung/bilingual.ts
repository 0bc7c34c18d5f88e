import type { Bilingual, BilingualGroup } from '../../schemas/auswertung-api.ts';
import { PAIR_DAYS } from '../../src/children/bilingual.ts';
import type { BilingualRow } from '../db/types.ts';
import { GERMAN_RESULT_CODE, RESULT_CODES } from '../languages.ts';

/** One group of the section from its rows: counts added up, means from the sums of the levels. */
function groupOf(
  language: string | null,
  rows: readonly BilingualRow[],
  minChildren: number,
): BilingualGroup {
  const add = (value: (row: BilingualRow) => number) => rows.reduce((sum, row) => sum + value(row), 0);
  const n = add((row) => row.n);
  return {
    language,
    n,
    fewChildren: n < minChildren,
    higher: add((row) => row.higher),
    same: add((row) => row.same),
    lower: add((row) => row.lower),
    meanHome: n > 0 ? add((row) => row.homeLevels) / n : null,
    meanGerman: n > 0 ? add((row) => row.germanLevels) / n : null,
  };
}

/**
 * The section 'Zweisprachige Profile' (docs/product.md §44): per home language, in the order of the
 * educator's list, then all home languages together.
 */
export function bilingualStatistics(rows: readonly BilingualRow[], minChildren: number): Bilingual {
  const order = (code: string) => {
    const index = RESULT_CODES.indexOf(code);
    return index < 0 ? RESULT_CODES.length : index;
  };
  const languages = [...new Set(rows.map((row) => row.language))].sort(
    (a, b) => order(a) - order(b) || a.localeCompare(b),
  );
  return {
    minChildren,
    german: GERMAN_RESULT_CODE ?? '',
    pairDays: PAIR_DAYS,
    groups: [
      ...languages.map((language) =>
        groupOf(
          language,
          rows.filter((row) => row.language === language),
          minChildren,
        ),
      ),
      groupOf(null, rows, minChildren),
    ],
  };
}
