import type { ResultPayload } from '../../schemas/result-payload.ts';
import type { ResearchStore } from './research.ts';

export type BackendKind = 'pglite' | 'postgres';

/** A stored result: the payload as sent plus the server's row id and time of receipt. */
export type StoredResult = Omit<ResultPayload, 'born'> & {
  id: number;
  /** Server time of the first successful upload. */
  receivedAt: Date;
  /** YYYY-MM-DD, or '' when the operator left it empty (as in the payload). */
  born: string;
  /** Whole months from birth date to test date; null when either is missing. */
  ageMonths: number | null;
  /** Points on levels 1, 2 and 3 (correct answers per level). */
  pointsPerLevel: [number, number, number];
  /** The assigned level 1..3, or 4 for 'größer 3' (src/results/levels.ts). */
  assignedLevel: number;
};

export interface InsertOutcome {
  id: number;
  /** false when a result with this submissionId was already stored (an idempotent repeat). */
  created: boolean;
}

/** Where results live. Both backends (PGlite, PostgreSQL) run the same SQL. */
export interface ResultStore {
  readonly kind: BackendKind;
  /** Stores the result once per submissionId; a repeat returns the stored row's id. */
  insertResult(payload: ResultPayload): Promise<InsertOutcome>;
  getById(id: number): Promise<StoredResult | undefined>;
  /**
   * The results stored when the call began, in id order, read in batches so that memory stays
   * flat for any table size.
   */
  iterateResults(batchSize?: number): AsyncGenerator<StoredResult>;
  count(): Promise<number>;
  /**
   * Throws when the database does not answer or an upload's write would likely fail: a probe write fails, or the last upload's
   * write failed for a reason other than its data (and none has succeeded since).
   */
  checkWrites(): Promise<void>;
  /** The researchers' queries (/auswertung); absent in test doubles that need none. */
  readonly research?: ResearchStore;
  close(): Promise<void>;
}

/** The one primitive both backends provide: a parameterised query returning rows. */
export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** A single database session, used for migrations (advisory lock and DDL on one connection). */
export interface Session extends Queryable {
  /** Runs a script of several statements without parameters. */
  exec(script: string): Promise<void>;
}
