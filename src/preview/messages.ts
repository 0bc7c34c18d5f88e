import type { AnswerSubmission } from '../answer-types/types';
import type { PreviewLanguage } from './preview-hash';

/** The child's-screen frame tells the preview page that the question was answered. */
export interface PreviewAnswerMessage {
  type: 'zaehltest-preview-answer';
  questionId: number;
  language: PreviewLanguage;
  run: number;
  submission: AnswerSubmission;
}

export function isPreviewAnswerMessage(data: unknown): data is PreviewAnswerMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'zaehltest-preview-answer' &&
    typeof (data as { submission?: unknown }).submission === 'object'
  );
}
