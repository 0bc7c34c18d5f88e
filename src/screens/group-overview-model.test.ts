import { levels as levelTexts } from 'virtual:zaehltest-levels';
import { describe, expect, it } from 'vitest';
import { buildOverview } from '../children/overview';
import { child, result } from '../children/test-fixtures';
import { languageLabel } from '../content/languages';
import { i18n } from '../i18n';
import { nextStep, overviewCells } from './group-overview-model';

const t = i18n.t.bind(i18n);

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

describe("a child's next step in the Gruppenübersicht", () => {
  const rowOf = (...results: ReturnType<typeof result>[]) =>
    buildOverview([child({ code: 'AAAAAA', name: 'Zeynep' })], results, '2026-06-30')[0]!;

  it('re-tests from the date to come, with the Förderhinweise of the assigned level as on the results page', () => {
    const step = nextStep(rowOf(result('AAAAAA', '2026-06-10', [6, 2, 1])), '2026-06-30', t);
    expect(step).toMatchObject({ retest: 'Erneut testen ab 02.09.2026', due: false, marks: [] });
    expect(step.unusual).toBeUndefined();
    expect(step.support).toEqual([
      {
        heading: `Förderhinweise für Niveau 2: ${levelTexts['2'].title}`,
        items: [...levelTexts['2'].activities],
        level: '2',
      },
    ]);
  });

  it("says 'fällig seit' once the date has come, and nothing to support when every level was reached", () => {
    const step = nextStep(rowOf(result('AAAAAA', '2026-01-10', [7, 7, 7])), '2026-06-30', t);
    expect(step).toMatchObject({ retest: 'Erneut testen: fällig seit 04.04.2026', due: true, support: [] });
  });

  it('marks an unusual profile in the row and gives the Förderhinweise of the level not reached', () => {
    const row = rowOf(result('AAAAAA', '2026-06-10', [2, 7, 6]));
    expect(overviewCells(row, '2026-06-30', t)).toMatchObject({
      assigned: 'größer 3',
      unmet: 'Niveau 1 – ungewöhnliches Profil',
    });
    const step = nextStep(row, '2026-06-30', t);
    expect(step.unusual).toBe(
      'Ungewöhnliches Profil: Niveau 1 nicht erreicht, obwohl Niveau 2 und 3 erreicht – siehe „Letztes Ergebnis“.',
    );
    expect(step.support.map((group) => group.heading)).toEqual([
      `Förderhinweise für Niveau 1 (nicht erreicht): ${levelTexts['1'].title}`,
    ]);
  });

  it("marks a silent test ('ohne Ton'), one partly silent, a test ended early and the understanding recorded", () => {
    const silent = { ...result('AAAAAA', '2026-06-10', [6, 2, 1]), silentPrompts: { count: 23, total: 23 } };
    expect(nextStep(rowOf(silent), '2026-06-30', t).marks).toEqual(['ohne Ton']);
    const partly = {
      ...result('AAAAAA', '2026-06-10', [6, 2, 1]),
      silentPrompts: { count: 3, total: 23 },
      understanding: 'no' as const,
    };
    expect(nextStep(rowOf(partly), '2026-06-30', t).marks).toEqual([
      'teilweise ohne Ton (3 von 23 Texten)',
      'Sprachverständnis: nein',
    ]);
    const spoken = {
      ...result('AAAAAA', '2026-06-10', [6, 2, 1]),
      silentPrompts: { count: 0, total: 23 },
      understanding: 'yes' as const,
    };
    expect(nextStep(rowOf(spoken), '2026-06-30', t).marks).toEqual([]);
    const ended = {
      ...result('AAAAAA', '2026-06-10', [6, 0, 0]),
      endedEarly: { reason: 'unwell' as const, lastQuestion: 10 },
    };
    expect(nextStep(rowOf(ended), '2026-06-30', t).marks).toEqual(['vorzeitig beendet: müde']);
  });

  it('shows a bilingual profile side by side and says what a difference points to (docs/product.md §44)', () => {
    const turkish = result('AAAAAA', '2026-06-03', [5, 2, 0], 'tr');
    const german = { ...result('AAAAAA', '2026-06-10', [7, 5, 1], 'de'), language: 'de' };
    expect(nextStep(rowOf(turkish, german), '2026-06-30', t).bilingual).toEqual({
      // 'Türkisch (Entwurf)' while its texts are not all reviewed.
      pair: `${languageLabel('tr')}: Niveau 2 · Deutsch: Niveau 3`,
      note: 'Ein Unterschied zwischen den Sprachen weist auf die Sprache hin, nicht auf das Zahlverständnis.',
    });
    const sameLevel = { ...german, levels: turkish.levels, assignedLevel: turkish.assignedLevel };
    expect(nextStep(rowOf(turkish, sameLevel), '2026-06-30', t).bilingual?.note).toBe(
      'In beiden Sprachen dasselbe Niveau.',
    );
    expect(nextStep(rowOf(turkish), '2026-06-30', t).bilingual).toBeUndefined();
  });

  it('reads what a bilingual child still needs from the language it showed more in, and names both languages', () => {
    // Level 3 in Turkish, level 1 in German a week later: Förderbedarf from the Turkish test.
    const turkish = result('AAAAAA', '2026-06-03', [7, 5, 0], 'tr');
    const german = { ...result('AAAAAA', '2026-06-10', [2, 0, 0], 'de'), language: 'de' };
    const row = rowOf(turkish, german);
    expect(row.lastComplete?.submissionId).toBe('tr');
    expect(row.unmetLevels).toEqual([3]);
    const cells = overviewCells(row, '2026-06-30', t);
    expect(cells.language).toBe(`${languageLabel('tr')}, letzter Test: Deutsch`);
    expect(cells.assigned).toBe('1');
    expect(cells.unmet).toBe(`Niveau 3 · ${languageLabel('tr')}`);
  });

  it("offers German after 'Kind versteht die Sprache nicht' or 'Sprachverständnis: nein', not after a test in German", () => {
    const ended = {
      ...result('AAAAAA', '2026-06-10', [2, 0, 0]),
      endedEarly: { reason: 'language' as const, lastQuestion: 5 },
    };
    expect(nextStep(rowOf(ended), '2026-06-30', t).otherLanguage).toEqual({
      text: expect.stringContaining('Testen Sie es auf Deutsch oder in einer anderen Sprache'),
      offerGerman: true,
    });
    const notUnderstood = { ...result('AAAAAA', '2026-06-10', [2, 0, 0]), understanding: 'no' as const };
    expect(nextStep(rowOf(notUnderstood), '2026-06-30', t).otherLanguage?.offerGerman).toBe(true);
    expect(
      nextStep(rowOf({ ...notUnderstood, language: 'de' }), '2026-06-30', t).otherLanguage?.offerGerman,
    ).toBe(false);
    const tired = { ...ended, endedEarly: { reason: 'unwell' as const, lastQuestion: 5 } };
    expect(nextStep(rowOf(tired), '2026-06-30', t).otherLanguage).toBeUndefined();
  });
});
