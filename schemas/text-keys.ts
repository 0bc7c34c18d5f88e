/**
 * The two names of a spoken text (docs/product.md §50): its review key, as schemas/language-facts.ts
 * `languageTexts` names it ('1.situationText', 'soundCheck', 'numberWords.3.say'), and its
 * recording's key under content/audio/ ('q01/tr-situationText', 'phrases/tr-soundCheck'). The one
 * place that maps between them, for the server, content:pull and the app. Imports nothing.
 */

/** A question's texts that are spoken and may be recorded (scripts/content/audio.ts). */
export const TEXT_FIELDS = ['situationText', 'questionText', 'answerText'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The language pack's phrases that may be recorded (practiceWrongNumber says a number that varies). */
export const RECORDED_PHRASES = [
  'soundCheck',
  'practiceCorrect',
  'practiceWrongNo',
  'practiceWrongYes',
] as const;

/** The folder of the phrases' recordings under content/audio/. */
export const PHRASES_FOLDER = 'phrases';

const QUESTION_KEY = /^([1-9]\d?)\.([A-Za-z]+)$/;
const RECORDING_KEY = /^(?:q(\d{2})|phrases)\/([a-z]{2,3})-([A-Za-z]+)$/;

/**
 * The recording key of a text ('1.situationText' in tr → 'q01/tr-situationText', 'soundCheck' →
 * 'phrases/tr-soundCheck'); undefined for a text that is never spoken (number words, practiceWrongNumber).
 */
export function recordingKeyOf(language: string, textKey: string): string | undefined {
  const question = QUESTION_KEY.exec(textKey);
  if (question) {
    const [, id, field] = question as unknown as [string, string, string];
    if (!(TEXT_FIELDS as readonly string[]).includes(field)) return undefined;
    return `q${id.padStart(2, '0')}/${language}-${field}`;
  }
  if ((RECORDED_PHRASES as readonly string[]).includes(textKey))
    return `${PHRASES_FOLDER}/${language}-${textKey}`;
  return undefined;
}

/** The language and review key of a recording key; undefined when it names no spoken text. */
export function textKeyOfRecording(key: string): { language: string; textKey: string } | undefined {
  const match = RECORDING_KEY.exec(key);
  if (!match) return undefined;
  const [, id, language, field] = match as unknown as [string, string | undefined, string, string];
  const textKey = id === undefined ? field : `${Number(id)}.${field}`;
  return recordingKeyOf(language, textKey) === key ? { language, textKey } : undefined;
}
