import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import type { ResultPayload } from '../schemas/result-payload.ts';
import { openBrowser, type Session, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import { ROOT } from './support/build-app.ts';
import {
  answerCorrectly,
  type ContentQuestion,
  enterUserData,
  HOME_LANGUAGES,
  jumpTo,
  type Lang,
  loadQuestions,
  login,
  moveDots,
  persistedSession,
  STORAGE_KEY,
  storedSession,
  tapStart,
  unlock,
  waitForNextScreen,
  waitForScreen,
} from './support/flow.ts';
import { finishedSession, openSeeded } from './support/seed.ts';
import { stubSpeechSynthesis } from './support/speech-stub.ts';

/**
 * The educator understands the child (docs/product.md §31): the number words of the child's
 * language, 'Weiß nicht', instructions that match the scoring, the start screen's checklist, level
 * texts for parents, spoken numbers without a full stop, an educator's bar nothing covers, and
 * the words on the cancel dialog, the form and the access screen.
 */
const baseURL = inject('baseURL');
const questions = loadQuestions();
const byId = new Map(questions.map((q) => [q.id, q]));
const PHONE = { width: 390, height: 844 } as const;
const PHONE_LANDSCAPE = { width: 844, height: 390 } as const;
const SIZES = [
  ['1024x768', TABLET],
  ['768x1024', TABLET_PORTRAIT],
  ['390x844', PHONE],
  ['844x390', PHONE_LANDSCAPE],
] as const;

type Pack = { numberWords: { word: string; say: string }[] };
const pack = (language: string): Pack =>
  parse(readFileSync(join(ROOT, `content/languages/${language}.yaml`), 'utf8')) as Pack;

let session: Session | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

async function open(options: Parameters<typeof openBrowser>[0] = {}) {
  session = await openBrowser(options);
  const errors: string[] = [];
  const uploads: ResultPayload[] = [];
  session.page.on('pageerror', (error) => errors.push(String(error)));
  session.page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/results')) {
      uploads.push(JSON.parse(request.postData() ?? '{}') as ResultPayload);
    }
  });
  return { page: session.page, errors, uploads };
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** What must never overlap on a question screen, by name, as the educator finds it. */
function barParts(page: Page): Record<string, Locator> {
  return {
    speaker: page.getByRole('button', { name: 'Nochmal vorlesen' }),
    progress: page.getByTestId('educator-progress'),
    line: page.getByTestId('educator-line'),
    cancel: page.getByRole('button', { name: 'Test abbrechen' }),
    end: page.getByRole('button', { name: 'Test beenden' }),
    numberWords: page.getByRole('button', { name: 'Zahlwörter' }),
    noAnswer: page.getByRole('button', { name: 'Weiß nicht' }),
  };
}

/** The boxes of the bar's parts on screen (absent ones left out). */
async function barBoxes(page: Page): Promise<Record<string, Box>> {
  const boxes: Record<string, Box> = {};
  for (const [name, locator] of Object.entries(barParts(page))) {
    if ((await locator.count()) === 0) continue;
    const box = await locator.boundingBox();
    if (box) boxes[name] = box;
  }
  return boxes;
}

/**
 * Marks the bar's parts on the question on screen (data-bar-part), so that each size can then be
 * read in one step: at the top and scrolled to the end, where the educator reads the bar too.
 */
async function markBarParts(page: Page): Promise<string[]> {
  const marked: string[] = [];
  for (const [name, locator] of Object.entries(barParts(page))) {
    const n = await locator.evaluateAll((elements, part) => {
      for (const element of elements) (element as HTMLElement).dataset.barPart = part;
      return elements.length;
    }, name);
    if (n > 0) marked.push(name);
  }
  return marked;
}

/** The marked parts' boxes at the top of the page and scrolled to its end (zero-sized ones left out). */
async function markedBarBoxes(page: Page): Promise<{ top: Record<string, Box>; end: Record<string, Box> }> {
  return page.evaluate(() => {
    const read = () => {
      const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
      for (const element of document.querySelectorAll<HTMLElement>('[data-bar-part]')) {
        const { x, y, width, height } = element.getBoundingClientRect();
        if (width > 0 || height > 0) boxes[element.dataset.barPart ?? ''] = { x, y, width, height };
      }
      return boxes;
    };
    const top = read();
    window.scrollTo(0, document.documentElement.scrollHeight);
    const end = read();
    window.scrollTo(0, 0);
    return { top, end };
  });
}

function overlaps(boxes: Record<string, Box>): string[] {
  const names = Object.keys(boxes);
  const found: string[] = [];
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) if (overlap(boxes[a]!, boxes[b]!)) found.push(`${a} × ${b}`);
  }
  return found;
}

describe("'Zahlwörter'", () => {
  it.each([
    ['tr', 7, 'yedi', 'je-di'],
    ['ar', 7, 'سبعة', 'ssab-a'],
    ['ro', 12, 'doisprezece', 'dojs-pre-se-tsche (oft: dojsch-pe)'],
  ] as const)(
    'shows the %s number words 0–20 beside the task, never spoken, closed with one tap',
    async (language, number, word, say) => {
      const { page, errors } = await open();
      await stubSpeechSynthesis(session!.context, [
        { lang: 'tr-TR', name: 'Yelda' },
        { lang: 'ar-SA', name: 'Maged' },
        { lang: 'ro-RO', name: 'Ioana' },
      ]);
      await jumpTo(page, baseURL, [2], language as Lang);
      await waitForNextScreen(page);
      const button = page.getByRole('button', { name: 'Zahlwörter' });
      await button.click();
      const list = page.getByRole('region', { name: /^Zahlwörter auf / });
      await list.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      const items = list.locator('li');
      expect(await items.count()).toBe(21);
      const entry = items.nth(number);
      expect(await entry.locator('.number-word-digit').textContent()).toBe(String(number));
      expect(await entry.locator('.number-word-word').textContent()).toBe(word);
      expect(await entry.locator('.number-word-say').textContent()).toBe(say);
      expect(await items.nth(0).locator('.number-word-word').textContent()).toBe(
        pack(language).numberWords[0]?.word,
      );
      // Beneath the child's task, never over it, at every size.
      for (const [name, size] of SIZES) {
        await page.setViewportSize(size);
        const task = await page.locator('.question').first().boundingBox();
        const panel = await list.boundingBox();
        expect(task && panel && overlap(task, panel), name).toBe(false);
        expect(overlaps(await barBoxes(page)), name).toEqual([]);
        await screenshot(page, `number-words-${language}-${name}`);
      }
      await page.setViewportSize(TABLET);
      // Never spoken: the voice said the task, nothing of the list.
      const spoken: string[] = await page.evaluate(() =>
        (window as unknown as { __speechLog: { spoken: { text: string }[] } }).__speechLog.spoken.map(
          (s) => s.text,
        ),
      );
      const taskTexts = Object.values(byId.get(2)!.texts[language]!);
      expect(spoken.length).toBeGreaterThan(0);
      for (const text of spoken) expect(taskTexts).toContain(text);
      expect(spoken.some((text) => text.includes(say))).toBe(false);
      // One tap closes it.
      await button.click();
      expect(await list.count()).toBe(0);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.click();
      await page.getByRole('button', { name: 'Schließen' }).click();
      expect(await list.count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});

describe("'Weiß nicht'", () => {
  it("asks first, records 'keine Antwort' scored 0, shows it on the results page and in the PDF, and sends its own flag", async () => {
    const { page, errors, uploads } = await open();
    await jumpTo(page, baseURL, [7, 2, 17], 'ar');
    // Practice questions are not scored: no 'Weiß nicht'.
    await waitForNextScreen(page);
    expect(await page.getByRole('button', { name: 'Weiß nicht' }).count()).toBe(0);
    await answerCorrectly(page, byId.get(7)!);
    await waitForNextScreen(page);

    // A stray tap records nothing: it asks, and 'Zurück zur Frage' goes back.
    await page.getByRole('button', { name: 'Weiß nicht' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Keine Antwort eintragen?' });
    await ask.waitFor();
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      // The dialog covers the speaker button too.
      const speaker = await page.getByRole('button', { name: 'Nochmal vorlesen' }).boundingBox();
      const onTop = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('.educator-backdrop') !== null,
        { x: speaker!.x + speaker!.width / 2, y: speaker!.y + speaker!.height / 2 },
      );
      expect(onTop, name).toBe(true);
      await screenshot(page, `no-answer-confirm-ar-${name}`);
    }
    await page.setViewportSize(TABLET);
    await ask.getByRole('button', { name: 'Zurück zur Frage' }).click();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect((await storedSession(page))?.answers).toHaveLength(1);

    await page.getByRole('button', { name: 'Weiß nicht' }).click();
    await ask.getByRole('button', { name: 'Keine Antwort eintragen' }).click();
    await waitForNextScreen(page);
    const recorded = (await storedSession(page))?.answers[1];
    expect(recorded).toMatchObject({
      question: { id: 2 },
      givenAnswer: '',
      correct: false,
      noAnswer: true,
      entry: { kind: 'no-answer' },
    });
    await answerCorrectly(page, byId.get(17)!);
    await waitForScreen(page, 'result');

    const row = page.locator('tr.is-incorrect', {
      has: page.locator('.result-number', { hasText: /^FragenNr\. 2$|^2$/ }),
    });
    expect(await row.locator('.result-given').textContent()).toBe('keine Antwort');
    expect(await row.locator('.result-points').textContent()).toContain('0');
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `no-answer-results-ar-${name}`);
    }
    await page.setViewportSize(TABLET);
    await page.waitForFunction(() => document.body.textContent?.includes('Ergebnis gesendet.'));
    const sent = uploads.at(-1);
    expect(sent?.question2).toBe(false);
    expect(sent?.answers?.find((detail) => detail.question === 2)).toMatchObject({
      given: '',
      noAnswer: true,
    });
    expect(sent?.answers?.find((detail) => detail.question === 17)?.noAnswer).toBeUndefined();

    const downloads = await mkdtemp(join(tmpdir(), 'zaehltest-i24-pdf-'));
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Als PDF speichern' }).click(),
      ]);
      const path = join(downloads, download.suggestedFilename());
      await download.saveAs(path);
      const text = execFileSync('pdftotext', [path, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      expect(text).toContain('keine Antwort');
    } finally {
      await rm(downloads, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });
});

describe('instructions that match the scoring', () => {
  it.each(HOME_LANGUAGES)(
    'question 21 asks for both hands in %s, its hint says what counts; question 23 tells the same story in German',
    async (language) => {
      const { page, errors } = await open();
      await jumpTo(page, baseURL, [21, 23], language);
      await waitForNextScreen(page);
      const texts = byId.get(21)!.texts;
      await page.getByText(texts[language]!.situationText).waitFor();
      const line = page.getByTestId('educator-line');
      expect(await line.textContent()).toContain('Zeige mir fünf Finger mit beiden Händen zusammen.');
      expect(await line.textContent()).toContain('Zeigen Sie selbst keine Finger vor.');
      expect(await line.textContent()).toContain(
        '5 und 0, 0 und 5 oder eine andere Summe (z. B. 5 und 5, wenn das Kind an jeder Hand fünf zeigt) beenden die Aufgabe sofort als nicht gelöst',
      );
      for (const [name, size] of SIZES) {
        await page.setViewportSize(size);
        await screenshot(page, `q21-${language}-${name}`);
      }
      await page.setViewportSize(TABLET);
      await page.getByLabel('Links').fill('4');
      await page.getByLabel('Rechts').fill('1');
      await page.getByRole('button', { name: 'Antwort', exact: true }).click();
      await page.getByText(texts[language]!.questionText).waitFor();
      expect(await line.textContent()).toContain('auf eine andere Art, wieder mit beiden Händen zusammen.');
      await page.getByLabel('Links').fill('2');
      await page.getByLabel('Rechts').fill('3');
      await page.getByRole('button', { name: 'Antwort', exact: true }).click();
      await waitForNextScreen(page);
      expect(await line.textContent()).toContain('Fünf Äpfel liegen auf dem Teller. Du isst zwei.');
      expect(await line.textContent()).toContain('Das Kind darf seine eigenen Finger benutzen.');
      expect(errors).toEqual([]);
    },
  );

  it('the move-dots hints name the arrows as the tablet shows them, and each hint says who taps what', async () => {
    const { page, errors } = await open();
    await jumpTo(page, baseURL, [7, 8, 18], 'tr');
    for (const id of [7, 8, 18]) {
      await waitForNextScreen(page);
      const line = (await page.getByTestId('educator-line').textContent()) ?? '';
      expect(line).toContain('Das Kind tippt selbst auf ↓');
      expect(line).toContain('mit ↑ nimmt es einen zurück');
      expect(line).not.toContain('Runter');
      expect(line).toContain('tippen Sie auf „Antwort“');
      // The arrows on screen are the ones the hint names (their accessible names stay Runter/Hoch).
      expect(await page.getByRole('button', { name: 'Runter' }).isVisible()).toBe(true);
      if (id === 18) {
        for (const [name, size] of SIZES) {
          await page.setViewportSize(size);
          expect(overlaps(await barBoxes(page)), name).toEqual([]);
          await screenshot(page, `q18-hint-tr-${name}`);
        }
        await page.setViewportSize(TABLET);
      }
      await answerCorrectly(page, byId.get(id)!);
    }
    for (const q of questions as (ContentQuestion & { hint?: string })[]) {
      expect(q.hint, `question ${q.id}`).toMatch(/Sie tippen|tippen Sie|Sie wählen .* und tippen/);
    }
    expect(errors).toEqual([]);
  });

  it("the start screen shows 'So geben Sie den Test', in Arabic too, at every size", async () => {
    const { page, errors } = await open();
    await login(page, baseURL);
    await enterUserData(page, { name: 'Layla', language: 'ar' });
    const checklist = page.locator('details', { has: page.getByText('So geben Sie den Test') });
    expect(await checklist.getAttribute('open')).not.toBeNull();
    const items = await checklist.locator('li').allTextContents();
    expect(items.join(' ')).toMatch(/Nicht mitzählen, nicht auf Punkte oder Zahlen zeigen, nicht nicken/);
    expect(items.join(' ')).toMatch(/keine Aufgabe auf Deutsch wiederholen/);
    expect(items.join(' ')).toMatch(/nur mit dem Lautsprecher-Knopf/);
    expect(items.join(' ')).toMatch(/Die Mühe loben/);
    expect(items.join(' ')).toMatch(/17 und 23 darf das Kind seine eigenen Finger benutzen/);
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `start-checklist-ar-${name}`);
    }
    // Still one tap to start.
    await page.setViewportSize(TABLET);
    await tapStart(page);
    await waitForNextScreen(page);
    expect(errors).toEqual([]);
  });
});

describe('level texts and spoken numbers', () => {
  it('the results page describes the levels for parents: plain titles, "Wer dieses Niveau erreicht", what is not measured', async () => {
    const { page, errors } = await open();
    // Every question right (the results page's texts are the point, not the answering).
    await openSeeded(page, baseURL, finishedSession({ language: 'tr' }));
    await waitForScreen(page, 'result');
    const levels = await page.locator('.result-level-list li').allTextContents();
    expect(levels[0]).toMatch(/^Niveau 1: Zählen \(Zählzahl\)Wer dieses Niveau erreicht/);
    expect(levels[1]).toMatch(
      /^Niveau 2: Zahlen ordnen und vergleichen \(ordinaler Zahlenstrahl\)Wer dieses Niveau erreicht.*kurz gezeigte kleine Mengen/,
    );
    expect(levels[2]).toMatch(/^Niveau 3: .*Wer dieses Niveau erreicht/);
    expect(levels.join(' ')).not.toContain('auf einen Blick');
    // All three achieved: 'größer 3' says what the screening does not measure.
    const page3 =
      (await page.locator('.result-meanings').textContent()) ?? (await page.textContent('main')) ?? '';
    expect(page3).not.toContain('bereit für das Rechnen');
    expect(await page.textContent('main')).toContain('es misst nicht');
    expect(await page.textContent('main')).toContain('nummerierten Zahlenweg');
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `levels-above3-results-${name}`);
    }
    expect(errors).toEqual([]);
  });

  it('the Turkish practice feedback says the number without a full stop', async () => {
    const { page, errors } = await open();
    await stubSpeechSynthesis(session!.context, [{ lang: 'tr-TR', name: 'Yelda' }]);
    await jumpTo(page, baseURL, [7], 'tr');
    await waitForNextScreen(page);
    await moveDots(page, 2);
    await page.getByRole('button', { name: 'Antwort', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await page.waitForFunction(() =>
      (window as unknown as { __speechLog: { spoken: { text: string }[] } }).__speechLog.spoken.some((s) =>
        s.text.startsWith('Doğru cevap'),
      ),
    );
    const spoken: string[] = await page.evaluate(() =>
      (window as unknown as { __speechLog: { spoken: { text: string }[] } }).__speechLog.spoken.map(
        (s) => s.text,
      ),
    );
    expect(spoken).toContain('Doğru cevap: 3');
    // The practice feedback covers the speaker button too.
    const speaker = await page.getByRole('button', { name: 'Nochmal vorlesen' }).boundingBox();
    expect(
      await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('.dialog-backdrop') !== null,
        { x: speaker!.x + speaker!.width / 2, y: speaker!.y + speaker!.height / 2 },
      ),
    ).toBe(true);
    expect(spoken.filter((text) => /\d\.(?!\d)/.test(text))).toEqual([]);
    expect(errors).toEqual([]);
  });
});

/** 'Weiß nicht' and its confirmation: the question is recorded as 'keine Antwort'. */
async function recordNoAnswer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Weiß nicht' }).click();
  await page
    .getByRole('alertdialog', { name: 'Keine Antwort eintragen?' })
    .getByRole('button', { name: 'Keine Antwort eintragen' })
    .click();
}

describe("the educator's bar", () => {
  it.each(['ar', 'tr'] as const)(
    'never lets the speaker button, the line, the progress and the buttons overlap on any question screen (%s)',
    async (language) => {
      const { page, errors } = await open();
      await jumpTo(
        page,
        baseURL,
        questions.map((q) => q.id),
        language,
      );
      for (const q of questions) {
        await waitForNextScreen(page);
        const marked = await markBarParts(page);
        expect(marked, `question ${q.id}`).toEqual(
          expect.arrayContaining(['speaker', 'progress', 'line', 'cancel', 'end']),
        );
        for (const [name, size] of SIZES) {
          await page.setViewportSize(size);
          const { top, end } = await markedBarBoxes(page);
          // The same parts at every size (a part drawn anew at a size would have lost its mark).
          expect(Object.keys(top).sort(), `question ${q.id} at ${name}`).toEqual([...marked].sort());
          expect(overlaps(top), `question ${q.id} at ${name}`).toEqual([]);
          expect(overlaps(end), `question ${q.id} at ${name}, scrolled`).toEqual([]);
          if (language === 'ar' && [1, 18, 21].includes(q.id))
            await screenshot(page, `bar-q${q.id}-ar-${name}`);
        }
        await page.setViewportSize(TABLET);
        // On to the next screen the quickest way: 'Weiß nicht' (no flash, nothing typed), the
        // practice questions, which have no 'Weiß nicht', answered.
        if (await page.getByRole('button', { name: 'Weiß nicht' }).count()) await recordNoAnswer(page);
        else await answerCorrectly(page, q);
      }
      await waitForScreen(page, 'result');
      expect(errors).toEqual([]);
    },
  );
});

describe('words the educator reads', () => {
  it("'Förderschule' with ö on the form, the results page and the PDF; sent as Foerderschule", async () => {
    const { page, errors, uploads } = await open();
    await login(page, baseURL);
    expect(await page.getByRole('radio', { name: 'Foerderschule' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Förderschule' }).check();
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `foerderschule-form-${name}`);
    }
    await page.setViewportSize(TABLET);
    await enterUserData(page, { name: 'Radu', school: 'Förderschule', schoolLevel: '2', language: 'ro' });
    // Straight on to the last question.
    // The stored session is sealed: opened with the passphrase and put back as a plain session of
    // the current format, which the app takes over (and seals again) after the passphrase.
    const session = await storedSession(page);
    const shortened = persistedSession({ ...session, queue: [23] });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEY,
      shortened,
    ] as const);
    await page.reload();
    await unlock(page);
    await tapStart(page);
    await waitForNextScreen(page);
    await answerCorrectly(page, byId.get(23)!);
    await waitForScreen(page, 'result');
    expect(await page.locator('main').textContent()).toContain('Förderschule');
    await page.waitForFunction(() => document.body.textContent?.includes('Ergebnis gesendet.'));
    expect(uploads.at(-1)?.school).toBe('Foerderschule');
    for (const [name, size] of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `foerderschule-results-${name}`);
    }
    await page.setViewportSize(TABLET);
    const downloads = await mkdtemp(join(tmpdir(), 'zaehltest-i24-pdf-'));
    try {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Als PDF speichern' }).click(),
      ]);
      const path = join(downloads, download.suggestedFilename());
      await download.saveAs(path);
      const text = execFileSync('pdftotext', [path, '-'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      expect(text).toContain('Förderschule');
      expect(text).not.toContain('Foerderschule');
    } finally {
      await rm(downloads, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });
});
