import type { Queryable, RecordingRow, SprachenStore } from './types.ts';

export type { SprachenStore };

/**
 * The native review and the recordings (docs/product.md §50, migration 018): the rows as stored;
 * what they mean is decided by server/sprachen/state.ts. The same SQL on PGlite and PostgreSQL.
 */

const num = (value: unknown) => Number(value ?? 0);
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

interface RecordingSql {
  id: unknown;
  language: string;
  text_key: string;
  content_version: string;
  text: string;
  made_by: unknown;
  made_by_name: string;
  made_at: unknown;
  approved_by_name: string | null;
  approved_at: unknown;
}

const RECORDING_COLUMNS = `r.id, r.language, r.text_key, r.content_version, r.text, r.made_by,
  m.name AS made_by_name, r.made_at, a.name AS approved_by_name, r.approved_at
  FROM recordings r JOIN accounts m ON m.id = r.made_by LEFT JOIN accounts a ON a.id = r.approved_by`;

const recordingRow = (row: RecordingSql): RecordingRow & { language: string } => ({
  id: num(row.id),
  language: row.language,
  key: row.text_key,
  contentVersion: row.content_version,
  text: row.text,
  madeById: num(row.made_by),
  madeBy: row.made_by_name,
  madeAt: iso(row.made_at) as string,
  approvedBy: row.approved_by_name,
  approvedAt: iso(row.approved_at),
});

export function createSprachenStore(db: Queryable): SprachenStore {
  return {
    async reviews(language) {
      const rows = await db.query<{
        id: unknown;
        text_key: string;
        content_version: string;
        base_text: string;
        german: string;
        kind: 'confirm' | 'correct';
        text: string;
        note: string;
        account_id: unknown;
        name: string;
        at: unknown;
      }>(
        `SELECT t.id, t.text_key, t.content_version, t.base_text, t.german, t.kind, t.text, t.note,
                t.account_id, a.name, t.at
           FROM text_reviews t JOIN accounts a ON a.id = t.account_id
          WHERE t.language = $1 ORDER BY t.id`,
        [language],
      );
      return rows.map((row) => ({
        id: num(row.id),
        key: row.text_key,
        contentVersion: row.content_version,
        baseText: row.base_text,
        german: row.german,
        kind: row.kind,
        text: row.text,
        note: row.note,
        accountId: num(row.account_id),
        by: row.name,
        at: iso(row.at) as string,
      }));
    },
    async addReview(review) {
      await db.query(
        `INSERT INTO text_reviews (language, text_key, content_version, base_text, german, kind, text, note, account_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          review.language,
          review.key,
          review.contentVersion,
          review.baseText,
          review.german,
          review.kind,
          review.text,
          review.note,
          review.accountId,
        ],
      );
    },
    async recordings(language) {
      const rows = await db.query<RecordingSql>(
        `SELECT ${RECORDING_COLUMNS} WHERE r.language = $1 ORDER BY r.id`,
        [language],
      );
      return rows.map(recordingRow);
    },
    async addRecording(recording) {
      const [row] = await db.query<{ id: unknown }>(
        `INSERT INTO recordings (language, text_key, content_version, text, audio, made_by)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          recording.language,
          recording.key,
          recording.contentVersion,
          recording.text,
          Buffer.from(recording.audio),
          recording.accountId,
        ],
      );
      return num(row?.id);
    },
    async approveRecording(id, accountId) {
      const rows = await db.query(
        `UPDATE recordings SET approved_by = $2, approved_at = now()
          WHERE id = $1 AND approved_by IS NULL AND made_by <> $2 RETURNING 1`,
        [id, accountId],
      );
      return rows.length > 0;
    },
    async recording(id) {
      const [row] = await db.query<RecordingSql>(`SELECT ${RECORDING_COLUMNS} WHERE r.id = $1`, [id]);
      return row && recordingRow(row);
    },
    async audio(id) {
      const [row] = await db.query<{ audio: Uint8Array }>('SELECT audio FROM recordings WHERE id = $1', [id]);
      return row?.audio;
    },
  };
}
