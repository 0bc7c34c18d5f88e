import type { ChildLanguage } from '../content/types';
import type { School, SchoolLevel, ScoredLevel } from '../domain/facts';
import type { AssignedLevel } from '../results/levels';
import type { EndedEarly, Understanding } from '../store/types';
import type { ParentalConsent } from './consent';

/** A child of this device, as the educator entered it (kept on the device only, sealed). */
export interface Child {
  /** The pseudonymous child code (src/children/code.ts); the only part that is ever uploaded. */
  code: string;
  name: string;
  /** YYYY-MM-DD or ''. */
  birthDate: string;
  school: School;
  schoolLevel: SchoolLevel;
  language: ChildLanguage;
  /**
   * The parents' consent (docs/product.md §48), kept sealed like the name; absent: none recorded
   * (also every child stored before format 2).
   */
  consent?: ParentalConsent;
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
}

/** Points of one level in one test. */
export interface LevelPoints {
  level: ScoredLevel;
  points: number;
  questions: number;
  achieved: boolean;
}

/** A finished test of a saved child, kept on the device for its Verlauf and the overview. */
export interface LocalResult {
  submissionId: string;
  childCode: string;
  /** YYYY-MM-DD, the local day of the last answer. */
  testDate: string;
  /** ISO timestamp of the last answer: orders two tests of one day. */
  finishedAt: string;
  language: ChildLanguage;
  levels: LevelPoints[];
  assignedLevel: AssignedLevel;
  /**
   * 'Test beenden' (docs/product.md §38): the test ended early with this reason; it assigns no level
   * (its `assignedLevel` is not shown) and shortens 'Erneut testen ab' for 'müde' and 'Störung'.
   * Absent for a test run to its end and in results stored before.
   */
  endedEarly?: EndedEarly;
  /**
   * Screens whose prompt was not spoken, of those recorded (docs/product.md §14), so the
   * Gruppenübersicht can mark 'ohne Ton'. Absent when no prompt was recorded and in results stored
   * before.
   */
  silentPrompts?: { count: number; total: number };
  /** 'Sprachverständnis' as recorded on the start screen (docs/product.md §39), when it was. */
  understanding?: Understanding;
  /** Every scored answer: question id, whether it was right, what was given. */
  answers: { question: number; correct: boolean; given: string }[];
}
