import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadContent, REAL_CONTENT } from '../scripts/content/load.ts';
import { openBrowser, type Session, screenshot, TABLET } from './support/browser.ts';
import { HOME_LANGUAGES, LANGUAGE_DIRS } from './support/flow.ts';

const baseURL = inject('baseURL');
const { questions, issues } = loadContent(REAL_CONTENT);
// Every child language of the packs, then the German reference.
const LANGUAGES = [...HOME_LANGUAGES, 'de'];
type PreviewLanguage = string;
const SESSION_KEY = 'zaehltest-session';

/** The frame with the child's screen, once it shows this question in this language. */
async function childScreen(page: Page, id: number, language: PreviewLanguage, run = 0): Promise<Frame> {
  const handle = await page.waitForSelector('iframe.preview-frame');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the child-screen frame has no document');
  await frame.waitForSelector(
    `main[data-question-id="${id}"][data-language="${language}"][data-run="${run}"]:not([data-answered])`,
  );
  await frame.evaluate(() => document.fonts.ready.then(() => undefined));
  return frame;
}

async function show(page: Page, id: number, language: PreviewLanguage): Promise<Frame> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#q=${id}&lang=${language}`);
  return childScreen(page, id, language);
}

/**
 * What a person would see as broken at this viewport: a horizontal scrollbar, and text cut off by
 * an element that hides its overflow (the text's box reaches beyond a clipping ancestor, or the
 * element itself scrolls its text).
 */
function layoutProblems(): { problems: string[]; verticalScroll: boolean } {
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth)
    problems.push(`horizontal scroll: ${root.scrollWidth} > ${root.clientWidth}`);
  const clips = (style: CSSStyleDeclaration) =>
    style.overflowX !== 'visible' || style.overflowY !== 'visible';
  const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
  for (const el of document.body.querySelectorAll('*')) {
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText || !(el instanceof HTMLElement) || el.offsetParent === null) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
    if (clips(style) && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)) {
      problems.push(`clipped text in ${name(el)}: "${el.textContent?.trim()}"`);
    }
    const box = el.getBoundingClientRect();
    if (box.left < -1 || box.right > root.clientWidth + 1) {
      problems.push(`text outside the screen: ${name(el)} "${el.textContent?.trim()}"`);
    }
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (!clips(getComputedStyle(parent))) continue;
      const outer = parent.getBoundingClientRect();
      if (
        box.left < outer.left - 1 ||
        box.right > outer.right + 1 ||
        box.top < outer.top - 1 ||
        box.bottom > outer.bottom + 1
      ) {
        problems.push(`text cut off by ${name(parent)}: "${el.textContent?.trim()}"`);
      }
    }
  }
  return { problems, verticalScroll: root.scrollHeight > root.clientHeight };
}

describe('authoring preview (preview.html)', () => {
  let session: Session;
  let page: Page;
  const resultRequests: string[] = [];

  beforeAll(async () => {
    expect(issues, 'the real content has no issues').toEqual([]);
    session = await openBrowser({ viewport: TABLET });
    page = session.page;
    session.context.on('request', (request) => {
      if (request.url().includes('/api/results')) resultRequests.push(request.url());
    });
    await page.goto(`${baseURL}/preview.html`);
    await page.waitForSelector('.preview-list');
  });

  afterAll(async () => {
    await session?.close();
  });

  it('lists every question with id, level, answerType and its German question text', async () => {
    const rows = await page.$$eval('.preview-list-items a', (links) =>
      links.map((a) => ({
        id: Number(a.getAttribute('data-question-id')),
        text: a.querySelector('.preview-list-text')?.textContent,
        type: a.querySelector('.preview-list-type')?.textContent,
      })),
    );
    expect(rows).toEqual(
      questions.map((q) => ({ id: q.id, text: q.texts.de.questionText, type: q.answerType })),
    );
  });

  it('renders every question in every language with its texts and without overflow at 1024×768', async () => {
    const failures: string[] = [];
    const tall: string[] = [];
    for (const question of questions) {
      for (const language of LANGUAGES) {
        const texts = question.texts[language]!;
        const frame = await show(page, question.id, language);
        const where = `question ${question.id} (${question.answerType}) in ${language}`;
        const shown = await frame.$$eval('.task-text p', (ps) => ps.map((p) => p.textContent ?? ''));
        // FiveFingers shows the situation text first and the question text after a valid first try.
        const expected =
          question.answerType === 'FiveFingers'
            ? [texts.situationText]
            : [texts.situationText, texts.questionText];
        if (JSON.stringify(shown) !== JSON.stringify(expected)) {
          failures.push(`${where}: shows ${JSON.stringify(shown)}, pack has ${JSON.stringify(expected)}`);
        }
        if (shown.some((text) => text.trim() === '')) failures.push(`${where}: an empty text`);
        const direction = await frame.$eval('.task-text', (el) => el.getAttribute('dir'));
        if (direction !== LANGUAGE_DIRS[language]) failures.push(`${where}: text direction ${direction}`);
        const layout = await frame.evaluate(layoutProblems);
        failures.push(...layout.problems.map((problem) => `${where}: ${problem}`));
        if (layout.verticalScroll) tall.push(where);

        // The second step shows the remaining text: the answer text (CountAndForgotten after
        // 'Nein') and the question text (FiveFingers after a valid first try).
        if (question.answerType === 'CountAndForgotten') {
          await frame.getByRole('button', { name: 'Nein', exact: true }).click();
          const label = await frame.textContent('.answer-label');
          if (label !== texts.answerText)
            failures.push(`${where}: answer label "${label}", pack has "${texts.answerText}"`);
          failures.push(
            ...(await frame.evaluate(layoutProblems)).problems.map((p) => `${where}, step 2: ${p}`),
          );
        }
        if (question.answerType === 'FiveFingers') {
          await frame.getByLabel('Links').fill('2');
          await frame.getByLabel('Rechts').fill(String(question.correctAnswer - 2));
          await frame.getByRole('button', { name: 'Antwort' }).click();
          const text = await frame.textContent('.question-text');
          if (text !== texts.questionText)
            failures.push(`${where}: second prompt "${text}", pack has "${texts.questionText}"`);
          failures.push(
            ...(await frame.evaluate(layoutProblems)).problems.map((p) => `${where}, step 2: ${p}`),
          );
        }
      }
    }
    if (tall.length > 0) console.info(`Vertical scrolling at 1024×768 (not an error): ${tall.join('; ')}`);
    expect(failures).toEqual([]);
    expect(resultRequests).toEqual([]);
  });

  it('fits the page itself at 1024×768, also with the German text beside', async () => {
    for (const showGerman of [false, true]) {
      const sample = questions.find((q) => q.answerType === 'MultipleChoiceWithImages') ?? questions[0]!;
      await page.evaluate(
        (hash) => {
          window.location.hash = hash;
        },
        `#q=${sample.id}&lang=ar${showGerman ? '&de=1' : ''}`,
      );
      await childScreen(page, sample.id, 'ar');
      if (showGerman) {
        expect(await page.textContent('.preview-german [data-field="situationText"]')).toBe(
          sample.texts.de.situationText,
        );
      }
      const scroll = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll.width).toBeLessThanOrEqual(scroll.client);
    }
  });

  it('scores an answer on the spot and records and sends nothing', async () => {
    const sentinel = JSON.stringify({
      state: { screen: 'move-dots', answers: ['a running test in another tab'] },
    });
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [SESSION_KEY, sentinel]);
    const question = questions.find((q) => q.answerType === 'TextInput' && !q.image)!;
    let frame = await show(page, question.id, 'tr');
    await frame.getByRole('textbox').fill(String(question.correctAnswer + 1));
    await frame.getByRole('button', { name: 'Antwort' }).click();
    await page.waitForSelector('.preview-answer[data-correct="false"]');
    expect(await page.textContent('.preview-answer-verdict')).toBe(
      `Falsch — richtige Antwort: ${question.correctAnswer}`,
    );
    expect(await page.textContent('.preview-answer-given')).toBe(
      `Gegebene Antwort: ${question.correctAnswer + 1}`,
    );
    await screenshot(page, 'preview-answer-wrong');

    await page.getByRole('button', { name: 'Nochmal' }).click();
    frame = await childScreen(page, question.id, 'tr', 1);
    expect(await frame.getByRole('textbox').inputValue()).toBe('');
    await frame.getByRole('textbox').fill(String(question.correctAnswer));
    await frame.getByRole('button', { name: 'Antwort' }).click();
    await page.waitForSelector('.preview-answer[data-correct="true"]');
    expect(await page.textContent('.preview-answer-verdict')).toBe('Richtig');

    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBe(sentinel);
    expect(await frame.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBe(sentinel);
    expect(resultRequests).toEqual([]);
  });

  it('flashes timed pictures with the real timing and scores Ja/Nein', async () => {
    const question = questions.find((q) => q.answerType === 'ImageCompare')!;
    const frame = await show(page, question.id, 'ar');
    await frame.getByRole('button', { name: 'Bereit' }).click();
    await frame.getByRole('button', { name: 'Ja', exact: true }).click({ timeout: 10_000 });
    await page.waitForSelector('.preview-answer[data-correct]');
    expect(await page.textContent('.preview-answer-verdict')).toBe(
      question.correctAnswer === 0 ? 'Richtig' : 'Falsch — richtige Antwort: Nein',
    );
    expect(await page.textContent('.preview-answer-given')).toBe('Gegebene Antwort: Ja');
    const details = (await page.textContent('.preview-answer-details')) ?? '';
    const exposure = Number(/Bild gezeigt: (\d+) ms/.exec(details)?.[1]);
    expect(Math.abs(exposure - ('timerInterval' in question ? question.timerInterval : 0))).toBeLessThan(40);
  });

  it('keeps the practice dialog of the child and lets the child try again', async () => {
    const question = questions.find((q) => q.answerType === 'MoveDotsExample')!;
    const frame = await show(page, question.id, 'ro');
    await frame.getByRole('button', { name: 'Antwort' }).click();
    const dialog = frame.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain(`Die richtige Antwort ist: '${question.correctAnswer}'`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await page.textContent('.preview-answer')).toBe('Noch keine Antwort.');
  });

  it('keeps the chosen question and language in the address across a reload', async () => {
    const last = questions.at(-1)!;
    await show(page, 12, 'ar');
    await page.reload();
    await childScreen(page, 12, 'ar');
    expect(await page.getAttribute('.preview-list a[aria-current="true"]', 'data-question-id')).toBe('12');
    await page.getByRole('button', { name: 'Nächste' }).click();
    await childScreen(page, 13, 'ar');
    await page.getByRole('button', { name: 'Vorherige' }).click();
    await page.getByRole('button', { name: 'Vorherige' }).click();
    await childScreen(page, 11, 'ar');
    await show(page, last.id, 'ro');
    expect(await page.getByRole('button', { name: 'Nächste' }).isDisabled()).toBe(true);
  });

  it('shows the German reference only when asked, without sideways scrolling (screenshots for a person to check)', async () => {
    const shots: [number, PreviewLanguage, boolean][] = [
      [1, 'tr', false],
      [15, 'ar', false],
      [18, 'ar', true],
      [8, 'ro', false],
      [21, 'ar', true],
    ];
    for (const [id, language, showGerman] of shots) {
      await page.evaluate(
        (hash) => {
          window.location.hash = hash;
        },
        `#q=${id}&lang=${language}${showGerman ? '&de=1' : ''}`,
      );
      await childScreen(page, id, language);
      const where = `question ${id} in ${language}${showGerman ? ' with German' : ''}`;
      expect(await page.locator('.preview-german').count(), where).toBe(showGerman ? 1 : 0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
        where,
      ).toBe(true);
      await screenshot(page, `preview-q${id}-${language}${showGerman ? '-de' : ''}`);
    }
  });
});

describe('preview.html under the service worker', () => {
  // The run's production build (tests/support/global-setup.ts) registers the service worker.
  const server = { url: baseURL };

  it('opens the preview, not the app, once the app has installed its service worker (also offline)', async () => {
    const own = await openBrowser({ persistent: true });
    try {
      await own.page.goto(`${server.url}/`);
      await own.page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      for (let attempt = 0; attempt < 5; attempt++) {
        if (await own.page.evaluate(() => navigator.serviceWorker.controller !== null)) break;
        await own.page.reload();
      }
      await own.page.goto(`${server.url}/preview.html#q=3&lang=tr`);
      await own.page.waitForSelector('.preview-list');
      expect(await own.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await own.context.setOffline(true);
      await own.page.reload();
      await own.page.waitForSelector('.preview-list');
      await childScreen(own.page, 3, 'tr');
    } finally {
      await own.close();
    }
  });
});
