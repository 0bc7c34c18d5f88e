import { describe, expect, it } from 'vitest';
import { chooseSource, combineSources } from './source';
import { FakeSynthesis, voice } from './test-fakes';
import { loadVoices, pickVoice } from './voices';

describe('pickVoice', () => {
  it('takes a voice of the language only, of any region and spelling', () => {
    const voices = [voice('de-DE'), voice('en-US'), voice('ar_EG')];
    expect(pickVoice(voices, 'ar')?.lang).toBe('ar_EG');
    expect(pickVoice(voices, 'tr')).toBeNull();
    expect(pickVoice([voice('tra-XX')], 'tr')).toBeNull();
  });

  it('prefers a voice on the device to a network voice, then the better quality, then the region', () => {
    const network = voice('tr-TR', 'Google Türkçe', false);
    const local = voice('tr-CY', 'Yelda', true);
    const enhanced = voice('tr-CY', 'Yelda (Enhanced)', true);
    const region = voice('tr-TR', 'Tr', true);
    expect(pickVoice([network, local], 'tr')).toBe(local);
    expect(pickVoice([network, local, region], 'tr')).toBe(region);
    expect(pickVoice([network, local, region, enhanced], 'tr')).toBe(enhanced);
  });
});

describe('loadVoices', () => {
  it('waits for voiceschanged when the list is still empty', async () => {
    const synthesis = new FakeSynthesis([], []);
    const loading = loadVoices(synthesis, 5000);
    synthesis.voicesChanged([voice('ro-RO')]);
    expect((await loading).map((v) => v.lang)).toEqual(['ro-RO']);
  });

  it('gives up after the timeout on a device without voices', async () => {
    const synthesis = new FakeSynthesis([], []);
    const started = performance.now();
    expect(await loadVoices(synthesis, 30)).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});

describe('chooseSource', () => {
  it('a recording before the device voice before none', () => {
    expect(chooseSource('/assets/q01-tr.mp3', true)).toBe('recording');
    expect(chooseSource('/assets/q01-tr.mp3', false)).toBe('recording');
    expect(chooseSource(undefined, true)).toBe('synthesis');
    expect(chooseSource(undefined, false)).toBe('none');
  });

  it('a screen counts as recorded only when all its texts were', () => {
    expect(combineSources(['recording', 'recording'])).toBe('recording');
    expect(combineSources(['recording', 'synthesis'])).toBe('synthesis');
    expect(combineSources(['recording', 'none'])).toBe('synthesis');
    expect(combineSources(['none', 'none'])).toBe('none');
    expect(combineSources([])).toBe('none');
  });
});
