import { sameWording } from '../../schemas/recorded-text';
import type { UpdatesAnswer } from '../../schemas/sprachen-api';
import { RECORDED_PHRASES, TEXT_FIELDS, type TextField } from '../../schemas/text-keys';
import type { ConfirmedTexts } from '../content/languages';
import type { LanguagePack, Texts } from '../content/types';

/**
 * The native review's updates on the tablet (docs/product.md §50): confirmed corrections of the
 * build's texts and approved recordings, as the results server serves them for the app's content
 * version. A test uses the updates there were at 'Test beginnen' (the snapshot, saved with the
 * session), so nothing a child hears or reads changes while it runs. Pure functions; the storage
 * and the fetching are in stored-updates.ts.
 */

/** A recording of one text: where the server serves it and the wording it speaks. */
export type ServedRecording = UpdatesAnswer['recordings'][string];

/**
 * GET /api/sprachen/updates for one language: text key ('1.situationText', 'soundCheck',
 * 'numberWords.3.say') → confirmed corrected wording, and the approved recordings; the server's
 * progress of the language when the answer is for the server's own content version.
 */
export type LanguageUpdates = UpdatesAnswer;

/** How many of a language's texts were confirmed and recorded for one test (the result shows it). */
export interface ReviewCounts {
  texts: number;
  confirmed: number;
  /** Texts that are spoken and may be recorded. */
  spoken: number;
  /** Spoken texts the test played from a recording (an approved one or the build's). */
  recorded: number;
}

/** What a test keeps from 'Test beginnen' to its result: the updates it runs with and its counts. */
export interface UpdatesSnapshot {
  content: string;
  language: string;
  texts: Record<string, string>;
  recordings: Record<string, ServedRecording>;
  counts: ReviewCounts;
}

/** The review key of a question's text: '1.situationText'. */
export function questionTextKey(questionId: number, field: string): string {
  return `${questionId}.${field}`;
}

/** A question's texts in the child's language with the snapshot's confirmed corrections in place. */
export function correctedTexts(texts: Texts, questionId: number, snapshot: UpdatesSnapshot | null): Texts {
  if (!snapshot) return texts;
  let corrected: Texts | undefined;
  for (const field of Object.keys(texts) as (keyof Texts)[]) {
    const text = snapshot.texts[questionTextKey(questionId, field)];
    if (text === undefined || typeof texts[field] !== 'string') continue;
    corrected ??= { ...texts };
    (corrected as Record<string, string | undefined>)[field] = text;
  }
  return corrected ?? texts;
}

/** A language pack with the snapshot's confirmed corrections of its phrases and number words. */
export function correctedPack(pack: LanguagePack, snapshot: UpdatesSnapshot | null): LanguagePack {
  if (!snapshot) return pack;
  const entries = Object.entries(snapshot.texts);
  if (entries.length === 0) return pack;
  let corrected: LanguagePack | undefined;
  for (const [key, text] of entries) {
    const word = /^numberWords\.(\d+)\.(word|say)$/.exec(key);
    if (word) {
      const n = Number(word[1]);
      const part = word[2] as 'word' | 'say';
      if (!pack.numberWords[n]) continue;
      corrected ??= { ...pack, numberWords: [...pack.numberWords] };
      corrected.numberWords[n] = { ...corrected.numberWords[n]!, [part]: text };
      continue;
    }
    if (key.includes('.') || typeof (pack as unknown as Record<string, unknown>)[key] !== 'string') continue;
    corrected ??= { ...pack, numberWords: [...pack.numberWords] };
    (corrected as unknown as Record<string, string>)[key] = text;
  }
  return corrected ?? pack;
}

/**
 * The recording to play for a text: the snapshot's approved recording when it speaks the text's
 * current wording; else the build's recording unless a correction changed the text it was made for
 * (the old take is stale, the device's voice speaks the new wording); else none.
 */
export function chooseRecording(
  snapshot: UpdatesSnapshot | null,
  key: string,
  currentText: string | undefined,
  built: string | undefined,
): { url: string; served: boolean } | undefined {
  const served = snapshot?.recordings[key];
  if (served && currentText !== undefined && sameWording(served.text, currentText)) {
    return { url: served.url, served: true };
  }
  if (snapshot && snapshot.texts[key] !== undefined) return undefined;
  return built ? { url: built, served: false } : undefined;
}

/** The build's side of the counts: what the app was built with (content/reviews/, content/audio/). */
export interface BuiltFacts {
  /** How many texts the language has and how many of them are 'nicht geprüft' in the build. */
  texts: number;
  unreviewed: number;
  /** The language's question texts: review key → text, for the spoken fields of every question. */
  spokenTexts: ReadonlyMap<string, string>;
  /** The build's recordings: review key → URL (question texts and phrases). */
  builtRecordings: ReadonlyMap<string, string>;
}

/** The spoken texts of a language: its questions' situation, question and answer texts, and the recorded phrases. */
export function spokenTexts(
  questions: readonly { id: number; texts: Partial<Record<string, Texts>> }[],
  language: string,
  pack: LanguagePack | undefined,
): Map<string, string> {
  const texts = new Map<string, string>();
  for (const question of questions) {
    const own = question.texts[language];
    for (const field of TEXT_FIELDS) {
      const text = own?.[field as TextField];
      if (question.texts.de?.[field as TextField] && typeof text === 'string')
        texts.set(questionTextKey(question.id, field), text);
    }
  }
  for (const phrase of RECORDED_PHRASES) {
    const text = pack?.[phrase];
    if (typeof text === 'string') texts.set(phrase, text);
  }
  return texts;
}

/**
 * The snapshot a test begins with: the stored updates of its language when they belong to this
 * build's content version (others would name texts this build does not have), with only the
 * recordings whose bytes the device holds (so the test plays them offline too), and the counts the
 * result shows.
 */
export function takeSnapshot(
  updates: LanguageUpdates | undefined,
  language: string,
  contentVersion: string,
  built: BuiltFacts,
  isStored: (url: string) => boolean,
): UpdatesSnapshot {
  const usable = updates && updates.content === contentVersion && updates.language === language;
  const texts = usable ? { ...updates.texts } : {};
  const recordings: Record<string, ServedRecording> = {};
  if (usable) {
    for (const [key, recording] of Object.entries(updates.recordings)) {
      if (isStored(recording.url)) recordings[key] = recording;
    }
  }
  const partial: UpdatesSnapshot = {
    content: contentVersion,
    language,
    texts,
    recordings,
    counts: { texts: 0, confirmed: 0, spoken: 0, recorded: 0 },
  };
  let recorded = 0;
  for (const [key, text] of built.spokenTexts) {
    const current = texts[key] ?? text;
    if (chooseRecording(partial, key, current, built.builtRecordings.get(key))) recorded++;
  }
  const confirmed =
    servedCount(updates, language, contentVersion, built.texts)?.confirmed ?? built.texts - built.unreviewed;
  return {
    ...partial,
    counts: { texts: built.texts, confirmed, spoken: built.spokenTexts.size, recorded },
  };
}

/**
 * The server's count of a language's confirmed texts, when its stored answer is for this build's
 * content version and counts the same texts (docs/product.md §50); undefined means the build's
 * review record counts. The server's count includes confirmations of unchanged texts, which the
 * tablet is not sent (and a served correction may replace a text the record already confirms, so
 * adding the two could count a text twice). The snapshot's counts and the language's '(Entwurf)'
 * on the child's details both come from here.
 */
export function servedCount(
  updates: LanguageUpdates | undefined,
  language: string,
  contentVersion: string,
  builtTexts: number,
): ConfirmedTexts | undefined {
  if (!updates || updates.content !== contentVersion || updates.language !== language) return undefined;
  const progress = updates.progress;
  if (!progress || builtTexts === 0 || progress.texts !== builtTexts) return undefined;
  return { texts: progress.texts, confirmed: Math.min(progress.confirmed, progress.texts) };
}

/** The MP3 URLs a snapshot or a stored answer refers to. */
export function recordingUrls(updates: Pick<LanguageUpdates, 'recordings'> | null | undefined): string[] {
  return Object.values(updates?.recordings ?? {}).map((recording) => recording.url);
}
