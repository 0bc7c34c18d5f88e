import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3, loadAudio } from '../scripts/content/audio.ts';
import { type LoadOptions, loadContent } from '../scripts/content/load.ts';
import { TARGET_PEAK } from '../src/preview/recording-audio.ts';
import { openBrowser, type Session, screenshot, TABLET_PORTRAIT } from './support/browser.ts';
import { type PreviewServer, startPreviewServer } from './support/preview-server.ts';
import { toneMp3 } from './support/tone-mp3.ts';

/**
 * Recording a child text in the authoring preview, with Chromium's fake microphone (a beep), on
 * the dev server over a temporary copy of content/: the repository's recordings are never touched.
 */
describe('recording in the authoring preview', () => {
  let preview: PreviewServer;
  let audioDir: string;
  let options: LoadOptions;
  let session: Session;
  let page: Page;
  let url: string;

  beforeAll(async () => {
    // Start without recordings of question 1 in Turkish, whatever the repository holds.
    preview = await startPreviewServer((contentDir) => {
      for (const field of ['situationText', 'questionText']) {
        rmSync(join(contentDir, `audio/q01/tr-${field}.mp3`), { force: true });
      }
    });
    ({ url, audioDir, options } = preview);
    session = await openBrowser({
      args: [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
    page = session.page;
    // Every recording the page plays, and whether it played to its end.
    await page.addInitScript(() => {
      const played: { src: string; ended: boolean; duration: number }[] = [];
      (window as unknown as { __played: typeof played }).__played = played;
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        const entry = { src: this.src, ended: false, duration: 0 };
        played.push(entry);
        this.addEventListener('ended', () => {
          entry.ended = true;
          entry.duration = this.duration;
        });
        return play.call(this);
      };
    });
  });

  afterAll(async () => {
    await session?.close();
    await preview?.close();
  });

  it('records a text, saves it as MP3 that passes the content check, plays it and deletes it', async () => {
    await page.goto(`${url}/preview.html#q=1&lang=tr`);
    const row = page.locator('.preview-recording[data-field="situationText"]');
    await row.getByText('Keine Aufnahme – die Gerätestimme liest vor.').waitFor();
    const file = join(audioDir, 'q01/tr-situationText.mp3');
    expect(existsSync(file)).toBe(false);

    // The recording lasts from the click on 'Aufnehmen' to the one on 'Stopp': about 2 s, longer when
    // the machine is busy, so the bound below is taken from the clock, not assumed.
    const recordingFrom = Date.now();
    await row.getByRole('button', { name: 'Aufnehmen' }).click();
    await row.getByText('Aufnahme läuft …').waitFor();
    await page.waitForTimeout(2000);
    await row.getByRole('button', { name: 'Stopp' }).click();
    const recordedSeconds = (Date.now() - recordingFrom) / 1000;
    await row.getByText('Aufnahme gespeichert.').waitFor({ timeout: 15_000 });
    expect(await page.locator('.preview-recording-message').count()).toBe(0);

    // The file is MP3, trimmed to at most what was recorded (plus an MP3 frame's padding), at the
    // common loudness.
    const bytes = new Uint8Array(readFileSync(file));
    const decoded = await decodeMp3(bytes);
    console.info(
      `Recorded ${decoded.seconds.toFixed(2)} s, peak ${decoded.peak.toFixed(3)}, ${bytes.length} bytes`,
    );
    expect(decoded.frameErrors).toBe(0);
    expect(decoded.seconds).toBeGreaterThan(0.2);
    expect(decoded.seconds).toBeLessThan(recordedSeconds + 0.25);
    expect(decoded.peak).toBeGreaterThan(TARGET_PEAK - 0.1);
    expect(decoded.peak).toBeLessThan(1);
    // The content check accepts it as the recording of that text.
    const audio = await loadAudio(loadContent(options).questions, audioDir);
    expect(audio.issues).toEqual([]);
    expect(audio.questionRecordings.map((r) => r.key)).toContain('q01/tr-situationText');
    await screenshot(page, 'preview-recording-1024x768-tr');

    // 'Anhören' plays the saved file to its end.
    await row.getByRole('button', { name: 'Anhören' }).click();
    await page.waitForFunction(
      () =>
        (window as unknown as { __played: { src: string; ended: boolean }[] }).__played.some(
          (p) => p.src.includes('/__recordings/q01/tr-situationText.mp3') && p.ended,
        ),
      undefined,
      { timeout: 10_000 },
    );
    // Recording again is offered for a text that has a recording.
    await row.getByRole('button', { name: 'Neu aufnehmen' }).waitFor();

    // The other sizes and Arabic, for a person to look at.
    await page.setViewportSize(TABLET_PORTRAIT);
    await screenshot(page, 'preview-recording-768x1024-tr');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${url}/preview.html#q=1&lang=ar`);
    await page.locator('.preview-recording[data-field="answerText"]').waitFor();
    await screenshot(page, 'preview-recording-390x844-ar');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${url}/preview.html#q=1&lang=tr`);

    // 'Löschen' removes the file; the device's voice speaks the text again.
    const again = page.locator('.preview-recording[data-field="situationText"]');
    await again.getByRole('button', { name: 'Löschen' }).click();
    await again.getByText('Keine Aufnahme – die Gerätestimme liest vor.').waitFor();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses to write outside content/audio or for a text that does not exist', async () => {
    for (const key of [
      'q99/tr-situationText',
      'q01/de-situationText',
      '..%2F..%2Fpackage',
      'q02/tr-answerText',
    ]) {
      const response = await fetch(`${url}/__recordings/${key}.mp3`, {
        method: 'PUT',
        body: new Uint8Array([0x49, 0x44, 0x33, 0]),
      });
      expect(response.status, key).toBe(400);
    }
    const notMp3 = await fetch(`${url}/__recordings/q01/tr-questionText.mp3`, {
      method: 'PUT',
      body: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
    });
    expect(notMp3.status).toBe(415);
    expect(existsSync(join(audioDir, 'q01/tr-questionText.mp3'))).toBe(false);
  });

  it('warns when a text was changed after it was recorded, with the text the recording says', async () => {
    // Saved through the endpoint, as the preview saves it: the text it was made for is kept.
    const saved = await fetch(`${url}/__recordings/q01/tr-questionText.mp3`, {
      method: 'PUT',
      body: toneMp3({ seconds: 1, sampleRate: 8000 }) as Uint8Array<ArrayBuffer>,
    });
    expect(saved.status).toBe(201);
    expect(readFileSync(join(audioDir, 'q01/tr-questionText.txt'), 'utf8')).toBe('Doğru saydım mı?\n');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${url}/preview.html#q=1&lang=tr`);
    // The same address as the test before ended on: load it anew, so the list is asked again.
    await page.reload();
    const row = page.locator('.preview-recording[data-field="questionText"]');
    await row.getByText('Aufnahme gespeichert.').waitFor();

    // The author changes the text afterwards.
    const pack = join(preview.contentDir, 'questions/01-count-and-forgotten.yaml');
    writeFileSync(
      pack,
      readFileSync(pack, 'utf8').replace(
        'questionText: "Doğru saydım mı?"',
        'questionText: "Doğru mu saydım?"',
      ),
    );
    const content = await waitForStale(options, audioDir);
    expect(content).toEqual([
      expect.objectContaining({
        key: 'q01/tr-questionText',
        recordedText: 'Doğru saydım mı?\n',
        currentText: 'Doğru mu saydım?',
      }),
    ]);
    // The dev server reloads the preview by itself when a pack changes; a reload of ours that meets
    // that one is aborted, and the page then is the reloaded one all the same.
    await page.reload().catch(async (error: unknown) => {
      if (!/ERR_ABORTED|frame was detached/.test(String(error))) throw error;
      await page.waitForLoadState('load');
    });
    await row
      .getByText('Veraltet: Der Text wurde nach der Aufnahme geändert – bitte neu aufnehmen.', {
        exact: false,
      })
      .waitFor({ timeout: 15_000 });
    expect(await row.locator('.preview-recording-state').textContent()).toContain(
      'Aufgenommen wurde: „Doğru saydım mı?“',
    );
    expect(await row.locator('.preview-recording-text').textContent()).toBe('Doğru mu saydım?');
    await screenshot(page, 'preview-recording-stale-1024x768-tr');

    // Deleting it removes the remembered text too.
    await row.getByRole('button', { name: 'Löschen' }).click();
    await row.getByText('Keine Aufnahme – die Gerätestimme liest vor.').waitFor();
    expect(existsSync(join(audioDir, 'q01/tr-questionText.txt'))).toBe(false);
  });
});

/** The stale recordings content:check reports, once the changed pack is read. */
async function waitForStale(options: LoadOptions, audioDir: string) {
  const audio = await loadAudio(loadContent(options).questions, audioDir);
  return audio.staleRecordings;
}
