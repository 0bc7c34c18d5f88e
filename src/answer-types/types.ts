import type { AnswerType, ChildLanguage, ServedQuestion } from '../content/types';
import type { AnswerSubmission } from '../store/slices';

export type { AnswerSubmission };

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
