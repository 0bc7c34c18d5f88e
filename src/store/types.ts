import type { AnswerEntry, AnswerSubmission, QuestionScreen } from '../answer-types/types';
import type { AnswerType, ChildLanguage, Texts } from '../content/types';
import type { EndReason, ResearchConsent, School, SchoolLevel, Understanding } from '../domain/facts';
import type { UpdatesSnapshot } from '../updates/snapshot';

export type { EndReason, School, SchoolLevel, Understanding };

/**
 * 'Test beenden' (docs/product.md §38): the test ended before its last question, with the reason the
 * educator chose and the question on screen then (its id, which is its position in the test).
 */
export interface EndedEarly {
  reason: EndReason;
  lastQuestion: number;
  /**
   * ISO time of 'Test beenden', kept on the device only (never sent): a test ended before its first
   * answer is cleared 12 hours after it like any finished one (docs/product.md §20).
   */
  endedAt?: string;
}

/** The flash of the question on screen, kept so that a reload never shows its pictures again. */
export interface FlashRecord {
  questionId: number;
  /** How often the pictures have started to show (a repeat makes 2). */
  shown: number;
  /** Measured exposures of the flashes that ended. */
  exposuresMs: number[];
}

/**
 * The wrong tries of the practice question on screen (docs/product.md §6), kept in the session so
 * that a reload goes on counting and 'Weiter' can record the last of them.
 */
export interface PracticeRecord {
  questionId: number;
  wrongTries: number;
  /** The last wrong try as the screen handed it over: what 'Weiter' records. */
  last: AnswerSubmission;
}

/** The child's details; kept on this device only (the name is never sent). */
export interface UserData {
  name: string;
  /** YYYY-MM-DD as the date input gives it, or '' */
  birthdate: string;
  school: School;
  schoolLevel: SchoolLevel;
  language: ChildLanguage;
  /**
   * The child code of a child saved on this device (docs/product.md, child code); absent for
   * 'Nicht speichern'. Uploaded as `childCode`, never with the name.
   */
  childCode?: string;
  /**
   * The parents' research consent as the upload carries it (docs/product.md §48), from the child's
   * recorded consent; absent in sessions saved before it was asked (uploaded as 'unknown').
   */
  researchConsent?: ResearchConsent;
}

/** One given answer, as the results page, the PDF and the upload read it. */
export interface AnswerRecord {
  question: { id: number; level: number; answerType: AnswerType; currentTexts: Texts };
  /** As entered on screen (a string); scored by parsing it as an integer. */
  givenAnswer: string;
  /**
   * What was entered, for the display (five fingers: the splits of both attempts; move dots: the
   * dots laid; count-and-forgotten: 'Ja' or the number typed). Absent in sessions saved before it.
   */
  entry?: AnswerEntry;
  correct: boolean;
  /** From the moment the answer could be given (question shown / picture hidden) to submit. */
  responseTimeMs: number;
  /** Measured on-screen time of a flashed picture, for timed questions. */
  exposureMs?: number;
  /** True when the page was hidden while the picture was flashed (exposure not trustworthy). */
  pageHiddenDuringExposure?: boolean;
  /**
   * The flash's first frame reached the screen this many ms late (more than two frames); the
   * exposure was timed from when the pictures really appeared. Absent when it was on time.
   */
  lateFirstFrameMs?: number;
  /** A reload during or after the flash: the pictures were not shown again (docs/product.md §19). */
  interrupted?: boolean;
  /** Every measured exposure when the educator showed the pictures again ('Bild nochmal zeigen'). */
  exposuresMs?: number[];
  /** Practice questions: how many tries it took until the answer was right, or until 'Weiter'. */
  tries?: number;
  /**
   * Practice: the child did not find the right answer and the educator went on with 'Weiter'
   * (docs/product.md §6); `tries` counts the wrong tries, `givenAnswer` is the last of them.
   */
  skipped?: true;
  /**
   * How the spoken prompt was delivered (recording, device voice, none) and how often the speaker
   * button replayed it. Missing in sessions saved before prompts were spoken.
   */
  prompt?: { source: 'recording' | 'synthesis' | 'none'; replays: number };
  /** 'Weiß nicht' in the educator's bar: "keine Antwort", scored 0 (docs/product.md, "The educator understands the child"). */
  noAnswer?: true;
  /** ISO timestamp of the answer. */
  answeredAt: string;
}

/** Every screen of docs/product.md §26; navigation is this state, never the address bar. */
export type Screen =
  | 'access'
  | 'userdata'
  | 'overview'
  | 'startscreen'
  | 'transition'
  | QuestionScreen
  | 'result';

/**
 * The running session as the store saves it in localStorage (zustand persist's `state`), read
 * back after a reload. The one type for it: the store, the benchmarks and the test fixtures use it.
 */
export interface SavedSession {
  screen: Screen;
  user: UserData;
  submissionId: string | null;
  resultQueued: boolean;
  /** The educator's German line on question screens (docs/product.md §15); absent in older saves. */
  educatorLine?: boolean;
  /** The results PDF has been saved (docs/product.md §20); absent in older saves. */
  pdfSaved?: boolean;
  queue: number[];
  currentId: number | null;
  answers: AnswerRecord[];
  /** The flash of the question on screen (docs/product.md §19); absent in older saves. */
  flash?: FlashRecord | null;
  /** The wrong tries of the practice question on screen (docs/product.md §6); absent in older saves. */
  practice?: PracticeRecord | null;
  /** Set by 'Test beenden' (docs/product.md §38); absent in older saves and for a test run to its end. */
  endedEarly?: EndedEarly | null;
  /**
   * Whether the child understood the spoken language, recorded on the start screen
   * (docs/product.md §39); absent in older saves and before it is recorded.
   */
  understanding?: Understanding | null;
  /** The native review's updates of this test (docs/product.md §50); absent in older saves. */
  updates?: UpdatesSnapshot | null;
  /**
   * The Einrichtung the tablet was enrolled to (or the typed Einrichtungskennung) when the test
   * began, uploaded as `site` (docs/product.md §51); absent in older saves.
   */
  site?: string | null;
}

/** What localStorage holds under SESSION_STORAGE_KEY: the saved state and its format version. */
export interface StoredSessionEnvelope {
  state: SavedSession;
  version: number;
}
