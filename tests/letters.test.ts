import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type Session, screenshotAtSizes } from './support/browser.ts';
import { LETTER_CONTROLLER } from './support/build-app.ts';
import { storedChild as child, daysAgo, storedResult as result, seed } from './support/children-seed.ts';
import { loadQuestions, login, waitForScreen } from './support/flow.ts';
import { pdfText } from './support/pdf.ts';
import { finishedSession, openSeeded } from './support/seed.ts';

/**
 * The letters to the parents (docs/product.md, "Elternbrief und Ergebnisbrief") in Chromium against
 * the built app: the Elternbrief of a Turkish and of an Arabic child from the Gruppenübersicht, the
 * blank one from the children list, and the Ergebnisbrief from the results page. Each PDF is read
 * with poppler: the text is searchable in both languages, Arabic stands right-aligned in the right
 * column, and no word lies outside the page's printable box. The PNGs of every language's letter
 * land in test-artifacts/ (pdftoppm) to be looked at.
 */

const baseURL = inject('baseURL');
const AMAL = 'أمل حداد';
/** A4 in PostScript points, and the letter's 16 mm margin less a little for rounding. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = (16 / 25.4) * 72 - 2;

let session: Session;
let page: Page;
let work: string;

beforeAll(async () => {
  session = await openBrowser();
  page = session.page;
  work = await mkdtemp(join(tmpdir(), 'zaehltest-letters-'));
  await login(page, baseURL);
  await seed(page, {
    children: [child('AMAL23', AMAL, 'ar', '2020-05-01'), child('ZEYNEP', 'Zeynep Kaya', 'tr', '2021-01-15')],
    results: [result('ZEYNEP', daysAgo(20), 'tr', [6, 3, 1])],
  });
});

afterAll(async () => {
  await session?.close();
  await rm(work, { recursive: true, force: true });
});

interface Word {
  page: number;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  text: string;
}

/** Every word of a PDF with its box (pdftotext -bbox), per page. */
function words(pdf: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', pdf, '-'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const found: Word[] = [];
  let pageNumber = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) pageNumber++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(
      line,
    );
    if (match) {
      const [, xMin, yMin, xMax, yMax, text] = match;
      found.push({ page: pageNumber, xMin: +xMin!, yMin: +yMin!, xMax: +xMax!, yMax: +yMax!, text: text! });
    }
  }
  return found;
}

/** Clicks `button`, saves the download and returns its path and file name. */
async function download(button: Locator, name: string): Promise<{ path: string; fileName: string }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
  const path = join('test-artifacts', `letter-${name}.pdf`);
  await file.saveAs(path);
  // Looked at by hand: every page as a PNG beside the screenshots.
  execFileSync('pdftoppm', ['-png', '-r', '60', path, join('test-artifacts', `letter-${name}`)], {
    stdio: 'ignore',
  });
  return { path, fileName: file.suggestedFilename() };
}

/** No word outside the printable box of its page. */
function expectInsidePage(pdf: string) {
  const all = words(pdf);
  expect(all.length).toBeGreaterThan(100);
  const outside = all.filter(
    (word) =>
      word.xMin < MARGIN || word.xMax > PAGE.width - MARGIN || word.yMin < 20 || word.yMax > PAGE.height - 15,
  );
  expect(outside, 'words outside the page box').toEqual([]);
}

async function openChild(name: string) {
  if ((await page.locator('.overview-table').count()) === 0) {
    await page.getByRole('button', { name: 'Gruppenübersicht' }).click();
    await waitForScreen(page, 'overview');
  }
  await page.getByRole('button', { name: `Verlauf von ${name}` }).click();
  return page.getByRole('dialog');
}

describe('the letters to the parents', () => {
  it('the Elternbrief of a Turkish child: German and Turkish side by side, the facts filled in, searchable', async () => {
    const dialog = await openChild('Zeynep Kaya');
    await screenshotAtSizes(page, 'letters-child-dialog');
    const { path, fileName } = await download(
      dialog.getByRole('button', { name: /^Elternbrief für Zeynep Kaya/ }),
      'tr',
    );
    expect(fileName).toBe('Elternbrief_Zeynep Kaya_15.01.2021.pdf');
    const text = pdfText(path);
    // German and Turkish, the same section side by side.
    expect(text).toContain('Wer ist verantwortlich?');
    expect(text).toContain('Sorumlu kim?');
    expect(text).toContain('Ihre Rechte');
    expect(text).toContain('Haklarınız');
    // The facts: the responsible body from the build, a blank line for the unset contact, the periods.
    expect(text).toContain(LETTER_CONTROLLER);
    expect(text).toMatch(/beantwortet: _{10,}/);
    expect(text).toContain('18 Monate lang nicht getestet');
    expect(text).toContain('60 Monate nach dem letzten Test');
    expect(text).toContain('18 ay boyunca');
    // What is collected comes from the upload schema: the child code, never the name.
    expect(text).toContain('ein Kind-Code aus 6 Zeichen statt des Namens');
    expect(text).toContain('die Antworten auf die Aufgaben, mit Antwortzeiten');
    // The consent form with the child's name, and the unreviewed translation marked.
    expect(text).toContain('Zeynep Kaya');
    expect(text).toContain('Unterschrift der Eltern oder Sorgeberechtigten');
    expect(text).toContain('Entwurf – Übersetzung nicht geprüft');
    expectInsidePage(path);
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();
  });

  it('the Elternbrief of an Arabic child: the Arabic column right to left, right-aligned', async () => {
    const dialog = await openChild(AMAL);
    const { path } = await download(dialog.getByRole('button', { name: /^Elternbrief für / }), 'ar');
    const text = pdfText(path).normalize('NFKC');
    expect(text).toContain('Ihre Rechte');
    // jsPDF writes Arabic as shaped presentation forms; NFKC gives the letters back.
    expect(text).toContain('حقوقكم');
    expect(text).toContain('الموافقة');
    // The child's name on the consent form, in the Arabic-script font.
    expect(text).toContain('أمل حداد');
    const all = words(path);
    const arabic = all.filter((word) => /[\u0600-\u06ff\ufb50-\ufeff]/.test(word.text) && word.page === 1);
    expect(arabic.length).toBeGreaterThan(20);
    // Every Arabic word in the right half; the lines end at the right margin (right-aligned).
    const middle = PAGE.width / 2;
    expect(arabic.every((word) => word.xMin >= middle - 1)).toBe(true);
    const rightEdge = Math.max(...arabic.map((word) => word.xMax));
    expect(rightEdge).toBeGreaterThan(PAGE.width - MARGIN - 10);
    // The heading beside 'Ihre Rechte' ends at the right margin.
    const rights = all.find((word) => word.text === 'Rechte')!;
    const beside = arabic.filter((word) => Math.abs(word.yMin - rights.yMin) < 3);
    expect(beside.length).toBeGreaterThan(0);
    expect(Math.max(...beside.map((word) => word.xMax))).toBeGreaterThan(PAGE.width - MARGIN - 10);
    expectInsidePage(path);
    await page.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();
  });

  it('the blank Elternbrief for a parents’ evening: no name, in the chosen language', async () => {
    await page.getByRole('button', { name: 'Zurück zu den Angaben' }).click();
    await waitForScreen(page, 'userdata');
    await page.getByRole('button', { name: 'Elternbrief ohne Namen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Elternbrief ohne Namen' });
    await dialog.getByLabel('Sprache der Familie').selectOption('ro');
    await screenshotAtSizes(page, 'letters-blank-dialog');
    const { path, fileName } = await download(
      dialog.getByRole('button', { name: 'Als PDF speichern' }),
      'ro',
    );
    expect(fileName).toBe('Elternbrief_ro.pdf');
    const text = pdfText(path);
    expect(text).toContain('Name des Kindes');
    expect(text).toContain('Numele copilului');
    expect(text).not.toContain('Zeynep');
    expect(text).toContain('Drepturile dumneavoastră');
    expectInsidePage(path);
    // Every other language, to be looked at (test-artifacts/letter-*.png).
    for (const language of ['uk', 'de', 'tr', 'ar']) {
      await dialog.getByLabel('Sprache der Familie').selectOption(language);
      const blank = await download(
        dialog.getByRole('button', { name: 'Als PDF speichern' }),
        `blank-${language}`,
      );
      expectInsidePage(blank.path);
    }
    await dialog.getByRole('button', { name: 'Schließen' }).click();
  });

  it('the Elternbrief from the details of a chosen child, in the language the form shows', async () => {
    await page.getByRole('button', { name: 'Kind auswählen: Zeynep Kaya' }).click();
    const button = page.getByRole('button', { name: /^Elternbrief für Zeynep Kaya \(Deutsch und Türkisch/ });
    await button.waitFor();
    await screenshotAtSizes(page, 'letters-details', {
      fullPage: false,
      before: () => button.scrollIntoViewIfNeeded(),
    });
    const { path } = await download(button, 'details-tr');
    const text = pdfText(path);
    expect(text).toContain('Zeynep Kaya');
    expect(text).toContain('Haklarınız');
    expectInsidePage(path);
  });

  it('the Ergebnisbrief after a test: the level as "arbeitet gerade an", three play ideas, no diagnosis', async () => {
    // Every answer right up to level 2: level 1 and 2 reached, the child works on level 3.
    const level3 = new Set(
      loadQuestions()
        .filter((q) => q.level === 3)
        .map((q) => q.id),
    );
    await openSeeded(
      page,
      baseURL,
      finishedSession({ user: { language: 'tr', name: 'Emre Demir' }, wrong: level3 }),
    );
    await screenshotAtSizes(page, 'letters-result-page', { fullPage: false });
    const { path, fileName } = await download(
      page.getByRole('button', { name: /^Ergebnisbrief für die Eltern/ }),
      'result-tr',
    );
    expect(fileName).toMatch(/^Ergebnisbrief_Emre Demir_/);
    const text = pdfText(path);
    expect(text).toContain('Ergebnisbrief zum Zähltest');
    expect(text).toContain('Zähltest sonuç mektubu');
    expect(text).toContain('keine Diagnose');
    expect(text).toContain('Emre Demir arbeitet gerade an: Mengen zerlegen und zusammensetzen.');
    expect(text).toContain(
      'Emre Demir şu anda şunun üzerinde çalışıyor: Miktarları ayırmak ve birleştirmek.',
    );
    expect(text).toContain('Obst teilen');
    expect(text).toContain('Schüttelbox');
    expect(text).toContain('Fingerbilder');
    expect(text).not.toContain('Rechengeschichten im Alltag');
    // The same three play ideas in Turkish, from content/levels.yaml.
    expect(text).toContain('Meyve paylaşmak');
    expect(text).toContain('Sallama kutusu');
    expect(text).toContain('Parmak resimleri');
    expect(text).not.toContain('Almanca yazılıdır');
    expectInsidePage(path);
    // Every other language, to be looked at (test-artifacts/letter-result-*.png).
    for (const language of ['ar', 'ro', 'uk', 'de']) {
      // The Arabic child's name in Arabic script: the German column, whose font has no Arabic
      // letters, says 'Ihr Kind'; the Arabic column has the name.
      const name = language === 'ar' ? 'أمل' : 'Amal';
      await openSeeded(page, baseURL, finishedSession({ user: { language, name }, wrong: level3 }));
      const letter = await download(
        page.getByRole('button', { name: /^Ergebnisbrief für die Eltern/ }),
        `result-${language}`,
      );
      const text = pdfText(letter.path).normalize('NFKC');
      expect(text).toContain(
        `${language === 'ar' ? 'Ihr Kind' : name} arbeitet gerade an: Mengen zerlegen und zusammensetzen.`,
      );
      if (language === 'ar') expect(text).toContain('أمل');
      expectInsidePage(letter.path);
    }
  });
});
