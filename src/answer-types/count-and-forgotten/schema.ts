import { z } from 'zod';
import { allTexts, answerTextField, answerType, common } from '../../../schemas/question-parts.ts';

/**
 * Authoring schema of CountAndForgotten (build side: imported by schemas/question.ts only).
 * answerText is required here, so the all-or-none check of question() would only repeat its message.
 */
export const countAndForgottenSchema = z.strictObject({
  ...common,
  answerType: answerType(
    'CountAndForgotten',
    'Ja/Nein first; Nein leads to a number typed under answerText.',
  ),
  texts: allTexts(answerTextField),
});
