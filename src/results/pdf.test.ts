import { type ExecFileSyncOptions, execFileSync as exec } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { questions } from 'virtual:zaehltest-content';
import { levels } from 'virtual:zaehltest-levels';
import type { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import type { ChildLanguage } from '../content/types';
import { i18n } from '../i18n';
import { de } from '../i18n/de';
import { buildResultDocument, type ShownAnswer } from '../screens/use-result-document';
import type { UserData } from '../store/types';
import { renderResultPdf } from './pdf';
import { prepareArabic } from './pdf-setup';

/**
 * The results PDF of a full test, drawn by the real jsPDF with the real fonts and content, read back
 * with poppler (pdftotext, pdfinfo) the way a person's PDF viewer would. Pages land as PNG in
 * test-artifacts/pdf-text/ to be looked at.
 */

/** Poppler warns on stderr about jsPDF's 'Adobe-Identity' CID collection; the text is read all the same. */
function execFileSync(command: string, args: string[], options: ExecFileSyncOptions = {}): string {
  return String(exec(command, args, { stdio: ['ignore', 'pipe', 'ignore'], ...options }));
}

const ARTIFACTS = join(import.meta.dirname, '../../test-artifacts/pdf-text');
const WRONG_IDS = new Set([6, 13, 14, 16, 17, 18, 23]);
const NAMES: Record<ChildLanguage, string> = { tr: 'Ayşe Yılmaz', ar: 'Ali Haddad', ro: 'Ștefan Țurcanu' };

function fullRun(language: ChildLanguage): ShownAnswer[] {
  return questions.map((q) => ({
    question: { id: q.id, level: q.level, answerType: q.answerType, currentTexts: q.texts[language] },
    givenAnswer: String(WRONG_IDS.has(q.id) ? q.correctAnswer + 1 : q.correctAnswer),
    correct: !WRONG_IDS.has(q.id),
    responseTimeMs: 1800 + q.id * 100,
    ...('timerInterval' in q ? { exposureMs: 1500 } : {}),
    ...(q.level === 0 ? { tries: 2 } : {}),
    ...(q.id === 12 ? { interrupted: true } : {}),
    ...(q.id === 2 ? { prompt: { source: 'synthesis' as const, replays: 1 } } : {}),
    answeredAt: '2026-11-20T09:30:00.000Z',
  }));
}

const USER_TR: UserData = {
  name: NAMES.tr ?? '',
  birthdate: '2019-03-07',
  school: 'Grundschule',
  schoolLevel: '1',
  language: 'tr',
};

function render(language: ChildLanguage) {
  const user: UserData = { ...USER_TR, name: NAMES[language] ?? 'Kind', language };
  const doc = buildResultDocument(user, fullRun(language), i18n.t);
  const pdf = renderResultPdf(doc, { pageLabel: (page, pages) => `Seite ${page} von ${pages}` });
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `result-${language}.pdf`);
  const bytes = new Uint8Array(pdf.output('arraybuffer'));
  writeFileSync(file, bytes);
  const pages = Number(execFileSync('pdfinfo', [file], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1]);
  const pageTexts = Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), '-layout', file, '-'], {
      encoding: 'utf8',
    }),
  );
  execFileSync('pdftoppm', ['-r', '70', '-png', file, join(ARTIFACTS, `result-${language}`)]);
  const raw = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  return { bytes: bytes.byteLength, pages, pageTexts, text: raw.replace(/\s+/g, ' '), file };
}

describe('the results PDF', () => {
  for (const language of ['tr', 'ro', 'ar'] as const) {
    it(`(${language}) is searchable text: name, level table, legend, Förderhinweise and every German question text`, {
      timeout: 30_000,
    }, () => {
      const { bytes, pages, pageTexts, text, file } = render(language);
      expect(bytes).toBeLessThanOrEqual(200_000);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Page size:\s+595\.2\d* x 836\.2\d* pts/);
      expect(pages).toBeGreaterThanOrEqual(2);
      for (const [index, page] of pageTexts.entries()) {
        expect(page, `page ${index + 1}`).toContain(
          `Zähltest – Ergebnis von ${NAMES[language]} – Test vom 20.11.2026`,
        );
        expect(page, `page ${index + 1}`).toContain(`Seite ${index + 1} von ${pages}`);
      }
      expect(text).toContain(`Name ${NAMES[language]}`.toUpperCase().slice(0, 4));
      expect(text).toContain(NAMES[language]);
      // The level table: level 1 6/7 reached, 2 and 3 4/7 → assigned level 2.
      expect(pageTexts[0]).toMatch(/1\s+6 von 7\s+✓\s*ja/);
      expect(pageTexts[0]).toMatch(/2\s+4 von 7\s+✗\s*nein/);
      expect(pageTexts[0]).toMatch(/Gesamt\s+14 von 21/);
      expect(pageTexts[0]).toMatch(/Zugeordnetes Niveau\s+2/);
      expect(text).toContain('mindestens 65 % der Fragen dieses Niveaus richtig beantwortet (5 von 7)');
      expect(text).toContain('Der Zähltest ist ein Screening, keine Diagnose.');
      expect(text).toContain(
        'Förderhinweise für Niveau 2: Zahlen ordnen und vergleichen (ordinaler Zahlenstrahl)',
      );
      expect(text).toContain('Niveau 3: Mengen zerlegen und zusammensetzen (Kardinalität und Zerlegbarkeit)');
      for (const q of questions) {
        for (const part of [q.texts.de.situationText, q.texts.de.questionText]) {
          expect(text, `question ${q.id}`).toContain(part.replace(/\s+/g, ' '));
        }
      }
      expect(text).toContain('2 Versuche');
      expect(text).toContain('unterbrochen');
      expect(text).toContain('Ton: Gerätestimme');
    });
  }

  it("tells an unusual profile, the sitting and the Einrichtungskennung, with every level's Förderhinweise not reached", {
    timeout: 30_000,
  }, () => {
    // Issue 35's child: level 1 at 1 of 7, level 2 at 7 of 7, level 3 at 5 of 7 → 'größer 3' by the rule.
    const right = new Set([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    const answers = fullRun('tr').map(
      (record): ShownAnswer => ({
        ...record,
        correct: record.question.level === 0 || right.has(record.question.id),
        prompt: { source: 'none', replays: 0 },
        ...(record.question.id === 3 ? { noAnswer: true } : {}),
        ...(record.question.id === 11 ? { exposuresMs: [1500, 1503] } : {}),
      }),
    );
    const doc = buildResultDocument(USER_TR, answers, i18n.t, 'KITA-017');
    const pdf = renderResultPdf(doc, { pageLabel: (page, pages) => `Seite ${page} von ${pages}` });
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, 'result-unusual.pdf');
    writeFileSync(file, new Uint8Array(pdf.output('arraybuffer')));
    execFileSync('pdftoppm', [
      '-r',
      '70',
      '-png',
      '-f',
      '1',
      '-l',
      '2',
      file,
      join(ARTIFACTS, 'result-unusual'),
    ]);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toMatch(/EINRICHTUNGSKENNUNG .*KITA-017/);
    expect(text).toMatch(/Zugeordnetes Niveau größer 3/);
    expect(text).toContain('Ungewöhnliches Profil');
    expect(text).toContain('Niveau 1 nicht erreicht, obwohl Niveau 2 und 3 erreicht: ungewöhnliches Profil.');
    expect(text).toContain('Was es bedeuten kann:');
    expect(text).toContain('Was zu tun ist:');
    expect(text).toContain(`Förderhinweise für Niveau 1 (nicht erreicht): ${levels['1'].title}`);
    expect(text).not.toMatch(/alle drei Niveaus erreicht/i);
    expect(text).toContain('Ablauf des Tests');
    expect(text).toMatch(/Ton ohne Ton: bei keiner der 23 Aufgaben etwas vorgelesen/);
    expect(text).toMatch(/Keine Antwort 1 \(Nr\. 3\)/);
    expect(text).toMatch(/Bild nochmal gezeigt 1 \(Nr\. 11\)/);
    expect(text).toMatch(/Unterbrochen 1 \(Nr\. 12\)/);
    expect(text).toContain('Bild 1500 + 1503 ms · Bild nochmal gezeigt');
  });

  it('keeps Turkish and Romanian letters and the child texts', { timeout: 30_000 }, () => {
    const tr = render('tr').text;
    const trQuestion = questions.find((q) => q.id === 2)!.texts.tr.questionText;
    expect(tr).toContain(trQuestion.replace(/\s+/g, ' '));
    const ro = render('ro').text;
    expect(ro).toContain('Ștefan Țurcanu');
  });

  it('draws Arabic as shaped letters, right to left', { timeout: 30_000 }, () => {
    const { text } = render('ar');
    // Shaped text consists of presentation forms (U+FB50–U+FEFF), not of the unjoined letters.
    expect(text).toMatch(/[\uFE70-\uFEFC]{3}/);
  });

  it('prepares Arabic for the shaper: no vowel marks, no joining into punctuation', () => {
    expect(prepareArabic('عددتُ بشكلٍ صحيح؟')).toBe('عددت بشكل صحيح\u200C؟');
    expect(prepareArabic('واحد، اثنان')).toBe('واحد\u200C، اثنان');
  });

  it('has a glyph for every character it can draw: UI strings, levels, names and all question texts', () => {
    const pdf = renderResultPdf(buildResultDocument(USER_TR, fullRun('tr'), i18n.t), { pageLabel: () => '' });
    const codeMap = (family: string, style: string) => {
      pdf.setFont(family, style);
      const font = pdf.getFont() as unknown as {
        metadata: { cmap: { unicode: { codeMap: Record<number, number> } } };
      };
      return font.metadata.cmap.unicode.codeMap;
    };
    const missingIn = (map: Record<number, number>, texts: string[]) =>
      [...new Set(texts.join('').replace(/\s/g, ''))].filter((char) => !map[char.codePointAt(0)!]);
    const latinTexts = [
      ...strings(de.result),
      ...strings(levels),
      ...questions.flatMap((q) => [q.texts.de, q.texts.tr, q.texts.ro].flatMap(strings)),
      ...Object.values(NAMES),
      'İğdır ✓ ✗',
    ];
    expect(missingIn(codeMap('ZaehltestSans', 'normal'), latinTexts)).toEqual([]);
    expect(missingIn(codeMap('ZaehltestSans', 'bold'), latinTexts)).toEqual([]);
    // Arabic as drawn: prepared, then shaped into presentation forms by jsPDF.
    const shaped = questions.flatMap((q) =>
      strings(q.texts.ar).map((text) =>
        (pdf as jsPDF & { processArabic(text: string): string }).processArabic(prepareArabic(text)),
      ),
    );
    expect(missingIn(codeMap('ZaehltestArabic', 'normal'), shaped)).toEqual([]);
  });
});

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}
