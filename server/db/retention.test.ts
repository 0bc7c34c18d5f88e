// Results deleted on time (RETENTION_MONTHS, docs/privacy.md): a child code's results go together
// once its latest test is older than the period, a result without a code by its own test day, and
// the Verlauf's summary (child_progress) follows. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeBackends } from '../testing/backends.ts';
import { makeResearchPayload } from '../testing/payload.ts';
import { berlinDay, createRetention } from './retention.ts';
import type { ResearchStore, ResultStore, StoredResult } from './types.ts';

const TODAY = '2026-11-29';
/** Exactly 60 months before TODAY: a latest test on this day is due today. */
const DUE = '2021-11-29';
const NOT_YET_DUE = '2021-11-30';

const tests: { code?: string; days: string[] }[] = [
  // Tested first as a four-year-old long ago, last within the period: everything stays.
  { code: 'KEEP22', days: ['2019-02-01', '2020-06-15', '2024-03-10'] },
  // The latest test one day short of 60 months: stays.
  { code: 'EDGE33', days: ['2018-01-10', NOT_YET_DUE] },
  // The latest test 60 months ago or more: the whole Verlauf goes.
  { code: 'GONE44', days: ['2017-09-01', '2019-05-05', DUE] },
  { code: 'GONE55', days: ['2020-01-20'] },
  // Without a code, each by its own day.
  { days: ['2019-01-01', DUE, NOT_YET_DUE, '2025-05-05'] },
];

describe.each(storeBackends)('results past RETENTION_MONTHS on $name', (backend) => {
  let store: ResultStore;
  let research: ResearchStore;
  let cleanup: () => Promise<void>;

  const stored = async () => {
    const results: StoredResult[] = [];
    for await (const result of store.iterateResults()) results.push(result);
    return results;
  };
  const daysOf = (results: StoredResult[], code: string | undefined) =>
    results
      .filter((result) => result.childCode === code)
      .map((result) => result.testDate)
      .sort();

  beforeAll(async () => {
    if (backend.skip) return;
    ({ store, cleanup } = await backend.open());
    research = store.research as ResearchStore;
    for (const { code, days } of tests) {
      for (const testDate of days)
        await store.insertResult(
          makeResearchPayload({ overrides: { testDate, ...(code ? { childCode: code } : {}) } }),
        );
    }
    // Received today without a test date (an older app): its day is the day it arrived.
    await store.insertResult(makeResearchPayload({ overrides: { testDate: undefined } }));
  }, 120_000);

  afterAll(async () => {
    if (backend.skip) return;
    await store?.close();
    await cleanup?.();
  });

  it.skipIf(backend.skip)(
    'deletes a child code entirely once its latest test is older than the period, and a code-less result by its own day',
    async () => {
      const before = await stored();
      expect(await research.deleteExpired(60, TODAY)).toBe(3 + 1 + 2);
      const after = await stored();
      expect(after.length).toBe(before.length - 6);
      expect(daysOf(after, 'KEEP22')).toEqual(['2019-02-01', '2020-06-15', '2024-03-10']);
      expect(daysOf(after, 'EDGE33')).toEqual(['2018-01-10', NOT_YET_DUE]);
      expect(daysOf(after, 'GONE44')).toEqual([]);
      expect(daysOf(after, 'GONE55')).toEqual([]);
      expect(daysOf(after, undefined).filter(Boolean)).toEqual([NOT_YET_DUE, '2025-05-05']);
      expect(after.some((result) => !result.testDate)).toBe(true);
      // A second pass the same day finds nothing more.
      expect(await research.deleteExpired(60, TODAY)).toBe(0);
    },
  );

  it.skipIf(backend.skip)(
    'keeps the Verlauf summary (child_progress) equal to the results left',
    async () => {
      const left = await stored();
      const coded = left.filter((result) => result.childCode);
      const groups = await research.progressGroups({});
      expect(groups.reduce((sum, group) => sum + group.n, 0)).toBe(
        new Set(coded.map((result) => result.childCode)).size,
      );
      expect(groups.reduce((sum, group) => sum + group.tests, 0)).toBe(coded.length);
      // KEEP22 and EDGE33 tested more than once: both are in the Verlauf, nothing of the deleted codes.
      expect(groups.filter((group) => group.repeated).reduce((sum, group) => sum + group.n, 0)).toBe(2);
      expect(await research.countByChildCode('GONE44')).toBe(0);
    },
  );

  it.skipIf(backend.skip)(
    'deletes each result once when two server processes run their passes at once',
    async () => {
      for (const childCode of ['TWIN22', 'TWIN33'])
        for (const testDate of ['2015-01-01', '2016-01-01'])
          await store.insertResult(makeResearchPayload({ overrides: { testDate, childCode } }));
      const passes = await Promise.all([
        research.deleteExpired(60, TODAY),
        research.deleteExpired(60, TODAY),
      ]);
      expect(passes[0] + passes[1]).toBe(4);
      expect(await research.countByChildCode('TWIN22')).toBe(0);
    },
  );

  it.skipIf(backend.skip)('counts a result without a test date from the day it was received', async () => {
    const received = berlinDay(new Date());
    const [year, month] = received.split('-').map(Number) as [number, number];
    // A one-month period on the day it was received deletes everything else; it goes a month later.
    const later = new Date(Date.UTC(year, month + 1, 28)).toISOString().slice(0, 10);
    const left = await stored();
    expect(await research.deleteExpired(1, received)).toBe(left.length - 1);
    expect((await stored()).map((result) => result.testDate)).toEqual([undefined]);
    expect(await research.deleteExpired(1, later)).toBe(1);
    expect(await store.count()).toBe(0);
    expect(await research.progressGroups({})).toEqual([]);
  });

  it.skipIf(backend.skip)(
    'counts a test day in the future (a wrong clock, or sent on purpose) from the day the result arrived',
    async () => {
      await store.insertResult(
        makeResearchPayload({ overrides: { testDate: '2999-01-01', childCode: 'FUTR22' } }),
      );
      const received = new Date(`${berlinDay(new Date())}T12:00:00Z`);
      const inMonths = (months: number) => {
        const day = new Date(received);
        day.setUTCMonth(day.getUTCMonth() + months);
        return berlinDay(day);
      };
      await research.deleteExpired(60, inMonths(59));
      expect(await research.countByChildCode('FUTR22')).toBe(1);
      await research.deleteExpired(60, inMonths(61));
      expect(await research.countByChildCode('FUTR22')).toBe(0);
    },
  );
});

describe('the retention timer', () => {
  it('runs a pass at start and then every interval, with the day of its clock, and reports the counts', async () => {
    const calls: [number, string][] = [];
    const counts = [2, 0, 5];
    const reported: number[] = [];
    const daily: string[] = [];
    const retention = createRetention(
      {
        deleteExpired: async (months, today) => {
          calls.push([months, today]);
          return counts.shift() ?? 0;
        },
      },
      {
        months: 36,
        intervalMs: 20,
        // 23:30 UTC is already the next day in Germany.
        now: () => new Date('2026-03-31T23:30:00Z'),
        onDeleted: (deleted) => {
          reported.push(deleted);
        },
        // The Protokoll's own period goes in the same pass, with the same clock.
        alsoDaily: async (now) => {
          daily.push(now.toISOString());
        },
      },
    );
    expect(await retention.start()).toBe(2);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await retention.stop();
    expect(calls[0]).toEqual([36, '2026-04-01']);
    expect(daily.length).toBe(calls.length);
    expect(daily[0]).toBe('2026-03-31T23:30:00.000Z');
    // Only passes that deleted something are reported (and logged).
    expect(reported).toEqual([2, 5]);
  });

  it('reports a failed pass and keeps going', async () => {
    const errors: unknown[] = [];
    const retention = createRetention(
      { deleteExpired: () => Promise.reject(new Error('database gone')) },
      { months: 60, intervalMs: 20, onError: (error) => errors.push(error) },
    );
    expect(await retention.start()).toBeUndefined();
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    await retention.stop();
    expect(String(errors[0])).toContain('database gone');
  });
});
