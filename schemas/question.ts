import { z } from 'zod';
import { countAndForgottenSchema } from '../src/answer-types/count-and-forgotten/schema.ts';
import { fiveFingersSchema } from '../src/answer-types/five-fingers/schema.ts';
import { imageCompareSchema } from '../src/answer-types/image-compare/schema.ts';
import { moveDotsSchema } from '../src/answer-types/move-dots/schema.ts';
import { moveDotsExampleSchema } from '../src/answer-types/move-dots-example/schema.ts';
import { multipleChoiceSchema } from '../src/answer-types/multiple-choice/schema.ts';
import { multipleChoiceWithImagesSchema } from '../src/answer-types/multiple-choice-with-images/schema.ts';
import { textInputSchema } from '../src/answer-types/text-input/schema.ts';
import { timerImageExampleSchema } from '../src/answer-types/timer-image-example/schema.ts';
import { timerTextInputSchema } from '../src/answer-types/timer-text-input/schema.ts';
import { PRACTICE_TYPES } from '../src/domain/facts.ts';
import type { textsSchema } from './question-parts.ts';

/**
 * The schema of one question pack file under content/questions/: one variant per answer type,
 * each defined beside its answer type (src/answer-types/<type>/schema.ts) from the building
 * blocks in question-parts.ts. Build-side only: the client imports the inferred *types*, never
 * this module's values.
 */

export {
  type ChildLanguage,
  type Language,
  MOVABLE_DOTS,
  PRACTICE_TYPES,
  QUESTION_COUNT,
} from '../src/domain/facts.ts';
export {
  HINT_SEPARATOR,
  languageName,
  MAX_TIMER_INTERVAL_MS,
  MIN_TIMER_INTERVAL_MS,
  nameLanguage,
  PICTURE_FILE_NAME,
  pictureName,
  textsSchema,
} from './question-parts.ts';

/** Every authored answer type's schema part; the registry line of its folder on the build side. */
const ANSWER_TYPE_SCHEMAS = [
  textInputSchema,
  multipleChoiceSchema,
  multipleChoiceWithImagesSchema,
  timerTextInputSchema,
  imageCompareSchema,
  countAndForgottenSchema,
  fiveFingersSchema,
  moveDotsSchema,
  moveDotsExampleSchema,
  timerImageExampleSchema,
] as const;

const ANSWER_TYPE_NAMES = ANSWER_TYPE_SCHEMAS.map((schema) => schema.shape.answerType.value);

export const questionSchema = z
  .discriminatedUnion('answerType', ANSWER_TYPE_SCHEMAS, {
    // The union sees the whole question, so "missing" means the question has no answerType key.
    error: (issue: { input?: unknown }) =>
      issue.input && typeof issue.input === 'object' && !('answerType' in issue.input)
        ? `is missing — add "answerType:" with one of ${ANSWER_TYPE_NAMES.join(', ')}`
        : `is not a known answer type — use one of ${ANSWER_TYPE_NAMES.join(', ')}`,
  })
  .meta({
    title: 'Zähltest question',
    description:
      'One question of the Zähltest screening test (content/questions/NN-slug.yaml); the fields allowed depend on answerType.',
  });

export type Texts = z.infer<typeof textsSchema>;
export type QuestionSource = z.infer<typeof questionSchema>;
export type AuthoredAnswerType = QuestionSource['answerType'];

// The practice types of the domain facts must be authored types.
PRACTICE_TYPES satisfies readonly AuthoredAnswerType[];

/** Which fields of a question name a picture file (for existence checks and compilation). */
export const PICTURE_FIELDS = ['image', 'choiceImage', 'timerImage', 'timerImage2'] as const;
