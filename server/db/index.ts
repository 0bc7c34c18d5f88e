export { openPgliteStore, type PgliteStore } from './pglite.ts';
export { openPostgresStore } from './postgres.ts';
export { RejectedValueError } from './result-store.ts';
export type { BackendKind, InsertOutcome, ResultStore, StoredResult } from './types.ts';
