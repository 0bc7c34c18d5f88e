import { describe, expect, it } from 'vitest';
import { child, result } from '../children/test-fixtures';
import { i18n } from '../i18n';
import { childAuskunft } from './child-auskunft';

const t = i18n.t.bind(i18n);
const NOW = new Date('2026-11-29T10:00:00');

/** The Auskunft's lines as 'label: value', per section heading. */
function lines(doc: ReturnType<typeof childAuskunft>): Record<string, string[]> {
  return Object.fromEntries(
    doc.sections.map((section) => [
      section.heading,
      section.lines.map((line) => `${line.label}: ${line.value}`),
    ]),
  );
}

describe('the Auskunft of the tablet (Art. 15 DSGVO, docs/product.md §48)', () => {
  it('says that no consent is recorded and that no test is kept, for a child added without a test', () => {
    const doc = childAuskunft(child({ birthDate: '' }), [], t, NOW);
    expect(lines(doc)['Einwilligung der Eltern']).toEqual([
      'Datum der Einwilligung: Keine Einwilligung erfasst.',
      'Mit den Ergebnissen gesendet: unbekannt',
    ]);
    expect(lines(doc)['Das Kind']).toContain('Geburtsdatum: –');
    expect(doc.noTests).toBe('Auf diesem Gerät ist kein Test dieses Kindes gespeichert.');
    expect(doc.subtitle).toBe('Auf diesem Gerät gespeichert · erstellt am 29.11.2026');
  });

  it('lists the consent in force and every test with its date, language, level and points', () => {
    const consent = { date: '2026-09-14', screening: true, research: true };
    const early = {
      ...result('K7M3QX', '2026-10-01', [6, 1, 0]),
      endedEarly: { reason: 'unwell' as const, lastQuestion: 9 },
    };
    const doc = childAuskunft(
      child({ consent }),
      [early, result('K7M3QX', '2026-11-20', [7, 7, 7])],
      t,
      NOW,
      'KITA-017',
    );
    const all = lines(doc);
    expect(all['Das Kind']).toContain('Einrichtungskennung des Geräts: KITA-017');
    expect(all['Einwilligung der Eltern']).toEqual([
      'Datum der Einwilligung: 14.09.2026',
      'Screening: ja',
      'Forschung: ja',
      'Widerrufen am: –',
      'Mit den Ergebnissen gesendet: ja',
    ]);
    const [first, second] = doc.sections.slice(2).map((section) => section.lines);
    expect(first).toContainEqual({ label: 'Vorzeitig beendet', value: 'Kind ist müde oder unwohl' });
    // A test ended early assigns no level (docs/product.md §38).
    expect(first).toContainEqual({ label: 'Zugeordnetes Niveau', value: '–' });
    expect(second).toContainEqual({ label: 'Testdatum', value: '20.11.2026' });
    expect(second).toContainEqual({ label: 'Punkte Niveau 1 / 2 / 3', value: '7/7 · 7/7 · 7/7' });
    expect(doc.noTests).toBeUndefined();
  });
});
