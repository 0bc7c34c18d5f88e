import { createHmac, randomBytes } from 'node:crypto';
import type {
  ProtokollEntry,
  ProtokollFilter,
  ProtokollKind,
  ProtokollRow,
  ProtokollStore,
  Queryable,
} from './types.ts';

export type { ProtokollEntry, ProtokollFilter, ProtokollKind, ProtokollRow, ProtokollStore };

/**
 * The Protokoll (docs/product.md §46): who logged in or failed to, exported and deleted what, and
 * when. An entry never holds a name, a token or a password; a child code only as a keyed hash.
 */

/** What happened; the kinds' German names are in server/auswertung/protokoll-routes.ts. */
export const PROTOKOLL_KINDS = [
  'login',
  'login-failed',
  'export',
  'deletion',
  'retention',
  'auskunft',
  'account',
  'token',
  'site',
  'tablet',
] as const satisfies readonly ProtokollKind[];

/** The zone of the days of a filter when none is named (EXPORT_TIME_ZONE's default). */
const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** Default retention of the Protokoll (PROTOKOLL_MONTHS). */
export const DEFAULT_PROTOKOLL_MONTHS = 24;

const COLUMNS = `id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, kind, actor, count, detail`;

function whereOf(filter: ProtokollFilter): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`kind = $${params.length}`);
  }
  // A day is a day of the zone the page and the CSV show times in, not of the database session's.
  let zone = '';
  const inZone = () => {
    if (!zone) {
      params.push(filter.timeZone ?? DEFAULT_TIME_ZONE);
      zone = `$${params.length}`;
    }
    return zone;
  };
  if (filter.from) {
    params.push(filter.from);
    conditions.push(`at >= ($${params.length}::date)::timestamp AT TIME ZONE ${inZone()}`);
  }
  if (filter.to) {
    params.push(filter.to);
    conditions.push(`at < ($${params.length}::date + 1)::timestamp AT TIME ZONE ${inZone()}`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

const toRow = (row: Record<string, unknown>): ProtokollRow => ({
  id: Number(row.id),
  at: String(row.at),
  kind: row.kind as ProtokollKind,
  actor: String(row.actor),
  count: row.count === null || row.count === undefined ? null : Number(row.count),
  detail: String(row.detail),
});

export function createProtokollStore(db: Queryable): ProtokollStore {
  let key: Promise<Buffer> | undefined;
  /** The hash key, made once per database: the first server to need it inserts it. */
  const hashKey = () => {
    key ??= (async () => {
      await db.query('INSERT INTO protokoll_key (key) VALUES ($1) ON CONFLICT (one) DO NOTHING', [
        randomBytes(32),
      ]);
      const [row] = await db.query<{ key: Uint8Array }>('SELECT key FROM protokoll_key');
      return Buffer.from(row?.key as Uint8Array);
    })().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const childCodeHash = async (childCode: string) =>
    createHmac('sha256', await hashKey())
      .update(childCode)
      .digest('hex');

  return {
    async record(entry) {
      await db.query(
        'INSERT INTO protokoll (kind, actor, count, detail, child_code_hash) VALUES ($1, $2, $3, $4, $5)',
        [
          entry.kind,
          entry.actor,
          entry.count ?? null,
          entry.detail ?? '',
          entry.childCode === undefined ? null : await childCodeHash(entry.childCode),
        ],
      );
    },
    async protokoll(filter, limit = 1000) {
      const { where, params } = whereOf(filter);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM protokoll ${where} ORDER BY id DESC LIMIT ${Math.max(1, Math.floor(limit))}`,
        params,
      );
      return rows.map(toRow);
    },
    async countProtokoll(filter) {
      const { where, params } = whereOf(filter);
      const [row] = await db.query<{ n: unknown }>(
        `SELECT count(*)::int AS n FROM protokoll ${where}`,
        params,
      );
      return Number(row?.n ?? 0);
    },
    async deletionsOfChildCode(childCode) {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM protokoll WHERE child_code_hash = $1 AND kind = 'deletion' ORDER BY id DESC`,
        [await childCodeHash(childCode)],
      );
      return rows.map(toRow);
    },
    async pruneProtokoll(months, now = new Date()) {
      const cutoff = new Date(now);
      cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
      const rows = await db.query<{ id: unknown }>('DELETE FROM protokoll WHERE at < $1 RETURNING id', [
        cutoff,
      ]);
      return rows.length;
    },
  };
}
