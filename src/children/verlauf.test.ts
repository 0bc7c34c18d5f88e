import { describe, expect, it } from 'vitest';
import { result } from './test-fixtures';
import { buildVerlauf } from './verlauf';

const october = result('K7M3QX', '2025-10-14', [4, 1, 0], 'oct');
const february = result('K7M3QX', '2026-02-03', [6, 3, 1], 'feb');
const june = result('K7M3QX', '2026-06-20', [7, 5, 2], 'jun');

describe('buildVerlauf', () => {
  it('lists the tests oldest first, each with the change since the one before', () => {
    const verlauf = buildVerlauf([june, october, february], 'jun');
    expect(verlauf.map((entry) => entry.result.submissionId)).toEqual(['oct', 'feb', 'jun']);
    expect(verlauf[0]!.change).toBeUndefined();
    expect(verlauf[1]!.change).toEqual({
      points: [
        { level: 1, delta: 2 },
        { level: 2, delta: 2 },
        { level: 3, delta: 1 },
      ],
      assigned: { from: 1, to: 2, direction: 'up' },
    });
    expect(verlauf[2]!.change!.assigned).toEqual({ from: 2, to: 3, direction: 'up' });
    expect(verlauf.map((entry) => entry.current)).toEqual([false, false, true]);
  });

  it('shows a reopened older result with the tests up to it only', () => {
    expect(buildVerlauf([october, february, june], 'feb').map((e) => e.result.submissionId)).toEqual([
      'oct',
      'feb',
    ]);
  });

  it('says when the assigned level went down or stayed', () => {
    const worse = result('K7M3QX', '2026-07-01', [4, 1, 0], 'worse');
    const same = result('K7M3QX', '2026-08-01', [3, 0, 0], 'same');
    const verlauf = buildVerlauf([june, worse, same]);
    expect(verlauf[1]!.change!.assigned.direction).toBe('down');
    expect(verlauf[2]!.change!.assigned.direction).toBe('same');
    expect(verlauf[2]!.change!.points[0]).toEqual({ level: 1, delta: -1 });
  });
});

describe('a test ended early in the Verlauf (docs/product.md §38)', () => {
  it('is neither compared nor compared with, and reads "vorzeitig beendet: müde"', async () => {
    const { i18n } = await import('../i18n');
    const { verlaufSection } = await import('../screens/verlauf-document');
    const first = result('AAAAAA', '2026-01-10', [4, 2, 0]);
    const base = result('AAAAAA', '2026-03-10', [6, 0, 0]);
    const ended = {
      ...base,
      levels: base.levels.map((row) => (row.level === 1 ? row : { ...row, questions: 0, achieved: false })),
      endedEarly: { reason: 'unwell' as const, lastQuestion: 9 },
    };
    const latest = result('AAAAAA', '2026-03-11', [6, 3, 1]);
    const entries = buildVerlauf([first, ended, latest], latest.submissionId);
    expect(entries[1]?.change).toBeUndefined();
    expect(entries[2]?.change?.points).toEqual([
      { level: 1, delta: 2 },
      { level: 2, delta: 1 },
      { level: 3, delta: 1 },
    ]);
    const rows = verlaufSection(entries, i18n.t.bind(i18n)).rows;
    expect(rows[1]?.cells).toEqual([
      '10.03.2026',
      '6 von 7',
      '—',
      '—',
      'vorzeitig beendet: müde',
      'kein Vergleich (vorzeitig beendet)',
    ]);
  });
});

describe('buildVerlauf with a test in German', () => {
  it('compares a test only with the one before in its own language (a bilingual profile is no change)', () => {
    const german = { ...result('K7M3QX', '2026-02-10', [7, 7, 7], 'de'), language: 'de' };
    const verlauf = buildVerlauf([october, february, german, june]);
    expect(verlauf.map((entry) => entry.result.submissionId)).toEqual(['oct', 'feb', 'de', 'jun']);
    expect(verlauf[2]!.change).toBeUndefined();
    // June (Turkish) compares with February (Turkish), not with the German test before it.
    expect(verlauf[3]!.change!.assigned).toEqual({ from: 2, to: 3, direction: 'up' });
  });
});
