import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { openBrowser, screenshot, TABLET, TABLET_PORTRAIT } from './support/browser.ts';
import { ROOT } from './support/build-app.ts';
import {
  answerCorrectly,
  enterUserData,
  firstOfEachAnswerType,
  jumpTo,
  LANGUAGE_LABELS,
  type Lang,
  loadQuestions,
  login,
  storedSession,
  tapStart,
  waitForNextScreen,
} from './support/flow.ts';
import { speechLog, stubSpeechSynthesis, waitUntilSpoken } from './support/speech-stub.ts';

const baseURL = inject('baseURL');
const questions = loadQuestions();
/** The first question of each answer type: every way a question is spoken and answered, once. */
const ONE_PER_TYPE = firstOfEachAnswerType(questions);

type Texts = { situationText: string; questionText: string; answerText?: string };
const textsOf = (id: number, language: Lang): Texts =>
  (questions.find((q) => q.id === id) as unknown as { texts: Record<Lang, Texts> }).texts[language]!;
const pack = (language: Lang) =>
  parse(readFileSync(join(ROOT, 'content/languages', `${language}.yaml`), 'utf8')) as Record<string, string>;

const PHONE = { width: 390, height: 844 } as const;

const VOICES = [
  { lang: 'de-DE', name: 'Anna' },
  { lang: 'tr-TR', name: 'Yelda' },
  { lang: 'ar-SA', name: 'Maged' },
  { lang: 'ro-RO', name: 'Ioana' },
];

/** The task texts on screen now, in the child's language (what must be spoken). */
async function taskTextsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.task-text p, label.task-text')]
      .map((element) => element.textContent?.trim() ?? '')
      .filter((text) => text !== ''),
  );
}

/** Screenshots at tablet landscape, portrait and phone size, for a person to look at. */
async function shotsAtEverySize(page: Page, name: string) {
  for (const { width, height } of [TABLET_PORTRAIT, PHONE, TABLET]) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `${name}-${width}x${height}`);
  }
}

async function startTest(page: Page, language: Lang) {
  await login(page, baseURL);
  await enterUserData(page, { name: 'Stimme', language });
}

describe('spoken prompts with the device voice', () => {
  it('names the device voice on the start screen, checks the sound, and speaks the first question', async () => {
    const session = await openBrowser();
    const errors: string[] = [];
    session.page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await stubSpeechSynthesis(session.context, VOICES);
      const { page } = session;
      const language: Lang = 'ar';
      await startTest(page, language);
      await page.getByText('Die Aufgaben werden vorgelesen mit: Gerätestimme.').waitFor();
      await page.getByRole('button', { name: 'Ton prüfen' }).click();
      await waitUntilSpoken(page, [pack(language).soundCheck!]);
      await shotsAtEverySize(page, 'speech-start-ar');
      await tapStart(page);
      const first = questions[0]!;
      expect(await waitForNextScreen(page)).not.toBe('result');
      const onScreen = await taskTextsOnScreen(page);
      expect(onScreen.length).toBeGreaterThan(0);
      for (const text of onScreen) expect(Object.values(textsOf(first.id, language))).toContain(text);
      await waitUntilSpoken(page, onScreen);
      await answerCorrectly(page, first);
      await waitForNextScreen(page);
      const log = await speechLog(page);
      expect(log.spoken.filter((s) => s.lang !== 'ar-SA')).toEqual([]);
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers).toHaveLength(1);
      expect((answers[0] as { prompt?: unknown }).prompt).toEqual({ source: 'synthesis', replays: 0 });
    } finally {
      await session.close();
    }
    expect(errors).toEqual([]);
  });

  it('speaks every question’s texts on screen in the child’s language, and nothing during a flash', async () => {
    const session = await openBrowser();
    const errors: string[] = [];
    session.page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await stubSpeechSynthesis(session.context, VOICES);
      const { page } = session;
      const language: Lang = 'ar';
      // Every question's screen, seeded as a running test; one question of each answer type is
      // answered (its flash, its answer text, the practice feedback), the others are passed with
      // 'Weiß nicht' once their texts are said: what is spoken depends on the answer type, the
      // texts on the question (the whole answered run is tests/flow.test.ts; docs/testing.md).
      const answered = new Set(ONE_PER_TYPE.map((q) => q.id));
      await jumpTo(
        page,
        baseURL,
        questions.map((q) => q.id),
        language,
      );
      for (const q of questions) {
        expect(await waitForNextScreen(page)).not.toBe('result');
        const onScreen = await taskTextsOnScreen(page);
        const texts = textsOf(q.id, language);
        expect(onScreen.length, `question ${q.id}`).toBeGreaterThan(0);
        for (const text of onScreen) expect(Object.values(texts), `question ${q.id}`).toContain(text);
        await waitUntilSpoken(page, onScreen);
        if (q.id === 2) {
          // The speaker button says the screen again from its beginning.
          const before = (await speechLog(page)).spoken.length;
          await page.getByRole('button', { name: 'Nochmal vorlesen' }).click();
          await page.waitForFunction(
            ([n, first]) => {
              const spoken = (window as unknown as { __speechLog: { spoken: { text: string }[] } })
                .__speechLog.spoken;
              return spoken.length > (n as number) && spoken[n as number]?.text === first;
            },
            [before, onScreen[0]] as const,
          );
          await shotsAtEverySize(page, 'speech-question-ar');
        }
        if (answered.has(q.id)) await answerCorrectly(page, q);
        else {
          await page.getByRole('button', { name: 'Weiß nicht' }).click();
          await page.getByRole('button', { name: 'Keine Antwort eintragen', exact: true }).click();
        }
      }
      expect(await waitForNextScreen(page)).toBe('result');

      const log = await speechLog(page);
      expect(log.overlaps).toEqual([]);
      expect(log.spoken.filter((s) => s.duringFlash)).toEqual([]);
      // Every text was said by the Arabic voice.
      expect(log.spoken.filter((s) => s.lang !== 'ar-SA')).toEqual([]);
      const spoken = new Set(log.spoken.map((s) => s.text));
      for (const q of ONE_PER_TYPE) {
        const texts = textsOf(q.id, language);
        // The answer text of a flashed question and of count-and-forgotten (after 'Nein') too.
        for (const text of Object.values(texts)) expect(spoken, `question ${q.id}`).toContain(text);
      }
      // The practice feedback, in Arabic.
      expect(spoken).toContain(pack(language).practiceCorrect);

      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers).toHaveLength(questions.length);
      for (const answer of answers) {
        expect((answer as { prompt?: unknown }).prompt, `question ${answer.question.id}`).toEqual({
          source: 'synthesis',
          replays: answer.question.id === 2 ? 1 : 0,
        });
      }
    } finally {
      await session.close();
    }
    expect(errors).toEqual([]);
  });

  it('stops speaking when the child answers', async () => {
    const session = await openBrowser();
    try {
      // A slow voice: the answer comes while the situation text is still being said.
      await stubSpeechSynthesis(session.context, VOICES, 5_000);
      const { page } = session;
      await startTest(page, 'tr');
      await tapStart(page);
      await waitForNextScreen(page);
      await waitUntilSpoken(page, [textsOf(1, 'tr').situationText]);
      const cancelsBefore = (await speechLog(page)).cancels;
      await page.getByRole('button', { name: 'Ja', exact: true }).click();
      await waitForNextScreen(page);
      const log = await speechLog(page);
      expect(log.cancels).toBeGreaterThan(cancelsBefore);
      // The question text of question 1 never started: question 2 is what is said next.
      expect(log.spoken.map((s) => s.text)).not.toContain(textsOf(1, 'tr').questionText);
    } finally {
      await session.close();
    }
  });

  it('tells the educator before the test when the device has no voice for the language', async () => {
    const session = await openBrowser();
    try {
      await stubSpeechSynthesis(session.context, [{ lang: 'tr-TR', name: 'Yelda' }]);
      const { page } = session;
      await startTest(page, 'ro');
      // The guide to installing a voice (tests/silent-test.test.ts follows it through the test).
      await page
        .getByRole('heading', { name: `Keine Stimme für ${LANGUAGE_LABELS.ro} auf diesem Gerät` })
        .waitFor();
      await page.getByText('Die Aufgaben werden vorgelesen mit: keine Stimme.').waitFor();
      await screenshot(page, 'speech-start-no-voice');
      await tapStart(page);
      await waitForNextScreen(page);
      await page.getByRole('button', { name: 'Ja', exact: true }).click();
      await waitForNextScreen(page);
      const answers = (await storedSession(page))?.answers ?? [];
      expect(answers[0]?.question.id).toBe(1);
      expect((answers[0] as { prompt?: unknown }).prompt).toEqual({ source: 'none', replays: 0 });
      expect((await speechLog(page)).spoken).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
