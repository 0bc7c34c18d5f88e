import type { JournalReplayStore, Queryable } from './types.ts';

/**
 * The deletion journal's queries (server/deletion-journal.ts): the distinct child codes, hashed
 * once each by the caller, and one statement that deletes what the journal names again. A result
 * of a journalled code is deleted only if it arrived at or before that deletion (received_at), so
 * a child tested again afterwards keeps the new result.
 */
export function createJournalReplayStore(
  db: Queryable,
  /** The one path of every deletion of results (server/db/research.ts), which the Verlauf follows. */
  deleteResults: (db: Queryable, condition: string, params: unknown[]) => Promise<number>,
): JournalReplayStore {
  return {
    async childCodes() {
      const rows = await db.query<{ child_code: string }>(
        'SELECT DISTINCT child_code FROM results WHERE child_code IS NOT NULL',
      );
      return rows.map((row) => row.child_code);
    },
    deleteJournalled({ children, submissions }) {
      return deleteResults(
        db,
        `id IN (SELECT r.id FROM results AS r
                  JOIN unnest($1::uuid[], $5::text[]) AS s (submission_id, site)
                    ON r.submission_id = s.submission_id AND (s.site IS NULL OR r.site = s.site))
          OR id IN (SELECT r.id FROM results AS r
                      JOIN unnest($2::text[], $3::timestamptz[], $4::text[]) AS j (code, at, site)
                        ON r.child_code = j.code AND r.received_at <= j.at
                           AND (j.site IS NULL OR r.site = j.site))`,
        [
          submissions.map((submission) => submission.submissionId),
          children.map((child) => child.childCode),
          children.map((child) => child.at),
          children.map((child) => child.site),
          submissions.map((submission) => submission.site),
        ],
      );
    },
  };
}
