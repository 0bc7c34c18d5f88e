import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { fullRun, USER } from '../results/test-fixtures';
import { buildResultDocument, soundNotice } from './use-result-document';

const t = i18n.t.bind(i18n);
const withPrompts = (sources: ('recording' | 'synthesis' | 'none')[]) =>
  fullRun([1, 2, 3, 4, 5]).map((answer, index) => ({
    ...answer,
    prompt: { source: sources[index % sources.length]!, replays: 0 },
  }));

describe('the notice of a test without sound (docs/product.md §14)', () => {
  it('names how many screens the child heard nothing on', () => {
    const notice = soundNotice(withPrompts(['none']), t);
    expect(notice?.heading).toBe('Ohne Ton durchgeführt: Ergebnis nur eingeschränkt aussagekräftig');
    expect(notice?.text).toContain('Bei 23 von 23 Aufgaben wurde dem Kind nichts vorgelesen.');
    expect(soundNotice(withPrompts(['synthesis', 'none', 'recording']), t)?.text).toContain(
      'Bei 8 von 23 Aufgaben',
    );
  });

  it('is absent when every prompt was spoken, and for answers saved before prompts were recorded', () => {
    expect(soundNotice(withPrompts(['synthesis', 'recording']), t)).toBeUndefined();
    expect(soundNotice(fullRun([1, 2]), t)).toBeUndefined();
  });

  it('leaves the levels as they are computed without it', () => {
    const silent = buildResultDocument(USER, withPrompts(['none']), t);
    const spoken = buildResultDocument(USER, withPrompts(['synthesis']), t);
    expect(silent.soundNotice).toBeDefined();
    expect(spoken.soundNotice).toBeUndefined();
    expect(silent.levels).toEqual(spoken.levels);
    expect(silent.meanings).toEqual(spoken.meanings);
  });
});
