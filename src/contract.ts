/**
 * The only client module that `scripts/` may import (lint-enforced, see docs/architecture.md):
 * what the build tools, the dev server and the benchmarks must agree on with the app. Values
 * here carry no React and no browser globals at import time.
 */
export { ANSWER_TYPES } from './answer-types/registry.ts';
export { reachedScreenAt } from './answer-types/shared/flash-clock.ts';
export type { AnswerEntry, QuestionScreen } from './answer-types/types.ts';
// The device's retention of a child not tested (the Datenschutz-Unterlagen state it).
export { RETENTION_MONTHS as DEVICE_RETENTION_MONTHS } from './children/retention.ts';
export { CHILDREN_DB_NAME } from './children/storage-names.ts';
export type { Child, LocalResult } from './children/types.ts';
export { germanDate } from './domain/date.ts';
export * from './domain/facts.ts';
export {
  CONTENT_CHANGED_EVENT,
  CONTENT_ISSUES_PATH,
  type ContentIssue,
  RECORDINGS_PATH,
} from './preview/dev-protocol.ts';
// The preview's recording format, which the content pipeline's audio check must accept.
export { encodeMp3, PAD_SECONDS, prepareRecording, TARGET_PEAK } from './preview/recording-audio.ts';
export { screenFor } from './store/screen-routing.ts';
export { FINISHED_SESSION_TTL_MS, SESSION_FORMAT_VERSION, SESSION_STORAGE_KEY } from './store/session-key.ts';
export { DEFAULT_USER } from './store/slices.ts';
export type { AnswerRecord, SavedSession, Screen, StoredSessionEnvelope, UserData } from './store/types.ts';
