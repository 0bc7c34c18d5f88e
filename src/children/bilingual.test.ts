import { describe, expect, it } from 'vitest';
import { latestPair, PAIR_DAYS, pairOf } from './bilingual';
import { result } from './test-fixtures';
import type { LocalResult } from './types';

const inLanguage = (language: string, base: LocalResult): LocalResult => ({ ...base, language });

// Turkish on 3 November (level 2), German a week later (level 3).
const turkish = result('K7M3QX', '2026-11-03', [5, 2, 0], 'tr-nov');
const german = inLanguage('de', result('K7M3QX', '2026-11-10', [7, 5, 1], 'de-nov'));

describe('pairOf', () => {
  it('pairs a test in the home language with the German one a week later, either way round', () => {
    for (const around of [turkish, german]) {
      const pair = pairOf([turkish, german], around);
      expect(pair?.home.submissionId).toBe('tr-nov');
      expect(pair?.german.submissionId).toBe('de-nov');
      expect(pair?.germanCompared).toBe('higher');
    }
  });

  it(`pairs up to ${PAIR_DAYS} days apart, not one day more`, () => {
    const at56 = inLanguage('de', result('K7M3QX', '2026-12-29', [5, 2, 0], 'de-56'));
    const at57 = inLanguage('de', result('K7M3QX', '2026-12-30', [5, 2, 0], 'de-57'));
    expect(pairOf([turkish, at56], turkish)?.german.submissionId).toBe('de-56');
    expect(pairOf([turkish, at56], turkish)?.germanCompared).toBe('same');
    expect(pairOf([turkish, at57], turkish)).toBeUndefined();
  });

  it('never pairs a test ended early, nor two tests in home languages, nor two children', () => {
    const ended: LocalResult = { ...german, endedEarly: { reason: 'language', lastQuestion: 9 } };
    expect(pairOf([turkish, ended], turkish)).toBeUndefined();
    expect(pairOf([turkish, ended], ended)).toBeUndefined();
    const arabic = inLanguage('ar', result('K7M3QX', '2026-11-05', [7, 7, 7], 'ar'));
    expect(pairOf([turkish, arabic], turkish)).toBeUndefined();
    const other = { ...german, childCode: 'P4T8WZ' };
    expect(pairOf([turkish, other], turkish)).toBeUndefined();
  });

  it('takes the nearest German test, the later one when two are as near', () => {
    const before = inLanguage('de', result('K7M3QX', '2026-10-27', [1, 0, 0], 'de-before'));
    const after = inLanguage('de', result('K7M3QX', '2026-11-10', [7, 7, 7], 'de-after'));
    const far = inLanguage('de', result('K7M3QX', '2026-12-20', [7, 7, 7], 'de-far'));
    const pair = pairOf([before, far, after, turkish], turkish);
    expect(pair?.german.submissionId).toBe('de-after');
    expect(pair?.germanCompared).toBe('higher');
    expect(pairOf([before, turkish], turkish)?.germanCompared).toBe('lower');
  });
});

describe('latestPair', () => {
  it("is the pair of the child's newest test run to its end", () => {
    const ended: LocalResult = {
      ...inLanguage('de', result('K7M3QX', '2026-11-20', [1, 0, 0], 'ended')),
      endedEarly: { reason: 'unwell', lastQuestion: 4 },
    };
    expect(latestPair([turkish, german, ended])?.german.submissionId).toBe('de-nov');
    expect(latestPair([turkish])).toBeUndefined();
    expect(latestPair([])).toBeUndefined();
  });
});
