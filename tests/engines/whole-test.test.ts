import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  answerCorrectly,
  closeDialog,
  currentScreen,
  enterUserData,
  flash,
  login,
  reloadAndUnlock,
  shot,
  storedSession,
  tapStart,
  textOf,
  waitForNextScreen,
  waitForScreen,
} from '../support/engine-flow.ts';
import { ENGINE, openEnginePage } from '../support/engine-test.ts';
import { loadQuestions } from '../support/flow.ts';
import { listStoredResults } from '../support/server.ts';

/**
 * The core of the app in every engine (vitest projects e2e, e2e-webkit, e2e-firefox): a whole test
 * in Turkish with the flashes, the move-dots and five-fingers questions and both practice screens
 * (each first answered wrongly), a reload in the middle that resumes the same question, the results
 * page, the upload, and the PDF download checked with poppler.
 */

const baseURL = inject('baseURL');
const questions = loadQuestions();
const byId = new Map(questions.map((q) => [q.id, q]));
const downloads = mkdtempSync(join(tmpdir(), `zaehltest-${ENGINE}-pdf-`));
const TIMED = ['TimerTextInput', 'ImageCompare', 'TimerImageExample'];
/**
 * How much longer than its interval a flash may be recorded: a few frames. This file runs in the quiet
 * group (vitest.config.ts), one browser at a time: beside other tests even Chromium recorded flashes
 * 51 ms too long. WebKitGTK under Xvfb composites in software on the CPU and a frame there can still
 * take 50–100 ms (`npm run bench` measures the real frame timing per engine). Never shorter than the
 * interval.
 */
const LATE_MS = ENGINE === 'webkit' ? 150 : 50;

afterAll(() => rmSync(downloads, { recursive: true, force: true }));

describe(`a whole test in ${ENGINE}`, () => {
  it('runs all questions with practice retries and a reload, shows the result and downloads the PDF', async () => {
    const page = await openEnginePage();
    await login(page, baseURL);
    await shot(page, 'userdata');
    await enterUserData(page, {
      name: 'Ayşe Test',
      birthdate: '2020-03-14',
      school: 'Grundschule',
      schoolLevel: '1',
      language: 'tr',
    });
    await tapStart(page);

    for (const q of questions) {
      const screen = await waitForNextScreen(page);
      expect((await storedSession(page))?.currentId, `question ${q.id} on ${screen}`).toBe(q.id);
      const text = await page.evaluate(() => {
        const task = document.querySelector('.task-text');
        return task && { lang: task.getAttribute('lang'), dir: task.getAttribute('dir') };
      });
      expect(text).toEqual({ lang: 'tr', dir: 'ltr' });

      if (q.id === 7) {
        // Move-dots practice: one dot is wrong, the dialog says the right answer, and the retry
        // starts from an empty box: three are right.
        await page.click({ role: 'button', name: 'Runter' });
        await page.click({ role: 'button', name: 'Antwort' });
        await shot(page, 'q07-practice-wrong');
        await closeDialog(page, "Die richtige Antwort ist: '3'");
        expect(await currentScreen(page)).toBe('examples/move-dots');
        for (let i = 0; i < 3; i++) await page.click({ role: 'button', name: 'Runter' });
        await page.click({ role: 'button', name: 'Antwort' });
        await closeDialog(page, 'Richtig!');
        continue;
      }
      if (q.id === 9) {
        // Timer practice: 'Ja' is wrong; 'Bereit' shows the pictures again.
        await flash(page, 'q09-flash');
        await page.click({ role: 'button', name: 'Ja' });
        await closeDialog(page, 'Die richtige Antwort ist: Nein');
        await flash(page);
        await page.click({ role: 'button', name: 'Nein' });
        await closeDialog(page, 'Richtig!');
        continue;
      }
      if (q.id === 12) {
        // A reload in the middle of the test: the passphrase, then the same question, answers intact.
        const before = await storedSession(page);
        await reloadAndUnlock(page);
        await waitForScreen(page, screen);
        const after = await storedSession(page);
        expect(after?.currentId).toBe(12);
        expect(after?.answers).toEqual(before?.answers);
      }
      await answerCorrectly(page, q, [8, 15, 21].includes(q.id) ? `q${q.id}` : undefined);
    }

    expect(await waitForNextScreen(page, 15_000)).toBe('result');
    const session = await storedSession(page);
    const answers = session?.answers ?? [];
    expect(answers.map((a) => a.question.id)).toEqual(questions.map((q) => q.id));
    expect(answers.every((a) => a.correct)).toBe(true);
    expect(answers.filter((a) => a.question.level === 0).map((a) => [a.question.id, a.tries])).toEqual([
      [7, 2],
      [9, 2],
    ]);
    expect(answers.find((a) => a.question.id === 21)?.givenAnswer).toBe('5');
    for (const a of answers) {
      const q = byId.get(a.question.id)!;
      if (!TIMED.includes(q.answerType)) continue;
      // The flash is shown for its interval, to the frame (the app measures it by frame times).
      const interval = (q as { timerInterval?: number }).timerInterval ?? 0;
      expect(a.exposureMs, `exposure of ${q.id}`).toBeGreaterThan(interval - 20);
      expect(a.exposureMs, `exposure of ${q.id}`).toBeLessThan(interval + LATE_MS);
      expect(a.pageHiddenDuringExposure).toBe(false);
    }

    // Results page: the child's details, all levels achieved, every question listed, sent once.
    const details = await page.evaluate(() =>
      [...document.querySelectorAll('.result-detail')].map(
        (item) => `${item.children[0]?.textContent}: ${item.children[1]?.textContent}`,
      ),
    );
    expect(details.slice(0, 5)).toEqual([
      'Name: Ayşe Test',
      'Geburtsdatum: 14.03.2020',
      'Einrichtung: Grundschule',
      'Jahrgang: 1',
      expect.stringMatching(/^Sprache: Türkisch( \(Entwurf\))?$/),
    ]);
    expect(await page.evaluate(() => document.querySelectorAll('.result-questions tbody tr').length)).toBe(
      questions.length,
    );
    await shot(page, 'result');
    const submissionId = session?.submissionId ?? '';
    await expect
      .poll(() => textOf(page, '.result-upload'), { timeout: 20_000, interval: 200 })
      .toBe('Ergebnis gesendet.');
    const stored = (await listStoredResults(baseURL)).filter((r) => r.submissionId === submissionId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ born: '2020-03-14', school: 'Grundschule', schoolLevel: '1' });

    // A reload on the result page shows it again (after the passphrase).
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');

    const { name, bytes } = await page.download({ role: 'button', name: 'Als PDF speichern' }, 60_000);
    expect(name).toBe('Ergebnis_Ayşe Test_14.03.2020.pdf');
    const pdf = join(downloads, 'result.pdf');
    writeFileSync(pdf, bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    const pages = Number(info.match(/Pages:\s+(\d+)/)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    // Not blank: the first page, rendered in grey, has a few per cent of dark pixels (text, tables).
    execFileSync('pdftoppm', [
      '-r',
      '40',
      '-gray',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      join(downloads, 'page'),
    ]);
    const pgm = readFileSync(join(downloads, 'page.pgm'));
    const header = pgm.toString('latin1', 0, 40).match(/^P5\s+\d+\s+\d+\s+255\s/);
    const pixels = pgm.subarray(header?.[0].length ?? 0);
    const dark = pixels.filter((value) => value < 128).length / pixels.length;
    expect(dark, 'share of dark pixels on page 1').toBeGreaterThan(0.001);
  });
});
