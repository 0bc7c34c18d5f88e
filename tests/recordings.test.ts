import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser.ts';
import { buildApp } from './support/build-app.ts';
import { enterUserData, login, storedSession, tapStart, waitForNextScreen } from './support/flow.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { stubSpeechSynthesis } from './support/speech-stub.ts';
import { toneMp3 } from './support/tone-mp3.ts';

/** What the page's audio element did, as logged by the probe below. */
interface AudioEvent {
  /** 'play': the app called play(); the others are the element's events. */
  type: 'play' | 'playing' | 'ended' | 'pause';
  /** File name of the recording, e.g. tr-situationText-<hash>.mp3 */
  file: string;
  t: number;
  currentTime: number;
  duration: number;
}

// Recordings this test makes and builds the app with; none of them is shipped as content.
const RECORDINGS = {
  'q01/tr-situationText.mp3': 1.2,
  'q01/tr-questionText.mp3': 0.8,
  'q01/tr-answerText.mp3': 0.6,
} as const;

let audioDir: string;
let distDir: string;
let server: TestServer;

beforeAll(async () => {
  audioDir = mkdtempSync(join(tmpdir(), 'zaehltest-recordings-'));
  for (const [path, seconds] of Object.entries(RECORDINGS)) {
    mkdirSync(join(audioDir, 'q01'), { recursive: true });
    writeFileSync(join(audioDir, path), toneMp3({ seconds }));
  }
  process.env.ZAEHLTEST_AUDIO_DIR = audioDir;
  try {
    distDir = await buildApp();
  } finally {
    delete process.env.ZAEHLTEST_AUDIO_DIR;
  }
  server = await startTestServer(distDir);
});

afterAll(async () => {
  await server?.close();
  rmSync(audioDir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

describe('authored recordings', () => {
  it('are precached for offline use', () => {
    const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
    for (const path of Object.keys(RECORDINGS)) {
      const name = path.split('/')[1]!.replace('.mp3', '');
      expect(worker).toMatch(new RegExp(`assets/${name}-[\\w-]+\\.mp3`));
    }
  });

  it('play each to its end, in order, one at a time; the answer text when its step appears', async () => {
    const session = await openBrowser();
    try {
      // No device voice: whatever sounds is a recording.
      await stubSpeechSynthesis(session.context, []);
      await session.context.addInitScript(() => {
        const events: unknown[] = [];
        (window as unknown as { __audioEvents: unknown[] }).__audioEvents = events;
        const watched = new WeakSet<HTMLMediaElement>();
        const original = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
          // The app's calls, not the 'playing' events: a busy machine stalls a file, and the
          // element fires 'playing' again when it resumes, without a second play().
          events.push({ type: 'play', file: this.src.split('/').pop(), t: performance.now() });
          if (!watched.has(this)) {
            watched.add(this);
            for (const type of ['playing', 'ended', 'pause'] as const) {
              this.addEventListener(type, () =>
                events.push({
                  type,
                  file: this.currentSrc.split('/').pop(),
                  t: performance.now(),
                  currentTime: this.currentTime,
                  duration: this.duration,
                }),
              );
            }
          }
          return original.call(this);
        };
      });
      const { page } = session;
      await login(page, server.url);
      await enterUserData(page, { language: 'tr' });
      await page.getByText('Die Aufgaben werden vorgelesen mit: Aufnahme.').waitFor();
      await tapStart(page);
      await waitForNextScreen(page);
      const recordingEvents = async () =>
        (
          await page.evaluate(() => (window as unknown as { __audioEvents: AudioEvent[] }).__audioEvents)
        ).filter((e) => e.file?.startsWith('tr-'));
      const endedCount = async (n: number) =>
        page.waitForFunction(
          (n) =>
            (window as unknown as { __audioEvents: AudioEvent[] }).__audioEvents.filter(
              (e) => e.type === 'ended' && e.file?.startsWith('tr-'),
            ).length >= n,
          n,
          { timeout: 15_000 },
        );
      await endedCount(2);
      await page.getByRole('button', { name: 'Nein', exact: true }).click();
      await endedCount(3);

      const events = await recordingEvents();
      const played = events
        .filter((e) => e.type === 'play')
        .map((e) => e.file.replace(/-[\w-]{8}\.mp3$/, ''));
      expect(played).toEqual(['tr-situationText', 'tr-questionText', 'tr-answerText']);
      const ended = events.filter((e) => e.type === 'ended');
      expect(ended).toHaveLength(3);
      for (const [i, end] of ended.entries()) {
        // Played to its end: the element stopped at the file's duration, not earlier.
        expect(end.currentTime).toBeCloseTo(end.duration, 1);
        const seconds = Object.values(RECORDINGS)[i]!;
        expect(end.duration).toBeGreaterThanOrEqual(seconds - 0.05);
        // No overlap: the next one started only after this one ended.
        const nextStart = events.filter((e) => e.type === 'play')[i + 1];
        if (nextStart) expect(nextStart.t).toBeGreaterThanOrEqual(end.t);
      }
      expect(events.filter((e) => e.type === 'pause' && e.currentTime < e.duration - 0.05)).toEqual([]);

      await page.locator('input.number-input').fill('4');
      await page.getByRole('button', { name: 'Antwort', exact: true }).click();
      await waitForNextScreen(page);
      const answers = (await storedSession(page))?.answers ?? [];
      expect((answers[0] as { prompt?: unknown }).prompt).toEqual({ source: 'recording', replays: 0 });
    } finally {
      await session.close();
    }
  });
});
