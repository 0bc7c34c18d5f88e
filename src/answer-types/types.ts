import type { AnswerType, ChildLanguage, ServedQuestion } from '../content/types';
import type { PromptRecord } from '../speech/prompt-session';

/** What an answer renderer hands over when the child has answered. */
export interface AnswerSubmission {
  givenAnswer: string;
  correct: boolean;
  responseTimeMs: number;
  exposureMs?: number;
  pageHiddenDuringExposure?: boolean;
  /** The flash's first frame reached the screen this many ms late; the exposure was timed from then. */
  lateFirstFrameMs?: number;
  /** What was entered, for a readable display (five fingers: both splits; move dots: dots laid). */
  entry: AnswerEntry;
  /** The flash was interrupted by a reload: its pictures were not shown again (docs/product.md §19). */
  interrupted?: boolean;
  /** Every measured exposure when the educator showed the pictures again; `exposureMs` is the first. */
  exposuresMs?: number[];
  /** Practice questions: how many tries it took until the answer was right, or until 'Weiter'. */
  tries?: number;
  /** Practice: the educator went on with 'Weiter' after wrong tries (docs/product.md §6); never right. */
  skipped?: true;
  /** How the spoken prompt reached the child and how often it was replayed. */
  prompt?: PromptRecord;
  /** 'Weiß nicht': recorded as "keine Antwort", scored 0, kept apart from a wrong answer. */
  noAnswer?: true;
}

/** The served question of one answerType. */
export type QuestionOf<T extends AnswerType> = Extract<ServedQuestion, { answerType: T }>;

/** What every answer renderer receives: its question, the child's language and where to answer. */
export interface RendererProps<T extends AnswerType> {
  question: QuestionOf<T>;
  language: ChildLanguage;
  onAnswer(submission: AnswerSubmission): void;
  /** Ends the session (offered where the test cannot go on). */
  onRestart(): void;
}

/** One left/right split of the five-fingers question. */
export interface FingerSplit {
  left: number;
  right: number;
}

/**
 * What was entered, for a readable display (the scored `givenAnswer` alone can hide it: five
 * fingers stores only '5' or '0', count-and-forgotten's 'Ja' stores '0').
 */
export type AnswerEntry =
  | { kind: 'number'; value: string }
  | { kind: 'yes' }
  | { kind: 'no' }
  | { kind: 'fingers'; attempts: FingerSplit[] }
  | { kind: 'dots'; count: number }
  /** 'Weiß nicht' in the educator's bar: the child gave no answer (docs/product.md, "The educator understands the child"). */
  | { kind: 'no-answer' };

/** How a given answer reads; `answerText()` in shared/answer-text.ts turns it into German. */
export type AnswerDisplay = AnswerEntry | { kind: 'empty' };

/** A given answer as the display reads it (an AnswerRecord or a preview submission). */
export interface GivenAnswer {
  givenAnswer: string;
  /** Absent in sessions saved before it existed. */
  entry?: AnswerEntry;
}

/** The question screens of docs/product.md §26, named as the flow names them. */
export type QuestionScreen =
  | 'question'
  | 'timer-image-question'
  | 'image-compare'
  | 'count-and-forgotten'
  | 'five-fingers'
  | 'move-dots'
  | 'examples/move-dots'
  | 'examples/timer';

/**
 * How an answer is given: a typed number, one of the offered numbers, Ja/Nein, Ja or Nein and a
 * typed number, two finger fields twice, dots moved into the child's box; or not at all.
 */
export type AnswerInput =
  | 'typed-number'
  | 'choice'
  | 'yes-no'
  | 'yes-or-number'
  | 'fingers'
  | 'dots'
  | 'none';

/**
 * Everything about one answer type that is not React: the screen it is served on, its pure
 * scoring and how its answers read. Its renderer is registered in renderers.ts (the question
 * screens' chunk), its authoring schema in its folder's schema.ts (build side, see schemas/).
 */
export interface AnswerTypeDescriptor<T extends AnswerType> {
  answerType: T;
  screen: QuestionScreen;
  /** How the answer is given on screen (the browser tests answer every type by it). */
  input: AnswerInput;
  /** Pictures are flashed after 'Bereit' before the answer can be given (docs/product.md §7). */
  flashed: boolean;
  /** Practice: level 0, feedback in a dialog, never scored or sent (docs/product.md §6). */
  practice: boolean;
  /** Whether a given answer is right. */
  score(givenAnswer: string, correctAnswer: number): boolean;
  /** How a given answer reads on the results page, in the PDF and in the preview. */
  display(answer: GivenAnswer): AnswerDisplay;
  /** How the right answer reads (preview). */
  displayCorrect(correctAnswer: number): AnswerDisplay;
}
