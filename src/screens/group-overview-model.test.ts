import { describe, expect, it } from 'vitest';
import { buildOverview } from '../children/overview';
import { child, result } from '../children/test-fixtures';
import { i18n } from '../i18n';
import { overviewCells } from './group-overview-model';

describe('the Gruppenübersicht of a child whose newest test ended early (docs/product.md §38)', () => {
  it("says 'vorzeitig beendet: müde', shows points of complete levels only and re-tests the next day", () => {
    const earlier = result('AAAAAA', '2026-05-20', [5, 2, 1]);
    const base = result('AAAAAA', '2026-06-10', [6, 0, 0], 'ended');
    const ended = {
      ...base,
      levels: base.levels.map((row) => (row.level === 1 ? row : { ...row, questions: 2, achieved: false })),
      endedEarly: { reason: 'unwell' as const, lastQuestion: 10 },
    };
    const [row] = buildOverview([child({ code: 'AAAAAA', name: 'Zeynep' })], [earlier, ended], '2026-06-30');
    expect(overviewCells(row!, '2026-06-30', i18n.t.bind(i18n))).toMatchObject({
      lastTest: '10.06.2026',
      level1: '6 von 7',
      level2: '—',
      level3: '—',
      assigned: 'vorzeitig beendet: müde',
      unmet: 'Niveau 2, 3',
      retest: '11.06.2026 (fällig)',
    });
  });
});
