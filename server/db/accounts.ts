import type { AccountRow, Role } from '../../schemas/verwaltung-api.ts';
import type { AccountStore, LoginAccount, Principal, Queryable } from './types.ts';

export type { AccountStore, LoginAccount, Principal };

/**
 * Accounts, Einrichtungen, API tokens and the sessions of accounts (docs/product.md §47,
 * server/migrations/014_accounts.sql). The same SQL on PGlite and PostgreSQL.
 */

/** The holder of EXPORT_TOKEN: Forschung on all Einrichtungen. */
export const EXPORT_TOKEN_PRINCIPAL: Principal = {
  accountId: null,
  name: null,
  role: 'forschung',
  sites: 'alle',
  languages: [],
  mustChangePassword: false,
};

/** A refused change, with the German message for the page and the command line. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
  /** The server's error handler answers with this status and the German message. */
  get statusCode(): number {
    return this.status;
  }
}

const num = (value: unknown) => Number(value ?? 0);
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

interface AccountSqlRow {
  id: unknown;
  name: string;
  role: Role;
  all_sites: boolean;
  must_change_password: boolean;
  disabled: boolean;
  created_at: unknown;
  last_login_at: unknown;
  sites: string[] | null;
  languages: string[] | null;
}

const ACCOUNT_COLUMNS = `a.id, a.name, a.role, a.all_sites, a.must_change_password, a.disabled,
  a.created_at, a.last_login_at,
  (SELECT array_agg(s.site ORDER BY s.site) FROM account_sites s WHERE s.account_id = a.id) AS sites,
  (SELECT array_agg(l.language ORDER BY l.language) FROM account_languages l WHERE l.account_id = a.id) AS languages`;

const accountRow = (row: AccountSqlRow): AccountRow => ({
  id: num(row.id),
  name: row.name,
  role: row.role,
  sites: row.all_sites ? 'alle' : (row.sites ?? []),
  languages: row.languages ?? [],
  disabled: row.disabled,
  mustChangePassword: row.must_change_password,
  createdAt: iso(row.created_at) as string,
  lastLoginAt: iso(row.last_login_at),
});

const principalOf = (row: AccountSqlRow): Principal => {
  const { id, name, role, sites, languages, mustChangePassword } = accountRow(row);
  return { accountId: id, name, role, sites, languages, mustChangePassword };
};

/**
 * A Kita-Leitung has chosen Einrichtungen, Verwaltung all; Forschung either. Sprachprüfung sees no
 * results and has languages instead (docs/product.md §50).
 */
function checkScope(role: Role, sites: string[] | 'alle', languages: readonly string[]): void {
  if (role === 'sprache' && languages.length === 0)
    throw new AccountError('Eine Sprachprüfung braucht mindestens eine Sprache.');
  if (role === 'sprache' && (sites === 'alle' || sites.length > 0))
    throw new AccountError('Eine Sprachprüfung sieht keine Einrichtungen.');
  if (role === 'leitung' && (sites === 'alle' || sites.length === 0))
    throw new AccountError('Eine Kita-Leitung braucht mindestens eine Einrichtung.');
  if (role === 'forschung' && sites !== 'alle' && sites.length === 0)
    throw new AccountError('Forschung sieht alle Einrichtungen oder mindestens eine gewählte.');
}

export function createAccountStore(db: Queryable): AccountStore {
  const knownSites = async (sites: string[]) => {
    if (sites.length === 0) return;
    const rows = await db.query<{ code: string }>(
      'SELECT code FROM einrichtungen WHERE code = ANY($1::text[])',
      [sites],
    );
    const missing = sites.filter((site) => !rows.some((row) => row.code === site));
    if (missing.length) throw new AccountError(`Unbekannte Einrichtung: ${missing.join(', ')}`, 404);
  };
  const setSites = async (id: number, role: Role, sites: string[] | 'alle') => {
    await db.query('DELETE FROM account_sites WHERE account_id = $1', [id]);
    if (role === 'sprache') return false;
    if (role === 'verwaltung' || sites === 'alle') return true;
    await db.query('INSERT INTO account_sites (account_id, site) SELECT $1, unnest($2::text[])', [id, sites]);
    return false;
  };
  const setLanguages = async (id: number, role: Role, languages: readonly string[]) => {
    await db.query('DELETE FROM account_languages WHERE account_id = $1', [id]);
    if (role === 'sprache')
      await db.query('INSERT INTO account_languages (account_id, language) SELECT $1, unnest($2::text[])', [
        id,
        [...new Set(languages)],
      ]);
  };
  const store: AccountStore = {
    async listSites() {
      const rows = await db.query<{
        code: string;
        name: string;
        active: boolean;
        results: unknown;
        aliases: string[] | null;
      }>(
        `SELECT e.code, e.name, e.active,
                (SELECT count(*) FROM results r WHERE r.site = e.code) AS results,
                (SELECT array_agg(a.code ORDER BY a.code) FROM site_aliases a WHERE a.site = e.code) AS aliases
           FROM einrichtungen e ORDER BY e.code`,
      );
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        active: row.active,
        results: num(row.results),
        aliases: row.aliases ?? [],
      }));
    },
    async addSite(code, name) {
      const rows = await db.query(
        'INSERT INTO einrichtungen (code, name) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING RETURNING 1',
        [code, name],
      );
      if (rows.length === 0) throw new AccountError(`Die Einrichtung ${code} gibt es schon.`, 409);
    },
    async updateSite(code, change) {
      const rows = await db.query(
        `UPDATE einrichtungen SET name = coalesce($2, name), active = coalesce($3, active)
          WHERE code = $1 RETURNING 1`,
        [code, change.name ?? null, change.active ?? null],
      );
      if (rows.length === 0) throw new AccountError(`Unbekannte Einrichtung: ${code}`, 404);
    },
    async unassignedCodes() {
      const rows = await db.query<{ code: string; results: unknown }>(
        `SELECT r.site AS code, count(*) AS results FROM results r
          WHERE r.site IS NOT NULL AND NOT EXISTS (SELECT 1 FROM einrichtungen e WHERE e.code = r.site)
          GROUP BY r.site ORDER BY r.site`,
      );
      return rows.map((row) => ({ code: row.code, results: num(row.results) }));
    },
    async assignCode(code, site) {
      if (code === site) throw new AccountError('Eine Kennung kann nicht sich selbst zugeordnet werden.');
      await knownSites([site]);
      const taken = await db.query('SELECT 1 FROM einrichtungen WHERE code = $1', [code]);
      if (taken.length)
        throw new AccountError(`${code} ist selbst eine Einrichtung und kann nicht zugeordnet werden.`, 409);
      await db.query(
        `INSERT INTO site_aliases (code, site) VALUES ($1, $2)
           ON CONFLICT (code) DO UPDATE SET site = excluded.site, at = now()`,
        [code, site],
      );
      // The triggers of migration 008 move the Verlauf summary's rows with the results.
      const moved = await db.query<{ n: unknown }>(
        `WITH moved AS (UPDATE results SET site = $2 WHERE site = $1 RETURNING 1) SELECT count(*) AS n FROM moved`,
        [code, site],
      );
      return num(moved[0]?.n);
    },

    async listAccounts() {
      const rows = await db.query<AccountSqlRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM accounts a ORDER BY lower(a.name)`,
      );
      return rows.map(accountRow);
    },
    async accountById(id) {
      const [row] = await db.query<AccountSqlRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = $1`,
        [id],
      );
      return row && accountRow(row);
    },
    async addAccount(input, passwordHash) {
      const languages = input.languages ?? [];
      checkScope(input.role, input.sites, languages);
      if (input.sites !== 'alle') await knownSites(input.sites);
      const rows = await db.query<{ id: unknown }>(
        `INSERT INTO accounts (name, role, all_sites, password_hash) VALUES ($1, $2, $3, $4)
           ON CONFLICT (lower(name)) DO NOTHING RETURNING id`,
        [
          input.name,
          input.role,
          input.role === 'verwaltung' || (input.role !== 'sprache' && input.sites === 'alle'),
          passwordHash,
        ],
      );
      if (!rows[0]) throw new AccountError(`Den Benutzernamen ${input.name} gibt es schon.`, 409);
      const id = num(rows[0].id);
      await setSites(id, input.role, input.sites);
      await setLanguages(id, input.role, languages);
      return id;
    },
    async updateAccount(id, change) {
      const current = await store.accountById(id);
      if (!current) throw new AccountError('Unbekanntes Konto.', 404);
      const role = change.role ?? current.role;
      const sites =
        change.sites ?? (role === 'verwaltung' ? 'alle' : role === 'sprache' ? [] : current.sites);
      const languages = change.languages ?? current.languages;
      checkScope(role, sites, role === 'sprache' ? languages : []);
      if (sites !== 'alle') await knownSites(sites);
      const all = await setSites(id, role, sites);
      await setLanguages(id, role, languages);
      await db.query(
        `UPDATE accounts SET role = $2, all_sites = $3, disabled = coalesce($4, disabled),
            generation = generation + 1 WHERE id = $1`,
        [id, role, all, change.disabled ?? null],
      );
      await db.query('DELETE FROM auswertung_sessions WHERE account_id = $1', [id]);
      return (await store.accountById(id)) as AccountRow;
    },
    async setPassword(id, passwordHash, mustChange, keepSession) {
      const [row] = await db.query<{ generation: unknown }>(
        `UPDATE accounts SET password_hash = $2, must_change_password = $3, generation = generation + 1
          WHERE id = $1 RETURNING generation`,
        [id, passwordHash, mustChange],
      );
      if (!row) throw new AccountError('Unbekanntes Konto.', 404);
      await db.query('DELETE FROM auswertung_sessions WHERE account_id = $1 AND token_hash <> $2', [
        id,
        keepSession ?? '',
      ]);
      if (keepSession)
        await db.query('UPDATE auswertung_sessions SET account_generation = $2 WHERE token_hash = $1', [
          keepSession,
          num(row.generation),
        ]);
    },
    async accountForLogin(name) {
      const [row] = await db.query<{
        id: unknown;
        name: string;
        role: Role;
        password_hash: string;
        disabled: boolean;
        generation: unknown;
      }>(
        'SELECT id, name, role, password_hash, disabled, generation FROM accounts WHERE lower(name) = lower($1)',
        [name],
      );
      return (
        row && {
          id: num(row.id),
          name: row.name,
          role: row.role,
          passwordHash: row.password_hash,
          disabled: row.disabled,
          generation: num(row.generation),
        }
      );
    },

    async createAccountSession(tokenHash, expiresAt, account) {
      await db.query('DELETE FROM auswertung_sessions WHERE expires_at < now()');
      await db.query(
        `INSERT INTO auswertung_sessions (token_hash, expires_at, account_id, account_generation)
           VALUES ($1, $2, $3, $4)`,
        [tokenHash, expiresAt, account.id, account.generation],
      );
      await db.query('UPDATE accounts SET last_login_at = now() WHERE id = $1', [account.id]);
    },
    async sessionPrincipal(tokenHash, keyFingerprint) {
      const [row] = await db.query<
        AccountSqlRow & {
          key_fingerprint: string | null;
          account_generation: unknown;
          generation: unknown;
          account_id: unknown;
        }
      >(
        `SELECT s.key_fingerprint, s.account_id, s.account_generation, a.generation, ${ACCOUNT_COLUMNS}
           FROM auswertung_sessions s LEFT JOIN accounts a ON a.id = s.account_id
          WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [tokenHash],
      );
      if (!row) return undefined;
      if (row.account_id === null || row.account_id === undefined)
        return row.key_fingerprint === keyFingerprint ? EXPORT_TOKEN_PRINCIPAL : undefined;
      if (row.disabled || num(row.generation) !== num(row.account_generation)) return undefined;
      return principalOf(row);
    },

    async listTokens(accountId) {
      const rows = await db.query<{
        id: unknown;
        name: string;
        created_at: unknown;
        last_used_at: unknown;
        revoked_at: unknown;
      }>(
        `SELECT id, name, created_at, last_used_at, revoked_at FROM api_tokens
          WHERE account_id = $1 ORDER BY id`,
        [accountId],
      );
      return rows.map((row) => ({
        id: num(row.id),
        name: row.name,
        createdAt: iso(row.created_at) as string,
        lastUsedAt: iso(row.last_used_at),
        revokedAt: iso(row.revoked_at),
      }));
    },
    async createToken(accountId, name, tokenHash) {
      const [row] = await db.query<{ id: unknown }>(
        'INSERT INTO api_tokens (account_id, name, token_hash) VALUES ($1, $2, $3) RETURNING id',
        [accountId, name, tokenHash],
      );
      return num(row?.id);
    },
    async revokeToken(accountId, id) {
      const rows = await db.query(
        `UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL
          RETURNING 1`,
        [id, accountId],
      );
      return rows.length > 0;
    },
    async tokenPrincipal(tokenHash) {
      // last_used_at at most once a minute: a script's many requests write once.
      const [row] = await db.query<AccountSqlRow>(
        `WITH used AS (
           UPDATE api_tokens SET last_used_at = now()
            WHERE token_hash = $1 AND revoked_at IS NULL
              AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')
           RETURNING 1)
         SELECT ${ACCOUNT_COLUMNS} FROM api_tokens t JOIN accounts a ON a.id = t.account_id
          WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND NOT a.disabled AND NOT a.must_change_password`,
        [tokenHash],
      );
      return row && principalOf(row);
    },
  };
  return store;
}
