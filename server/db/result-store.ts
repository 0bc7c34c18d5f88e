import { type ResultPayload, SCORED_QUESTION_IDS } from '../../schemas/result-payload.ts';
import { createAccountStore } from './accounts.ts';
import { Batcher } from './batcher.ts';
import { createResearchStore, PGLITE_CHUNK_ROWS, PGLITE_QUIET_WAIT_MS } from './research.ts';
import { QUESTION_COLUMNS, type ResultRow, readResults, SELECT_COLUMNS, toStoredResult } from './rows.ts';
import { createSprachenStore } from './sprachen.ts';
import { createTabletStore } from './tablets.ts';
import type { BackendKind, InsertOutcome, Queryable, ResultOrigin, ResultStore } from './types.ts';

/** The columns an upload writes, in the order of rowValues (exported for the migration tests). */
export const INSERT_COLUMNS = [
  'submission_id',
  'born',
  'school',
  'school_level',
  'language',
  ...QUESTION_COLUMNS,
  'test_date',
  'content_version',
  'answers',
  'child_code',
  'site',
  'translation_status',
  'ended_reason',
  'ended_last_question',
  'not_reached',
  'understanding',
  'research_consent',
  'tablet_id',
  'enrolled_site',
];

/** A payload on its way to the table, with the enrolled tablet that sent it (docs/product.md §51). */
type Upload = ResultPayload & { origin?: ResultOrigin | undefined };

type QuestionKey = `question${(typeof SCORED_QUESTION_IDS)[number]}`;

/** Largest batch: 200 rows × 37 parameters stays far below PostgreSQL's 65,535 parameter limit. */
const MAX_BATCH_SIZE = 200;

/**
 * A value the database refused although the schema accepted it (SQLSTATE class 22, e.g. the year
 * 0000 in `born`). It is the client's data, so the API answers 400 rather than 500.
 */
export class RejectedValueError extends Error {}

export function rowValues(payload: Upload): unknown[] {
  return [
    payload.submissionId,
    payload.born === '' ? null : payload.born,
    payload.school,
    payload.schoolLevel,
    payload.language,
    // A question a test ended early did not reach (null, docs/product.md §38) is false in its
    // column and marked in not_reached (migration 009).
    ...SCORED_QUESTION_IDS.map((id) => payload[`question${id}` as QuestionKey] ?? false),
    payload.testDate ?? null,
    payload.contentVersion ?? null,
    payload.answers ? JSON.stringify(payload.answers) : null,
    payload.childCode ?? null,
    payload.site ?? null,
    payload.translationStatus ?? null,
    payload.endedEarly?.reason ?? null,
    payload.endedEarly?.lastQuestion ?? null,
    SCORED_QUESTION_IDS.reduce(
      (bits, id) => (payload[`question${id}` as QuestionKey] === null ? bits | (1 << id) : bits),
      0,
    ),
    // Recorded on the start screen (docs/product.md §39, migration 010); null from older apps.
    payload.understanding ?? null,
    // The parents' research consent (docs/product.md §48, migration 015); null from older apps.
    payload.researchConsent ?? null,
    // The enrolled tablet and the Einrichtung of its enrolment (docs/product.md §51, migration 017).
    payload.origin?.tabletId ?? null,
    payload.origin?.enrolledSite ?? null,
  ];
}

function placeholders(rows: number, columns: number): string {
  const groups: string[] = [];
  for (let row = 0; row < rows; row++) {
    const cells: string[] = [];
    for (let column = 1; column <= columns; column++) cells.push(`$${row * columns + column}`);
    groups.push(`(${cells.join(', ')})`);
  }
  return groups.join(', ');
}

function isDataException(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/** Inserts distinct submissions in one statement; returns submissionId → outcome. */
async function insertDistinct(db: Queryable, payloads: Upload[]): Promise<Map<string, InsertOutcome>> {
  const inserted = await db.query<{ id: ResultRow['id']; submission_id: string }>(
    `INSERT INTO results (${INSERT_COLUMNS.join(', ')}) VALUES ${placeholders(payloads.length, INSERT_COLUMNS.length)}
     ON CONFLICT (submission_id) DO NOTHING RETURNING id, submission_id`,
    payloads.flatMap(rowValues),
  );
  const outcomes = new Map<string, InsertOutcome>();
  for (const row of inserted) outcomes.set(row.submission_id, { id: Number(row.id), created: true });
  const repeats = payloads.map((payload) => payload.submissionId).filter((id) => !outcomes.has(id));
  if (repeats.length > 0) {
    const stored = await db.query<{ id: ResultRow['id']; submission_id: string }>(
      `SELECT id, submission_id FROM results WHERE submission_id IN (${repeats.map((_, i) => `$${i + 1}`).join(', ')})`,
      repeats,
    );
    for (const row of stored) outcomes.set(row.submission_id, { id: Number(row.id), created: false });
  }
  return outcomes;
}

function refusal(error: unknown): Error {
  if (isDataException(error)) return new RejectedValueError(error.message);
  return error instanceof Error ? error : new Error(String(error));
}

/** One outcome (or the error of that one result) per item of the batch, in order. */
async function insertBatch(db: Queryable, batch: Upload[]): Promise<(InsertOutcome | Error)[]> {
  // The same submission twice in one batch (concurrent repeats) is stored once: the first caller
  // gets created=true, the others the stored id with created=false.
  const distinct = new Map<string, Upload>();
  for (const payload of batch) {
    if (!distinct.has(payload.submissionId)) distinct.set(payload.submissionId, payload);
  }
  let outcomes: Map<string, InsertOutcome | Error>;
  try {
    // Sorted, so that two batches sharing submissions take the unique-index locks in the same order.
    const sorted = [...distinct.values()].sort((a, b) => (a.submissionId < b.submissionId ? -1 : 1));
    outcomes = await insertDistinct(db, sorted);
  } catch (error) {
    if (distinct.size === 1) throw refusal(error);
    // One refused row must not fail its neighbours: store them one by one.
    outcomes = new Map();
    for (const payload of distinct.values()) {
      try {
        for (const [id, outcome] of await insertDistinct(db, [payload])) outcomes.set(id, outcome);
      } catch (single) {
        outcomes.set(payload.submissionId, refusal(single));
      }
    }
  }
  const answered = new Set<string>();
  return batch.map((payload) => {
    const outcome = outcomes.get(payload.submissionId) ?? new Error('stored result not found after insert');
    if (outcome instanceof Error || !answered.has(payload.submissionId)) {
      answered.add(payload.submissionId);
      return outcome;
    }
    return { id: outcome.id, created: false };
  });
}

export interface ResultStoreOptions {
  kind: BackendKind;
  db: Queryable;
  /** How many batches may be written at once (1 for PGlite, about the pool size for PostgreSQL). */
  maxConcurrentBatches: number;
  close(): Promise<void>;
}

/** The backend-independent part of the store: the SQL and the batching of inserts. */
export function createResultStore(options: ResultStoreOptions): ResultStore {
  const { db } = options;
  /** Why the last upload's write failed, until one succeeds (a refused value does not count). */
  let lastWriteFailure: Error | undefined;
  const isFailure = (outcome: unknown): outcome is Error =>
    outcome instanceof Error && !(outcome instanceof RejectedValueError);
  const flush = async (batch: Upload[]) => {
    try {
      const outcomes = await insertBatch(db, batch);
      const failed = outcomes.find(isFailure);
      if (failed) lastWriteFailure = failed;
      else if (outcomes.some((outcome) => !(outcome instanceof Error))) lastWriteFailure = undefined;
      return outcomes;
    } catch (error) {
      if (isFailure(error)) lastWriteFailure = error;
      throw error;
    }
  };
  const batcher = new Batcher<Upload, InsertOutcome>(flush, {
    maxBatchSize: MAX_BATCH_SIZE,
    maxConcurrentFlushes: options.maxConcurrentBatches,
  });
  return {
    kind: options.kind,
    insertResult(payload, origin) {
      return batcher.submit({ ...payload, submissionId: payload.submissionId.toLowerCase(), origin });
    },
    async getById(id) {
      const rows = await db.query<ResultRow>(`SELECT ${SELECT_COLUMNS} FROM results WHERE id = $1`, [id]);
      return rows[0] ? toStoredResult(rows[0]) : undefined;
    },
    iterateResults(batchSize) {
      return readResults(db, {}, batchSize);
    },
    async count() {
      const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM results');
      return Number(rows[0]?.n ?? 0);
    },
    async withdrawResearchConsent({ childCode, site, withdrawnOn }) {
      // First the withdrawal, then the stored rows: an upload between the two is caught by the
      // insert trigger (migration 015), one before by the update.
      await db.query(
        `INSERT INTO consent_withdrawals (site, child_code, withdrawn_on) VALUES ($1, $2, $3::date)
         ON CONFLICT (child_code, coalesce(site, ''))
         DO UPDATE SET withdrawn_on = greatest(consent_withdrawals.withdrawn_on, excluded.withdrawn_on)`,
        [site ?? null, childCode, withdrawnOn],
      );
      const changed = await db.query<{ id: ResultRow['id'] }>(
        `UPDATE results SET research_consent = 'no'
          WHERE child_code = $1 AND coalesce(site, '') = coalesce($2, '') AND test_day <= $3::date
            AND research_consent IS DISTINCT FROM 'no'
          RETURNING id`,
        [childCode, site ?? null, withdrawnOn],
      );
      return changed.length;
    },
    async checkWrites() {
      await db.query(
        `INSERT INTO health_probe (id, checked_at) VALUES (1, now())
         ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
      );
      if (lastWriteFailure)
        throw new Error(`the last upload could not be stored: ${lastWriteFailure.message}`);
    },
    accounts: createAccountStore(db),
    sprachen: createSprachenStore(db),
    tablets: createTabletStore(db),
    research: createResearchStore(db, {
      ...(options.kind === 'pglite' && {
        progressChunkRows: PGLITE_CHUNK_ROWS,
        beforeChunk: () => batcher.quiet(PGLITE_QUIET_WAIT_MS),
      }),
    }),
    close: options.close,
  };
}
