import { createPublicKey } from 'node:crypto';
import type { Queryable, TabletCredential, TabletStore } from './types.ts';

export type {
  EnrolInput,
  EnrolOutcome,
  StoredTablet,
  TabletCredential,
  TabletStatus,
  TabletStore,
} from './types.ts';

/**
 * Enrolled tablets (docs/product.md §51, server/migrations/017_tablets.sql): enrolment codes, the
 * tablets, the passphrase records of the Einrichtungen. The same SQL on PGlite and PostgreSQL.
 *
 * A signed upload must cost no database read: `credential` keeps each tablet's public key, revocation
 * and the Einrichtungen of its chain of enrolments in memory. A revocation through this store (the
 * page, or `npm run verwaltung` through the running server) updates the memory at once; another
 * process on the same PostgreSQL (WORKERS, the command line on a stopped server) is seen within
 * CREDENTIAL_TTL_MS, when an entry is read again.
 */
export const CREDENTIAL_TTL_MS = 30_000;

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** How many earlier enrolments of one device are followed (a loop in the data must not hang a request). */
const MAX_CHAIN = 50;

export function createTabletStore(db: Queryable): TabletStore {
  const cache = new Map<string, { credential: TabletCredential; loadedAt: number }>();

  const load = async (tabletId: string): Promise<TabletCredential | undefined> => {
    const rows = await db.query<{
      id: string;
      site: string;
      public_key: string | null;
      revoked: boolean;
      depth: number;
    }>(
      `WITH RECURSIVE chain (id, site, previous_id, public_key, revoked, depth) AS (
         SELECT id, site, previous_id, public_key, revoked_at IS NOT NULL, 0 FROM tablets WHERE id = $1
         UNION ALL
         SELECT t.id, t.site, t.previous_id, NULL::text, false, c.depth + 1
           FROM tablets t JOIN chain c ON t.id = c.previous_id WHERE c.depth < $2)
       SELECT id, site, public_key, revoked, depth FROM chain ORDER BY depth`,
      [tabletId, MAX_CHAIN],
    );
    const own = rows[0];
    if (!own?.public_key) return undefined;
    const chainSites = [...new Set(rows.map((row) => row.site))];
    return {
      id: own.id,
      site: own.site,
      publicKey: createPublicKey({ key: Buffer.from(own.public_key, 'base64'), format: 'der', type: 'spki' }),
      revoked: own.revoked,
      chainSites,
    };
  };

  const markRevoked = (tabletId: string) => {
    const cached = cache.get(tabletId);
    if (cached) cached.credential = { ...cached.credential, revoked: true };
  };

  const store: TabletStore = {
    async createCodes({ site, batch, codes, expiresAt, createdBy }) {
      await db.query(
        `INSERT INTO enrolment_codes (code_hash, site, batch, name, expires_at, created_by)
         SELECT hash, $2, $3, name, $4, $5 FROM unnest($1::text[], $6::text[]) AS c (hash, name)`,
        [codes.map((code) => code.hash), site, batch, expiresAt, createdBy, codes.map((code) => code.name)],
      );
    },

    async enrol(input) {
      // One statement: the code is used only if the tablet is made, and only once under concurrency.
      const [made] = await db.query<{ site: string; name: string; site_name: string }>(
        `WITH used AS (
           UPDATE enrolment_codes SET used_at = now(), tablet_id = $2::text
            WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now()
            RETURNING site, name),
         made AS (
           INSERT INTO tablets (id, site, name, public_key, previous_id, app_version, content_version, last_contact_at)
           SELECT $2::text, used.site, CASE WHEN $3::text <> '' THEN $3::text ELSE used.name END, $4::text,
                  $5::text, $6::text, $7::text, now() FROM used
           RETURNING site, name)
         SELECT made.site, made.name, e.name AS site_name FROM made JOIN einrichtungen e ON e.code = made.site`,
        [
          input.codeHash,
          input.tabletId,
          input.name,
          input.publicKey,
          input.previousId,
          input.appVersion,
          input.contentVersion,
        ],
      );
      if (!made) {
        const [code] = await db.query<{ used: boolean; expired: boolean }>(
          `SELECT used_at IS NOT NULL AS used, expires_at <= now() AS expired
             FROM enrolment_codes WHERE code_hash = $1`,
          [input.codeHash],
        );
        if (!code) return { outcome: 'code-unknown' };
        return { outcome: code.used ? 'code-used' : 'code-expired' };
      }
      if (input.previousId) {
        // The device's earlier key is replaced; its results are accepted through the new one.
        await db.query('UPDATE tablets SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [
          input.previousId,
        ]);
        markRevoked(input.previousId);
      }
      return { outcome: 'enrolled', site: { code: made.site, name: made.site_name }, name: made.name };
    },

    async credential(tabletId) {
      const cached = cache.get(tabletId);
      if (cached && performance.now() - cached.loadedAt < CREDENTIAL_TTL_MS) return cached.credential;
      const credential = await load(tabletId);
      // Unknown ids are not remembered: a tablet enrolled on another process is known at its next request.
      if (credential) cache.set(tabletId, { credential, loadedAt: performance.now() });
      else cache.delete(tabletId);
      return credential;
    },

    async reportStatus(tabletId, status) {
      await db.query(
        `UPDATE tablets SET last_contact_at = now(), app_version = coalesce($2, app_version),
            content_version = coalesce($3, content_version), unsent = $4, last_backup_at = $5
          WHERE id = $1`,
        [tabletId, status.appVersion, status.contentVersion, status.unsent, status.lastBackupAt],
      );
    },

    async revoke(tabletId) {
      const [row] = await db.query<{ site: string; name: string }>(
        'UPDATE tablets SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING site, name',
        [tabletId],
      );
      markRevoked(tabletId);
      return row;
    },

    async tabletById(tabletId) {
      const [row] = await db.query<{ id: string; site: string; name: string; revoked: boolean }>(
        'SELECT id, site, name, revoked_at IS NOT NULL AS revoked FROM tablets WHERE id = $1',
        [tabletId],
      );
      return row;
    },

    async listTablets(sites, silentDays) {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT t.id, t.site, t.name, t.enrolled_at, t.last_contact_at, t.app_version, t.content_version,
                t.unsent, t.last_backup_at, t.revoked_at,
                (SELECT n.id FROM tablets n WHERE n.previous_id = t.id ORDER BY n.enrolled_at DESC LIMIT 1)
                  AS replaced_by,
                (t.revoked_at IS NULL AND coalesce(t.unsent, 0) > 0
                  AND coalesce(t.last_contact_at, t.enrolled_at) < now() - make_interval(days => $2::int)) AS silent
           FROM tablets t
          WHERE $1::text[] IS NULL OR t.site = ANY($1::text[])
          ORDER BY t.site, t.revoked_at IS NOT NULL, t.enrolled_at DESC, t.id`,
        [sites ?? null, silentDays],
      );
      return rows.map((row) => ({
        id: String(row.id),
        site: String(row.site),
        name: String(row.name),
        enrolledAt: iso(row.enrolled_at) as string,
        lastContactAt: iso(row.last_contact_at),
        appVersion: (row.app_version as string | null) ?? null,
        contentVersion: (row.content_version as string | null) ?? null,
        unsent: row.unsent === null || row.unsent === undefined ? null : Number(row.unsent),
        lastBackupAt: iso(row.last_backup_at),
        revokedAt: iso(row.revoked_at),
        replacedBy: (row.replaced_by as string | null) ?? null,
        silent: Boolean(row.silent),
      }));
    },

    async openCodes(sites) {
      const rows = await db.query<{ site: string; n: unknown }>(
        `SELECT site, count(*) AS n FROM enrolment_codes
          WHERE used_at IS NULL AND expires_at > now() AND ($1::text[] IS NULL OR site = ANY($1::text[]))
          GROUP BY site`,
        [sites ?? null],
      );
      return new Map(rows.map((row) => [row.site, Number(row.n)]));
    },

    async siteOf(code) {
      const [row] = await db.query<{ code: string; name: string; active: boolean }>(
        'SELECT code, name, active FROM einrichtungen WHERE code = $1',
        [code],
      );
      return row;
    },

    async listSites(sites) {
      return db.query<{ code: string; name: string; active: boolean }>(
        `SELECT code, name, active FROM einrichtungen
          WHERE $1::text[] IS NULL OR code = ANY($1::text[]) ORDER BY code`,
        [sites ?? null],
      );
    },

    async passphrase(site) {
      const [row] = await db.query<{ salt: string; iterations: unknown; verifier: string; version: unknown }>(
        'SELECT salt, iterations, verifier, version FROM site_passphrases WHERE site = $1',
        [site],
      );
      return row
        ? {
            salt: row.salt,
            iterations: Number(row.iterations),
            verifier: row.verifier,
            version: Number(row.version),
          }
        : null;
    },

    async passphraseStates(sites) {
      const rows = await db.query<{ site: string; version: unknown; changed_at: unknown }>(
        `SELECT site, version, changed_at FROM site_passphrases
          WHERE $1::text[] IS NULL OR site = ANY($1::text[])`,
        [sites ?? null],
      );
      return new Map(
        rows.map((row) => [
          row.site,
          { version: Number(row.version), changedAt: iso(row.changed_at) as string },
        ]),
      );
    },

    async setPassphrase(site, { salt, iterations, verifier }) {
      const [row] = await db.query<{ version: unknown }>(
        `INSERT INTO site_passphrases (site, salt, iterations, verifier, version) VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (site) DO UPDATE SET salt = excluded.salt, iterations = excluded.iterations,
           verifier = excluded.verifier, version = site_passphrases.version + 1, changed_at = now()
         RETURNING version`,
        [site, salt, iterations, verifier],
      );
      return Number(row?.version);
    },

    async resultOrigins(submissionIds) {
      const rows = await db.query<{
        submission_id: string;
        tablet_id: string | null;
        enrolled_site: string | null;
      }>(
        'SELECT submission_id::text, tablet_id, enrolled_site FROM results WHERE submission_id = ANY($1::uuid[])',
        [submissionIds],
      );
      return new Map(
        rows.map((row) => [row.submission_id, { tabletId: row.tablet_id, enrolledSite: row.enrolled_site }]),
      );
    },

    async unenrolledResults(sinceDay, sites) {
      const rows = await db.query<{ site: string | null; n: unknown }>(
        `SELECT site, count(*) AS n FROM results
          WHERE test_day >= $1::date AND tablet_id IS NULL
            AND ($2::text[] IS NULL OR site = ANY($2::text[]))
          GROUP BY site ORDER BY site NULLS FIRST`,
        [sinceDay, sites ?? null],
      );
      return rows.map((row) => ({ site: row.site, results: Number(row.n) }));
    },
  };
  return store;
}
