import { describe, expect, it } from 'vitest';
import { Speaker } from './speaker';
import { fakePorts, settle } from './test-fakes';

describe("a served recording plays from the device's copy (docs/product.md §50)", () => {
  it('asks where to play each recording from when it plays, so a replay after a reload finds the copy', async () => {
    const { ports, audio, log } = fakePorts();
    const copies = new Map<string, string>();
    const speaker = new Speaker({
      ...ports,
      recordingSource: async (url) => copies.get(url) ?? url,
    });
    const utterance = { text: 'İyi dinle.', language: 'tr', recordingUrl: '/api/sprachen/recordings/7.mp3' };
    void speaker.play([utterance]);
    await settle();
    audio.finish();
    // The copy was read meanwhile (the snapshot's recordings are read a moment after a reload).
    copies.set('/api/sprachen/recordings/7.mp3', 'blob:zaehltest/7');
    const sources = speaker.play([utterance]);
    await settle();
    audio.finish();
    expect(await sources).toEqual(['recording']);
    expect(log).toEqual(['audio:/api/sprachen/recordings/7.mp3', 'audio:blob:zaehltest/7']);
  });

  it('plays nothing once stopped while it looked for the copy', async () => {
    const { ports, log } = fakePorts();
    let release: () => void = () => undefined;
    const speaker = new Speaker({
      ...ports,
      recordingSource: (url) => new Promise((resolve) => (release = () => resolve(url))),
    });
    const playing = speaker.play([{ text: 'x', language: 'tr', recordingUrl: '/r.mp3' }]);
    await settle();
    speaker.stop();
    release();
    expect(await playing).toBe('stopped');
    expect(log).toEqual([]);
  });
});
