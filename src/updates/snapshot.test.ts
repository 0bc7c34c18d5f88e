import { describe, expect, it } from 'vitest';
import {
  childLanguages,
  isDraftLanguage,
  languageFact,
  languageLabel,
  languageName,
  setServedCount,
} from '../content/languages';
import type { LanguagePack, Texts } from '../content/types';
import { i18n } from '../i18n';
import { buildResultPayload } from '../results/payload';
import { fullRun, USER } from '../results/test-fixtures';
import { buildResultDocument } from '../screens/use-result-document';
import {
  type BuiltFacts,
  chooseRecording,
  correctedPack,
  correctedTexts,
  type LanguageUpdates,
  servedCount,
  spokenTexts,
  takeSnapshot,
} from './snapshot';

const TEXTS: Texts = { situationText: 'Burada üç elma var.', questionText: 'Kaç elma?' } as Texts;

const BUILT: BuiltFacts = {
  texts: 10,
  unreviewed: 4,
  spokenTexts: new Map([
    ['1.situationText', 'Burada üç elma var.'],
    ['1.questionText', 'Kaç elma?'],
    ['soundCheck', 'Merhaba'],
  ]),
  builtRecordings: new Map([['1.questionText', '/assets/tr-questionText-abc.mp3']]),
};

const UPDATES: LanguageUpdates = {
  content: 'v1',
  language: 'tr',
  texts: { '1.questionText': 'Kaç tane elma var?' },
  recordings: {
    '1.situationText': { url: '/api/sprachen/recordings/7.mp3', text: 'Burada  üç elma var.\n' },
    soundCheck: { url: '/api/sprachen/recordings/8.mp3', text: 'Merhaba' },
  },
};

const everyStored = () => true;

describe('the snapshot a test begins with', () => {
  it('takes the corrections and the stored recordings of its language and content version', () => {
    const snapshot = takeSnapshot(UPDATES, 'tr', 'v1', BUILT, (url) => url.endsWith('/7.mp3'));
    expect(snapshot.texts).toEqual({ '1.questionText': 'Kaç tane elma var?' });
    // The soundCheck recording's bytes are not on the device: offline it could not play.
    expect(Object.keys(snapshot.recordings)).toEqual(['1.situationText']);
    // 1.situationText served; 1.questionText's built take is stale (corrected); soundCheck none stored.
    expect(snapshot.counts).toEqual({ texts: 10, confirmed: 6, spoken: 3, recorded: 1 });
  });

  it('ignores updates of another content version or language: they name another build’s texts', () => {
    for (const snapshot of [
      takeSnapshot(UPDATES, 'tr', 'v2', BUILT, everyStored),
      takeSnapshot(UPDATES, 'ar', 'v1', BUILT, everyStored),
      takeSnapshot(undefined, 'tr', 'v1', BUILT, everyStored),
    ]) {
      expect(snapshot.texts).toEqual({});
      expect(snapshot.recordings).toEqual({});
      // The build's own recording of 1.questionText counts, as nothing corrected its text.
      expect(snapshot.counts.recorded).toBe(1);
      expect(snapshot.counts.confirmed).toBe(6);
    }
  });

  it('counts the server’s confirmed texts when it sends its progress for the same texts', () => {
    const progress = { texts: 10, confirmed: 9, spoken: 3, recorded: 1, correctionsPending: 0 };
    expect(takeSnapshot({ ...UPDATES, progress }, 'tr', 'v1', BUILT, everyStored).counts.confirmed).toBe(9);
    const other = { ...progress, texts: 12 };
    expect(
      takeSnapshot({ ...UPDATES, progress: other }, 'tr', 'v1', BUILT, everyStored).counts.confirmed,
    ).toBe(6);
  });

  it('calls the language geprüft in the result and the upload when the server confirmed every text', () => {
    const progress = { texts: 10, confirmed: 10, spoken: 3, recorded: 0, correctionsPending: 0 };
    const { counts } = takeSnapshot({ ...UPDATES, progress }, 'tr', 'v1', BUILT, everyStored);
    expect(counts).toEqual({ texts: 10, confirmed: 10, spoken: 3, recorded: 2 });
    const user = { ...USER, language: 'tr' };
    expect(
      buildResultPayload('s', user, fullRun([1, 2]), 'v1', undefined, null, null, counts),
    ).not.toHaveProperty('translationStatus');
    const doc = buildResultDocument(user, fullRun([1, 2]), i18n.t.bind(i18n), undefined, null, null, counts);
    expect(doc.details.find((detail) => detail.label === 'Übersetzung')?.value).toBe(
      'alle 10 Texte von Muttersprachlern geprüft',
    );
    expect(doc.details.find((detail) => detail.label === 'Sprache')?.value).toBe('Türkisch');
    // One text short on the server: a draft, in the upload and after the name.
    const short = takeSnapshot(
      { ...UPDATES, progress: { ...progress, confirmed: 9 } },
      'tr',
      'v1',
      BUILT,
      everyStored,
    ).counts;
    expect(
      buildResultPayload('s', user, fullRun([1, 2]), 'v1', undefined, null, null, short).translationStatus,
    ).toBe('Entwurf');
    expect(
      buildResultDocument(
        user,
        fullRun([1, 2]),
        i18n.t.bind(i18n),
        undefined,
        null,
        null,
        short,
      ).details.find((detail) => detail.label === 'Sprache')?.value,
    ).toBe('Türkisch (Entwurf)');
  });
});

describe('the server’s count a tablet holds', () => {
  const progress = { texts: 10, confirmed: 10, spoken: 3, recorded: 1, correctionsPending: 0 };

  it('is the server’s progress of this build’s content version, language and texts', () => {
    expect(servedCount({ ...UPDATES, progress }, 'tr', 'v1', 10)).toEqual({ texts: 10, confirmed: 10 });
    // An answer for another content version, another language, other texts or without progress.
    expect(servedCount({ ...UPDATES, progress }, 'tr', 'v2', 10)).toBeUndefined();
    expect(servedCount({ ...UPDATES, progress }, 'ar', 'v1', 10)).toBeUndefined();
    expect(servedCount({ ...UPDATES, progress }, 'tr', 'v1', 11)).toBeUndefined();
    expect(servedCount(UPDATES, 'tr', 'v1', 10)).toBeUndefined();
    expect(servedCount(undefined, 'tr', 'v1', 10)).toBeUndefined();
  });

  it('makes a language no draft on the child’s details once every text is confirmed on the server', () => {
    const draft = childLanguages.find((code) => isDraftLanguage(code));
    if (!draft) throw new Error('content/ has no draft language');
    const texts = languageFact(draft)?.texts ?? 0;
    try {
      setServedCount(draft, { texts, confirmed: texts });
      expect(isDraftLanguage(draft)).toBe(false);
      expect(languageLabel(draft)).toBe(languageName(draft));
      // A test's own count (its start screen, its result) and a result without one (null) go first.
      expect(isDraftLanguage(draft, { texts, confirmed: texts - 1 })).toBe(true);
      expect(languageLabel(draft, null)).toBe(`${languageName(draft)} (Entwurf)`);
      setServedCount(draft, { texts, confirmed: texts - 1 });
      expect(languageLabel(draft)).toBe(`${languageName(draft)} (Entwurf)`);
    } finally {
      setServedCount(draft, undefined);
    }
    expect(isDraftLanguage(draft)).toBe(true);
  });
});

describe('texts and recordings during a test', () => {
  const snapshot = takeSnapshot(UPDATES, 'tr', 'v1', BUILT, everyStored);

  it('shows a confirmed correction instead of the build’s text', () => {
    expect(correctedTexts(TEXTS, 1, snapshot)).toEqual({
      situationText: 'Burada üç elma var.',
      questionText: 'Kaç tane elma var?',
    });
    expect(correctedTexts(TEXTS, 2, snapshot)).toBe(TEXTS);
    expect(correctedTexts(TEXTS, 1, null)).toBe(TEXTS);
  });

  it('corrects the language pack’s phrases and number words by their keys', () => {
    const pack = {
      yes: 'Evet',
      soundCheck: 'Merhaba',
      numberWords: [
        { word: 'sıfır', say: 'sɨfɨr' },
        { word: 'bir', say: 'bir' },
      ],
    } as unknown as LanguagePack;
    const corrected = correctedPack(pack, {
      ...snapshot,
      texts: {
        soundCheck: 'Merhaba!',
        'numberWords.1.say': 'biir',
        'numberWords.9.word': 'dokuz',
        nope: 'x',
      },
    });
    expect(corrected.soundCheck).toBe('Merhaba!');
    expect(corrected.numberWords[1]).toEqual({ word: 'bir', say: 'biir' });
    expect(corrected.numberWords).toHaveLength(2);
    expect(corrected).not.toHaveProperty('nope');
    expect(pack.soundCheck).toBe('Merhaba');
  });

  it('plays an approved recording that speaks the current wording, before the build’s', () => {
    expect(chooseRecording(snapshot, '1.situationText', 'Burada üç elma var.', '/assets/old.mp3')).toEqual({
      url: '/api/sprachen/recordings/7.mp3',
      served: true,
    });
  });

  it('falls back when the text changed: a corrected text’s built recording is stale', () => {
    expect(
      chooseRecording(snapshot, '1.questionText', 'Kaç tane elma var?', '/assets/q.mp3'),
    ).toBeUndefined();
    // A served recording made for other words is not played either.
    expect(chooseRecording(snapshot, '1.situationText', 'Burada dört elma var.', undefined)).toBeUndefined();
    expect(chooseRecording(null, '1.questionText', 'Kaç elma?', '/assets/q.mp3')).toEqual({
      url: '/assets/q.mp3',
      served: false,
    });
  });

  it('lists the spoken texts of a language: its questions’ texts and the recorded phrases', () => {
    const texts = spokenTexts(
      [
        { id: 1, texts: { de: { situationText: 'Hier', questionText: 'Wie viele?' } as Texts, tr: TEXTS } },
        { id: 2, texts: { de: { situationText: 'Da' } as Texts } },
      ],
      'tr',
      { soundCheck: 'Merhaba', practiceCorrect: 'Doğru' } as unknown as LanguagePack,
    );
    expect([...texts.keys()]).toEqual(['1.situationText', '1.questionText', 'soundCheck', 'practiceCorrect']);
  });
});
