import type { AnswerType, ChildLanguage, Texts } from '../content/types';

export type School = 'Kita' | 'Grundschule' | 'Foerderschule';
export type SchoolLevel = '' | '1' | '2' | '3' | '4';

/** The child's details; kept on this device only (the name is never sent). */
export interface UserData {
  name: string;
  /** YYYY-MM-DD as the date input gives it, or '' */
  birthdate: string;
  school: School;
  schoolLevel: SchoolLevel;
  language: ChildLanguage;
}

/** One given answer, as the results page, the PDF and the upload read it. */
export interface AnswerRecord {
  question: { id: number; level: number; answerType: AnswerType; currentTexts: Texts };
  /** As entered on screen (a string); scored by parsing it as an integer. */
  givenAnswer: string;
  correct: boolean;
  /** From the moment the answer could be given (question shown / picture hidden) to submit. */
  responseTimeMs: number;
  /** Measured on-screen time of a flashed picture, for timed questions. */
  exposureMs?: number;
  /** True when the page was hidden while the picture was flashed (exposure not trustworthy). */
  pageHiddenDuringExposure?: boolean;
  /** ISO timestamp of the answer. */
  answeredAt: string;
}

/** Every screen of SPEC section 2; navigation is this state, never the address bar. */
export type Screen =
  | 'access'
  | 'userdata'
  | 'startscreen'
  | 'transition'
  | 'question'
  | 'timer-image-question'
  | 'image-compare'
  | 'count-and-forgotten'
  | 'five-fingers'
  | 'move-dots'
  | 'examples/move-dots'
  | 'examples/timer'
  | 'result';
