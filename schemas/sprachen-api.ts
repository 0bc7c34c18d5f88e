/**
 * Native review and recording of the child languages' texts (docs/product.md §50): what the server's
 * /api/sprachen routes answer, for the page /verwaltung/sprachen, the tablets and content:pull.
 * Types and constants only; both sides import them.
 */

/** The largest recording the server takes: a prompt of a few seconds at 80 kbit/s is far smaller. */
export const MAX_RECORDING_BYTES = 4 * 1024 * 1024;

/** Who confirmed the texts of a review record in content/reviews/ (by the build, not an account). */
export const CONFIRMED_BY_FILE = 'Datei';

/** A text's group on the page: a question's text, a phrase of the language pack, a number word. */
export type TextGroup = 'frage' | 'satz' | 'zahlwort';

/** One text of a child language as the server's build has it (content/, baked into the bundle). */
export interface CatalogueText {
  /** The review key: '1.situationText', 'soundCheck', 'numberWords.3.say'. */
  key: string;
  /** The question's id; null for a text of the language pack. */
  question: number | null;
  field: string;
  group: TextGroup;
  /** The German reference. */
  german: string;
  /** The build's text in the child language ('' when not translated yet). */
  text: string;
  /** content/reviews/<code>.yaml of the build confirms exactly this text against this reference. */
  fileConfirmed: boolean;
  /** The recording's key under content/audio/ (schemas/text-keys.ts); null for a text never spoken. */
  recordingKey: string | null;
}

export interface Confirmation {
  /** An account's name, or CONFIRMED_BY_FILE. */
  by: string;
  at: string | null;
}

export interface Proposal {
  text: string;
  note: string;
  by: string;
  at: string;
}

/** A take of a spoken text. */
export interface RecordingInfo {
  id: number;
  /** /api/sprachen/recordings/<id>.mp3 */
  url: string;
  /** The wording it speaks. */
  text: string;
  madeBy: string;
  madeAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  /** Its wording is no longer the text's current wording: it is not used. */
  stale: boolean;
}

/** A text with its review and recordings (GET /api/sprachen/texts). */
export interface TextState extends CatalogueText {
  /** The current wording: the build's text, or a correction another account confirmed. */
  current: string;
  /** The current wording is a confirmed correction of the build's text. */
  corrected: boolean;
  /** Who confirmed the current wording against the current German reference; null: 'nicht geprüft'. */
  confirmed: Confirmation | null;
  /** A proposed correction waiting for another account's confirmation. */
  proposal: Proposal | null;
  /** The latest take, if any. */
  recording: RecordingInfo | null;
  /** The approved, current take tablets are given, if any (may be older than `recording`). */
  served: RecordingInfo | null;
}

/** Per language (docs/product.md §50). */
export interface Progress {
  texts: number;
  confirmed: number;
  /** Texts that are spoken and may be recorded. */
  spoken: number;
  /** Spoken texts with an approved, current recording. */
  recorded: number;
  correctionsPending: number;
}

/** The progress of a language's texts, as the server and the page count it. */
export function progressOf(texts: readonly TextState[]): Progress {
  return {
    texts: texts.length,
    confirmed: texts.filter((text) => text.confirmed !== null).length,
    spoken: texts.filter((text) => text.recordingKey !== null).length,
    recorded: texts.filter((text) => text.served !== null).length,
    correctionsPending: texts.filter((text) => text.proposal !== null).length,
  };
}

/** GET /api/sprachen/languages: the languages the account reviews (the Verwaltung: all). */
export interface SprachenLanguage {
  code: string;
  name: string;
  dir: 'ltr' | 'rtl';
  progress: Progress;
}

/** GET /api/sprachen/texts?language=<code>. */
export interface LanguageTextsAnswer {
  content: string;
  language: string;
  progress: Progress;
  texts: TextState[];
}

/** POST /api/sprachen/confirm: confirms `text` (the current wording, or a proposal) of `key`. */
export interface ConfirmBody {
  language: string;
  key: string;
  text: string;
}

/** POST /api/sprachen/corrections. */
export interface CorrectionBody {
  language: string;
  key: string;
  text: string;
  note: string;
}

/**
 * GET /api/sprachen/updates (tablets, no login): confirmed corrections and approved recordings, and
 * the language's progress when `content` is the server's own content version (the same counts as
 * the page's, so a tablet counts confirmations of unchanged texts too).
 */
export interface UpdatesAnswer {
  content: string;
  language: string;
  texts: Record<string, string>;
  recordings: Record<string, { url: string; text: string }>;
  progress?: Progress;
}

/** GET /api/sprachen/export (content:pull). */
export interface ExportAnswer {
  content: string;
  language: string;
  texts: Record<string, { text: string; confirmedBy: string; confirmedAt: string | null }>;
  confirmed: string[];
  recordings: Record<string, { url: string; text: string }>;
}
