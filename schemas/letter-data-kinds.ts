import { DATA_KINDS, type DataKind } from './letter-texts.ts';
import { resultPayloadSchema } from './result-payload.ts';

/**
 * What the Elternbrief lists under "Was wird erfasst?" (docs/product.md §49), read from the upload
 * schema the server validates with. A module of its own: the language pack schema imports the
 * letters' texts, and the upload schema imports the packs' types, so the mapping would close a cycle.
 */

type UploadField = keyof typeof resultPayloadSchema.shape;

/**
 * Which kind each field of the upload belongs to. Typed by the upload schema: a new field there does
 * not compile until it is given a kind here, so the letter can never leave a field out.
 */
const KIND_OF_FIELD = {
  submissionId: 'dataTechnical',
  born: 'dataBirth',
  school: 'dataSetting',
  schoolLevel: 'dataSetting',
  language: 'dataLanguage',
  ...(Object.fromEntries(
    Object.keys(resultPayloadSchema.shape)
      .filter((field) => /^question\d+$/.test(field))
      .map((field) => [field, 'dataAnswers']),
  ) as Record<Extract<UploadField, `question${number}`>, 'dataAnswers'>),
  translationStatus: 'dataTechnical',
  testDate: 'dataDate',
  contentVersion: 'dataTechnical',
  answers: 'dataAnswers',
  childCode: 'dataChildCode',
  site: 'dataSetting',
  endedEarly: 'dataEndedEarly',
  understanding: 'dataLanguage',
  researchConsent: 'dataConsent',
} satisfies Record<UploadField, DataKind>;

/**
 * The kinds of data the upload holds, in the order of DATA_KINDS (the code first, technical details
 * last): what the letter lists under "Was wird erfasst?". Read from the schema the server validates
 * with, so a kind no field has any more drops out.
 */
export function uploadedDataKinds(): DataKind[] {
  const present = new Set(
    (Object.keys(resultPayloadSchema.shape) as UploadField[]).map((field): DataKind => KIND_OF_FIELD[field]),
  );
  return DATA_KINDS.filter((kind) => present.has(kind));
}
