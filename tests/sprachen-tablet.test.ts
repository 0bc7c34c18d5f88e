import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { languageTexts, reviewState } from '../schemas/language-facts.ts';
import type { LanguageTextsAnswer, Progress } from '../schemas/sprachen-api.ts';
import { openBrowser, type Session, screenshotAtSizes } from './support/browser.ts';
import {
  enterUserData,
  login,
  reloadAndUnlock,
  storedSession,
  tapStart,
  untilServiceWorkerControls,
  waitForScreen,
} from './support/flow.ts';
import { pdfText } from './support/pdf.ts';
import { finishedSession, openSeeded } from './support/seed.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { type SpeechLog, stubSpeechSynthesis } from './support/speech-stub.ts';
import { type Reviewers, storedRecordingCount, turkishReviewers } from './support/sprachen.ts';

/**
 * Issue 39, the tablet's side (docs/product.md §50): what two native speakers confirmed and recorded
 * on the real results server reaches a tablet — the approved recording plays instead of the device's
 * voice, also offline after a reload; a corrected text is shown and spoken, and the recording made
 * for its old words is stale, so the device's voice speaks the new ones — and `npm run content:pull`
 * writes the same into a copy of content/. The server's state is set up through its API, as the
 * page /verwaltung/sprachen would set it.
 */

const ROOT = join(import.meta.dirname, '..');
const distDir = inject('distDir');
const turkish = new Map(languageTexts(join(ROOT, 'content'), 'tr').map((text) => [text.key, text.own]));
const SITUATION = turkish.get('1.situationText')!;
const QUESTION_BEFORE = turkish.get('1.questionText')!;
const QUESTION_CORRECTED = 'Doğru mu saydım?';

let server: TestServer;
let reviewers: Reviewers;

/**
 * Runs a script of the repository as an author would, without blocking this process (the server
 * under test runs in it).
 */
function run(
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

beforeAll(async () => {
  server = await startTestServer(distDir);
  reviewers = await turkishReviewers(server);
  // The situation text: recorded and approved as it stands.
  await reviewers.recordAndApprove('1.situationText', SITUATION);
  // The question text: recorded and approved, then corrected and confirmed — the recording was
  // made for the old words and is stale now.
  await reviewers.recordAndApprove('1.questionText', QUESTION_BEFORE);
  await reviewers.correct('1.questionText', QUESTION_CORRECTED);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Logs the app's play() calls on media elements and their ends: where each played from. */
async function probeAudio(session: Session): Promise<void> {
  await session.context.addInitScript(() => {
    const events: { type: string; src: string }[] = [];
    (window as unknown as { __audio: typeof events }).__audio = events;
    const original = HTMLMediaElement.prototype.play;
    const watched = new WeakSet<HTMLMediaElement>();
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      events.push({ type: 'play', src: this.src });
      if (!watched.has(this)) {
        watched.add(this);
        this.addEventListener('ended', () => events.push({ type: 'ended', src: this.currentSrc }));
      }
      return original.call(this);
    };
  });
}

const audioEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __audio: { type: string; src: string }[] }).__audio);
const spoken = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { __speechLog: SpeechLog }).__speechLog)).spoken.map(
    (entry) => entry.text,
  );

/** Waits until a recording from the device's copy (a blob: URL) has played to its end. */
async function untilBlobPlayed(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (count) =>
      (window as unknown as { __audio: { type: string; src: string }[] }).__audio.filter(
        (event) => event.type === 'ended' && event.src.startsWith('blob:'),
      ).length >= count,
    count,
    { timeout: 15_000 },
  );
}

describe('a tablet with the native review’s updates', () => {
  it('plays the approved recording, shows and speaks the corrected text, also offline after a reload', async () => {
    const session = await openBrowser({ serviceWorkers: true });
    try {
      await stubSpeechSynthesis(session.context, [{ lang: 'tr-TR', name: 'Yelda' }]);
      await probeAudio(session);
      const { page, context } = session;
      await login(page, server.url);
      await untilServiceWorkerControls(page);
      // The child's details are on screen and the device is online: the updates and the MP3 are kept.
      await expect
        .poll(() => page.evaluate(storedRecordingCount), { timeout: 15_000, interval: 200 })
        .toBe(1);
      await enterUserData(page, { language: 'tr' });
      await tapStart(page);
      await page.getByText(QUESTION_CORRECTED).waitFor();
      expect(await page.getByText(QUESTION_BEFORE, { exact: true }).count()).toBe(0);
      // The situation from the approved recording, the corrected question by the device's voice
      // (its recording was made for the old words).
      await untilBlobPlayed(page, 1);
      await page.waitForFunction(
        (text) =>
          (window as unknown as { __speechLog: SpeechLog }).__speechLog.spoken.some((s) => s.text === text),
        QUESTION_CORRECTED,
      );
      expect(await spoken(page)).not.toContain(SITUATION);
      expect(await spoken(page)).not.toContain(QUESTION_BEFORE);
      const played = (await audioEvents(page)).filter(
        (event) => event.type === 'play' && event.src.startsWith('blob:'),
      );
      expect(played).toHaveLength(1);
      // The test keeps what it began with: in the saved session, for a reload.
      const saved = await storedSession(page);
      expect(saved?.updates?.texts).toEqual({ '1.questionText': QUESTION_CORRECTED });
      expect(Object.keys(saved?.updates?.recordings ?? {})).toEqual(['1.situationText']);

      // Offline, a reload resumes the test with its snapshot; the speaker button plays the device's copy.
      await context.setOffline(true);
      await reloadAndUnlock(page);
      await page.getByText(QUESTION_CORRECTED).waitFor();
      await page.getByRole('button', { name: 'Nochmal vorlesen' }).click();
      // A new page: its log starts empty.
      await untilBlobPlayed(page, 1);
      const answered = await storedSession(page);
      expect(answered?.updates).toEqual(saved?.updates);
    } finally {
      await session.close();
    }
  });
});

describe('the result of a test with the native review’s updates', () => {
  it("says on the page and in the PDF how many texts were confirmed ('Übersetzung') and recorded ('Ton')", async () => {
    const session = await openBrowser();
    try {
      const { page } = session;
      // A finished Turkish test whose 'Test beginnen' counted 71 of 100 texts confirmed, 12 of 55 recorded.
      await openSeeded(page, server.url, {
        ...finishedSession({ language: 'tr' }),
        updates: {
          content: 'seeded',
          language: 'tr',
          texts: {},
          recordings: {},
          counts: { texts: 100, confirmed: 71, spoken: 55, recorded: 12 },
        },
      });
      const confirmed = 'Entwurf: 71 von 100 Texten von Muttersprachlern geprüft';
      const recorded = 'Aufnahmen von Muttersprachlern für 12 von 55 gesprochenen Texten';
      await page.getByText(confirmed).waitFor();
      await page.getByText(recorded, { exact: false }).first().waitFor();
      await screenshotAtSizes(page, 'sprachen-result');
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Als PDF speichern' }).click(),
      ]);
      // Kept for a person to look at (test-artifacts/ is not committed).
      const path = join(ROOT, 'test-artifacts', 'sprachen-result.pdf');
      mkdirSync(dirname(path), { recursive: true });
      await download.saveAs(path);
      expect(pdfText(path)).toContain(confirmed);
      expect(pdfText(path)).toContain(recorded);
    } finally {
      await session.close();
    }
  });
});

describe('npm run content:pull against the server', () => {
  it('writes the corrected text, the confirmation and the approved recording into content/', async () => {
    // Beside schemas/, as content/ is: the packs' first lines name the JSON Schema as ../../schemas/.
    const contentDir = mkdtempSync(join(ROOT, '.content-pull-'));
    cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
    try {
      const { token } = await reviewers.call<{ token: string }>('tr1', 'POST', '/api/konto/tokens', {
        name: 'content:pull',
      });
      // The token on standard input, as an author pipes it; a language not the account's is refused.
      const pull = await run(
        ['scripts/content/pull.ts', server.url, '--language', 'tr', '--language', 'ar'],
        { ZAEHLTEST_CONTENT_DIR: contentDir, ZAEHLTEST_TOKEN: '' },
        `${token}\n`,
      );
      expect(pull.status, pull.stderr).toBe(0);
      expect(pull.stderr).toContain(
        "warning: ar: the token's account may not review this language (403) — skipped",
      );
      expect(pull.stdout).toMatch(/^tr: 1 correction\(s\), \d+ confirmation\(s\), 1 recording\(s\)$/m);

      const question = readFileSync(join(contentDir, 'questions', '01-count-and-forgotten.yaml'), 'utf8');
      expect(question).toContain(`questionText: "${QUESTION_CORRECTED}"`);
      expect(reviewState(contentDir, 'tr').unreviewed.map((text) => text.key)).not.toContain(
        '1.questionText',
      );
      expect(readFileSync(join(contentDir, 'audio', 'q01', 'tr-situationText.txt'), 'utf8')).toBe(
        `${SITUATION}\n`,
      );
      // The stale take of the old question text is not served, so not pulled.
      expect(existsSync(join(contentDir, 'audio', 'q01', 'tr-questionText.mp3'))).toBe(false);

      // content:check reads the result as any content: valid, with the progress line.
      const check = await run(['scripts/content/check.ts', contentDir], {});
      expect(check.stdout).toMatch(/^tr: \d+ of \d+ texts confirmed, 1 of \d+ spoken texts recorded$/m);

      // Pulled again: nothing changes.
      const again = await run(['scripts/content/pull.ts', server.url], {
        ZAEHLTEST_CONTENT_DIR: contentDir,
        ZAEHLTEST_TOKEN: token,
      });
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).not.toContain('updated ');
    } finally {
      rmSync(contentDir, { recursive: true, force: true });
    }
  });
});

/** The progress of a language in the answer the page's device keeps (src/updates/stored-updates.ts). */
function storedProgress(language: string): Promise<Progress | null> {
  return new Promise((resolve) => {
    const open = indexedDB.open('zaehltest-sprachen');
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('updates')) {
        db.close();
        resolve(null);
        return;
      }
      const read = db.transaction('updates').objectStore('updates').get(language);
      read.onsuccess = () => {
        db.close();
        resolve(read.result?.answer?.progress ?? null);
      };
      read.onerror = () => resolve(null);
    };
  });
}

describe('the server’s count of confirmed texts on the tablet', () => {
  const progressOnServer = async () =>
    (await reviewers.call<LanguageTextsAnswer>('tr1', 'GET', '/api/sprachen/texts?language=tr')).progress;

  /**
   * On the child's details until the device holds the server's count, 'Test beginnen' in Turkish
   * (chosen by its code: its label depends on that count), whose snapshot must count as the server
   * does; then the test's result, its answers seeded (a whole run is not the subject here). Returns
   * the start screen's language and the result's submission id.
   */
  async function testOnTablet(page: Page, progress: Progress) {
    await expect
      .poll(() => page.evaluate(storedProgress, 'tr'), { timeout: 15_000, interval: 200 })
      .toEqual(progress);
    await page.getByLabel('Sprache').selectOption('tr');
    await page.getByRole('button', { name: 'Test beginnen' }).click();
    await waitForScreen(page, 'startscreen');
    const startLanguage = await page.getByTestId('start-language').textContent();
    const snapshot = (await storedSession(page))?.updates;
    if (!snapshot) throw new Error("'Test beginnen' saved no snapshot");
    expect(snapshot.counts).toMatchObject({ texts: progress.texts, confirmed: progress.confirmed });
    const submissionId = crypto.randomUUID();
    await openSeeded(page, server.url, {
      ...finishedSession({ language: 'tr', submissionId }),
      updates: snapshot,
    });
    return { startLanguage, submissionId };
  }

  it('counts on the result what the server counts, and calls the language geprüft once it has confirmed every text', async () => {
    // A text confirmed on the server as it stands: no correction to send, but one more confirmed.
    const open = (
      await reviewers.call<LanguageTextsAnswer>('tr1', 'GET', '/api/sprachen/texts?language=tr')
    ).texts.filter((text) => text.confirmed === null && text.proposal === null);
    expect(open.length).toBeGreaterThan(1);
    await reviewers.call('tr1', 'POST', '/api/sprachen/confirm', {
      language: 'tr',
      key: open[0]!.key,
      text: open[0]!.current,
    });
    const some = await progressOnServer();
    expect(some.confirmed).toBeGreaterThan(reviewState(join(ROOT, 'content'), 'tr').reviewed);
    expect(some.confirmed).toBeLessThan(some.texts);

    const first = await openBrowser();
    try {
      const { page } = first;
      await login(page, server.url);
      const { startLanguage, submissionId } = await testOnTablet(page, some);
      expect(startLanguage).toBe('Türkisch (Entwurf)');
      await page
        .getByText(`Entwurf: ${some.confirmed} von ${some.texts} Texten von Muttersprachlern geprüft`)
        .waitFor();
      await screenshotAtSizes(page, 'sprachen-result-served-count');
      await expect
        .poll(async () => (await server.listResults()).find((result) => result.submissionId === submissionId))
        .toMatchObject({ translationStatus: 'Entwurf' });
    } finally {
      await first.close();
    }

    // The rest confirmed on the server: Turkish is no draft for this tablet any more.
    for (const text of open.slice(1))
      await reviewers.call('tr1', 'POST', '/api/sprachen/confirm', {
        language: 'tr',
        key: text.key,
        text: text.current,
      });
    const all = await progressOnServer();
    expect(all.confirmed).toBe(all.texts);

    const second = await openBrowser();
    try {
      const { page } = second;
      await login(page, server.url);
      // The child's details name it without '(Entwurf)' once the device holds the server's count.
      await page.locator('option[value="tr"]', { hasText: /^Türkisch$/ }).waitFor({ state: 'attached' });
      const { startLanguage, submissionId } = await testOnTablet(page, all);
      expect(startLanguage).toBe('Türkisch');
      await page.getByText(`alle ${all.texts} Texte von Muttersprachlern geprüft`).waitFor();
      const language = page.locator('.result-details').getByText('Türkisch', { exact: true });
      expect(await language.count()).toBe(1);
      await screenshotAtSizes(page, 'sprachen-result-all-confirmed');
      // The upload says so too: no 'Entwurf' (the export's 'Übersetzung' reads 'geprüft').
      await expect
        .poll(async () => (await server.listResults()).some((result) => result.submissionId === submissionId))
        .toBe(true);
      const stored = (await server.listResults()).find((result) => result.submissionId === submissionId);
      expect(stored?.translationStatus).toBeUndefined();
    } finally {
      await second.close();
    }
  });
});
