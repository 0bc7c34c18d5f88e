import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { fullRun, USER } from '../results/test-fixtures';
import { buildResultDocument } from './use-result-document';

const t = i18n.t.bind(i18n);

describe("the results document of a test ended with 'Test beenden' (docs/product.md §38)", () => {
  it.each([
    ['unwilling', 'Kind möchte nicht mehr'],
    ['unwell', 'Kind ist müde oder unwohl'],
    ['language', 'Kind versteht die Sprache nicht'],
    ['disturbance', 'Störung von außen'],
    ['other', 'Anderer Grund'],
  ] as const)('names the reason %s as the dialog does', (reason, words) => {
    const doc = buildResultDocument(USER, fullRun([1, 2]).slice(0, 4), t, undefined, {
      reason,
      lastQuestion: 5,
    });
    expect(doc.endedEarly?.heading).toBe(`Vorzeitig beendet nach Frage 5 von 23: ${words}`);
    expect(doc.sitting.items[0]).toEqual({
      key: 'endedEarly',
      label: 'Vorzeitig beendet',
      value: `nach Frage 5 von 23: ${words}`,
    });
  });

  it('gives points to every level whose seven questions were all answered, and assigns none', () => {
    // Ended at question 18: levels 1 and 2 complete (5 and 6 of 7 right), level 3 one answer.
    const answers = fullRun([1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 17]).slice(0, 17);
    const doc = buildResultDocument(USER, answers, t, undefined, { reason: 'unwilling', lastQuestion: 18 });
    expect(doc.levels.rows.map((row) => [row.points, row.achievedText])).toEqual([
      ['5 von 7', 'ja'],
      ['6 von 7', 'ja'],
      ['nicht vollständig bearbeitet', '–'],
    ]);
    expect(doc.levels.total.points).toBe('11 von 14');
    expect(doc.levels.assigned.value).toBe('keines (Test vorzeitig beendet)');
    expect(doc.unusualProfile).toBeUndefined();
    expect(doc.meanings.activities).toEqual([]);
    expect(doc.meanings.levels.some((level) => level.assigned)).toBe(false);
    const notReached = doc.questions.rows.filter((row) => row.state === 'not-reached');
    expect(notReached.map((row) => row.number)).toEqual(['18', '19', '20', '21', '22', '23']);
    expect(notReached.every((row) => row.given === 'nicht bearbeitet' && row.points === '–')).toBe(true);
    expect(doc.questions.rows.map((row) => Number(row.number))).toEqual(
      Array.from({ length: 23 }, (_, index) => index + 1),
    );
  });

  it('leaves a test run to its end as it was', () => {
    const doc = buildResultDocument(USER, fullRun([1, 2]), t, undefined, null);
    expect(doc.endedEarly).toBeUndefined();
    expect(doc.questions.rows.some((row) => row.state === 'not-reached')).toBe(false);
  });
});
