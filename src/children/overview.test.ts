import { describe, expect, it } from 'vitest';
import { addDays, buildOverview, filterRows, sortRows, subtractMonths } from './overview';
import {
  isRetestWeeks,
  loadRetestWeeks,
  RETEST_WEEKS_KEY,
  retestFrom,
  saveRetestWeeks,
} from './retest-interval';
import { child, result } from './test-fixtures';

const TODAY = '2026-06-30';
const children = [
  child({ code: 'AAAAAA', name: 'Zeynep', birthDate: '2021-01-15', language: 'tr' }),
  child({ code: 'BBBBBB', name: 'amal', birthDate: '2020-05-01', language: 'ar' }),
  child({ code: 'CCCCCC', name: 'Ioana', birthDate: '', language: 'ro' }),
  child({ code: 'DDDDDD', name: 'Emre', birthDate: '2019-12-24', language: 'tr' }),
];
const results = [
  result('AAAAAA', '2025-10-14', [3, 1, 0]),
  result('AAAAAA', '2026-06-02', [7, 6, 5]),
  result('BBBBBB', '2026-05-20', [5, 2, 1]),
  result('DDDDDD', '2024-11-02', [6, 5, 2]),
];
const rows = buildOverview(children, results, TODAY);
const names = (list: { child: { name: string } }[]) => list.map((row) => row.child.name);

describe('buildOverview', () => {
  it('shows each child with its newest test, unmet levels and the re-test date (12 weeks by default)', () => {
    const zeynep = rows[0]!;
    expect(zeynep.age).toBe(5);
    expect(zeynep.last?.testDate).toBe('2026-06-02');
    expect(zeynep.points).toEqual([7, 6, 5]);
    expect(zeynep.unmetLevels).toEqual([]);
    expect(zeynep.needsSupport).toBe(false);
    expect(zeynep.retestFrom).toBe('2026-08-25');
    const amal = rows[1]!;
    expect(amal.unmetLevels).toEqual([2, 3]);
    expect(amal.needsSupport).toBe(true);
    const ioana = rows[2]!;
    expect(ioana.age).toBeNull();
    expect(ioana.last).toBeUndefined();
    expect(ioana.points).toEqual([null, null, null]);
    expect(ioana.retestFrom).toBe('');
    expect(ioana.needsSupport).toBe(false);
  });

  it('takes another re-screening interval', () => {
    expect(buildOverview(children, results, TODAY, 26)[1]!.retestFrom).toBe('2026-11-18');
  });

  it('offers a child for deletion after 18 months without a test', () => {
    expect(rows.map((row) => row.expired)).toEqual([false, false, false, true]);
    const neverTested = child({ code: 'EEEEEE', createdAt: '2024-12-01T10:00:00.000Z' });
    expect(buildOverview([neverTested], [], TODAY)[0]!.expired).toBe(true);
    expect(buildOverview([neverTested], [], '2026-06-01')[0]!.expired).toBe(false);
  });
});

describe('sortRows and filterRows', () => {
  it('sorts by name in German order, either way', () => {
    expect(names(sortRows(rows, 'name', 'ascending'))).toEqual(['amal', 'Emre', 'Ioana', 'Zeynep']);
    expect(names(sortRows(rows, 'name', 'descending'))).toEqual(['Zeynep', 'Ioana', 'Emre', 'amal']);
  });

  it('puts children without a value last in both directions', () => {
    expect(names(sortRows(rows, 'age', 'ascending'))).toEqual(['Zeynep', 'amal', 'Emre', 'Ioana']);
    // Emre and amal are both 6: ties go by name.
    expect(names(sortRows(rows, 'age', 'descending'))).toEqual(['amal', 'Emre', 'Zeynep', 'Ioana']);
    expect(names(sortRows(rows, 'lastTest', 'descending'))).toEqual(['Zeynep', 'amal', 'Emre', 'Ioana']);
  });

  it('sorts by points, assigned level, unmet levels and re-test date', () => {
    expect(names(sortRows(rows, 'level2', 'descending'))).toEqual(['Zeynep', 'Emre', 'amal', 'Ioana']);
    expect(names(sortRows(rows, 'assigned', 'ascending'))).toEqual(['amal', 'Emre', 'Zeynep', 'Ioana']);
    expect(names(sortRows(rows, 'unmet', 'descending'))).toEqual(['amal', 'Emre', 'Zeynep', 'Ioana']);
    expect(names(sortRows(rows, 'retest', 'ascending'))).toEqual(['Emre', 'amal', 'Zeynep', 'Ioana']);
  });

  it('filters by language and by Förderbedarf', () => {
    expect(names(filterRows(rows, { language: 'tr', supportOnly: false }))).toEqual(['Zeynep', 'Emre']);
    expect(names(filterRows(rows, { language: '', supportOnly: true }))).toEqual(['amal', 'Emre']);
    expect(names(filterRows(rows, { language: 'tr', supportOnly: true }))).toEqual(['Emre']);
  });
});

describe('dates and the remembered interval', () => {
  it('adds days and subtracts months on the calendar', () => {
    expect(addDays('2026-03-25', 7)).toBe('2026-04-01');
    expect(subtractMonths('2026-08-31', 18)).toBe('2025-02-28');
    expect(subtractMonths('2026-06-30', 18)).toBe('2024-12-30');
  });

  it('remembers a valid interval and falls back to 12 weeks', () => {
    const values = new Map<string, string>();
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
    expect(loadRetestWeeks(storage)).toBe(12);
    saveRetestWeeks(20, storage);
    expect(values.get(RETEST_WEEKS_KEY)).toBe('20');
    expect(loadRetestWeeks(storage)).toBe(20);
    values.set(RETEST_WEEKS_KEY, 'abc');
    expect(loadRetestWeeks(storage)).toBe(12);
    expect([0, 1, 104, 105, 2.5].map(isRetestWeeks)).toEqual([false, true, true, false, false]);
  });
});

describe("a test ended with 'Test beenden' in the child's record (docs/product.md §38)", () => {
  /** Ended after question 9: level 1 complete (6 of 7), levels 2 and 3 not reached. */
  const ended = (
    reason: 'unwilling' | 'unwell' | 'language' | 'disturbance' | 'other',
    testDate = '2026-06-10',
  ) => {
    const base = result('AAAAAA', testDate, [6, 0, 0], `ended-${reason}`);
    return {
      ...base,
      levels: base.levels.map((row) => (row.level === 1 ? row : { ...row, questions: 0, achieved: false })),
      endedEarly: { reason, lastQuestion: 9 },
    };
  };

  it.each([
    ['unwilling', '2026-09-02'],
    ['unwell', '2026-06-11'],
    ['language', '2026-09-02'],
    ['disturbance', '2026-06-11'],
    ['other', '2026-09-02'],
  ] as const)("counts 'Erneut testen ab' from a test ended early (%s): %s", (reason, retest) => {
    expect(retestFrom(ended(reason), 12)).toBe(retest);
    const [row] = buildOverview([children[0]!], [...results, ended(reason)], TODAY);
    expect(row?.retestFrom).toBe(retest);
  });

  it('shows the newest test ended early, points only of complete levels, Förderbedarf from the last complete test', () => {
    const [row] = buildOverview(
      [children[1]!],
      [result('BBBBBB', '2026-05-20', [5, 2, 1]), { ...ended('unwell'), childCode: 'BBBBBB' }],
      TODAY,
    );
    expect(row?.last?.endedEarly).toEqual({ reason: 'unwell', lastQuestion: 9 });
    expect(row?.points).toEqual([6, null, null]);
    expect(row?.lastComplete?.testDate).toBe('2026-05-20');
    expect(row?.unmetLevels).toEqual([2, 3]);
    expect(row?.needsSupport).toBe(true);
    // No level assigned: it sorts with the children without one.
    const sorted = sortRows(
      buildOverview(children, [...results, ended('unwell')], TODAY),
      'assigned',
      'ascending',
    );
    expect(names(sorted).at(-1)).toBe('Zeynep');
  });
});
