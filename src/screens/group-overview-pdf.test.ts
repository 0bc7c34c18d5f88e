import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OverviewCells } from './group-overview-model';
import { renderOverviewPdf } from './group-overview-pdf';

const ARTIFACTS = join(import.meta.dirname, '../../test-artifacts/pdf-text');

function cells(name: string, language: string): OverviewCells {
  return {
    name,
    age: '6 Jahre',
    language,
    lastTest: '20.11.2026',
    level1: '1 von 7',
    level2: '7 von 7',
    level3: '5 von 7',
    assigned: 'größer 3',
    unmet: 'Niveau 1',
    retest: '12.02.2027',
  };
}

describe("the Gruppenübersicht's PDF", () => {
  it("draws each name in its language's direction and font, Arabic and Latin letters alike", {
    timeout: 30_000,
  }, () => {
    const pdf = renderOverviewPdf(
      [
        {
          cells: cells('علي حداد', 'Arabisch'),
          needsSupport: true,
          dir: 'rtl',
          next: {
            retest: 'Erneut testen ab 12.02.2027',
            due: false,
            marks: ['ohne Ton'],
            unusual: 'Ungewöhnliches Profil: Niveau 1 nicht erreicht, obwohl Niveau 2 und 3 erreicht',
            support: [
              {
                heading: 'Förderhinweise für Niveau 1 (nicht erreicht): Mengen erfassen',
                items: ['Würfelbilder zeigen', 'Finger zählen'],
              },
            ],
          },
        },
        { cells: cells('Ayşe Yılmaz', 'Arabisch'), needsSupport: true, dir: 'rtl' },
        { cells: cells('Ștefan Țurcanu', 'Rumänisch'), needsSupport: false, dir: 'ltr' },
      ],
      {
        title: 'Zähltest – Gruppenübersicht',
        date: 'Stand: 28.11.2026',
        filter: 'Filter: alle Sprachen',
        columns: [
          'Name',
          'Alter',
          'Sprache',
          'Letzter Test',
          'Niveau 1',
          'Niveau 2',
          'Niveau 3',
          'Zugeordnetes Niveau',
          'Noch nicht erreicht',
          'Nächster Schritt',
        ],
        disclaimer: 'Der Zähltest ist ein Screening, keine Diagnose.',
        pageLabel: (page, pages) => `Seite ${page} von ${pages}`,
      },
    );
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, 'overview.pdf');
    writeFileSync(file, new Uint8Array(pdf.output('arraybuffer')));
    execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', file, join(ARTIFACTS, 'overview')]);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // Shaped Arabic comes out as presentation forms; the Latin names keep every letter.
    expect(text).toMatch(/[\uFE70-\uFEFC]{3}/);
    expect(text).toContain('Ayşe Yılmaz');
    expect(text).toContain('Ștefan Țurcanu');
    expect(text).toContain('Seite 1 von 1');
    // A header word wider than its column is drawn smaller, never broken inside the word.
    expect(text).toContain('Zugeordnetes');
    expect(text).toContain('20.11.2026');
    expect(text).not.toMatch(/Zugeordnete\s+s/);
    expect(text).toContain('Erneut testen ab 12.02.2027');
    expect(text).toContain('ohne Ton');
    expect(text).toMatch(
      /Förderhinweise für Niveau 1 \(nicht erreicht\): Mengen erfassen: Würfelbilder zeigen · Finger/,
    );
    expect(text).toContain('Der Zähltest ist ein Screening, keine Diagnose.');
  });
});
