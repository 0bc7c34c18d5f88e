import { backupRecipients } from '../backup-recipients.ts';
import { DEFAULT_PROTOKOLL_MONTHS } from '../db/protokoll.ts';
import { DEFAULT_UPLOADS_PER_MINUTE } from '../limits.ts';
import { OperatorError } from '../operator-error.ts';
import { retentionMonthsFromEnv } from '../retention.ts';
import { booleanFromEnv, positiveIntegerFromEnv } from '../settings.ts';

/** The database the server uses: DATABASE_URL, else the PGlite folder DATA_DIR. */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/**
 * This deployment's settings as the documents need them, read from the environment variables the
 * server and the backup tools read (docs/operation.md, configuration). A secret (DATABASE_URL's
 * password, EXPORT_TOKEN) is never read out: only whether it is set.
 */
export interface Deployment {
  database:
    | { kind: 'pglite'; dataDir: string }
    | {
        kind: 'postgres';
        /** PostgreSQL on this machine (localhost, 127.0.0.1, ::1 or a local socket). */
        onThisMachine: boolean;
        /** DATABASE_URL's sslmode, if it names one. */
        sslmode: string | undefined;
      };
  /** RETENTION_MONTHS (server/retention.ts). */
  retentionMonths: number;
  /** PROTOKOLL_MONTHS: how long the Protokoll keeps its entries (server/db/protokoll.ts). */
  protokollMonths: number;
  /** BACKUP_RECIPIENT set: `npm run backup` encrypts every backup (scripts/backup/age.ts). */
  backupsEncrypted: boolean;
  /** TRUST_PROXY set: the server runs behind a reverse proxy (docs/deploy.md: Caddy with HTTPS). */
  behindProxy: boolean;
  /** HOST: the address the server listens on. */
  host: string;
  /**
   * EXPORT_TOKEN set: besides the accounts, a key with Forschung's rights on all Einrichtungen
   * (docs/product.md §47). The exports and /auswertung exist either way, opened by accounts.
   */
  exportToken: boolean;
  /** RATE_LIMIT_PER_MINUTE: uploads per client address and minute; 0 = no limit. */
  uploadsPerMinute: number;
  /** LOG_LEVEL (default warn). */
  logLevel: string;
  /**
   * UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH: results without a recorded research consent count as
   * consent on /auswertung (docs/product.md §48); default false.
   */
  unknownConsentCountsForResearch: boolean;
  /** The day the documents were written, TT.MM.JJJJ. */
  writtenOn: string;
}

// How long docs/deploy.md keeps the server's backups, shared with /verwaltung's 'Fristen'.
export { BACKUP_KEEP_DAYS } from '../../schemas/verwaltung-api.ts';

const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '[::1]', '::1']);

function postgresFacts(url: string): Extract<Deployment['database'], { kind: 'postgres' }> {
  try {
    const parsed = new URL(url);
    // A host in `?host=` (a local socket folder) is on this machine too.
    const socket = parsed.searchParams.get('host')?.startsWith('/') ?? false;
    return {
      kind: 'postgres',
      onThisMachine: socket || LOCAL_HOSTS.has(parsed.hostname),
      sslmode: parsed.searchParams.get('sslmode') ?? undefined,
    };
  } catch {
    throw new OperatorError(
      'DATABASE_URL ist keine gültige Adresse (postgres://…). So setzen wie für den Server.',
      'DATABASE_URL is not a valid address (postgres://…). Set it as for the server.',
    );
  }
}

/** A whole-number setting as server/main.ts reads it; a value the server refuses stops here too. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isInteger(value) && value >= 0) return value;
  throw new OperatorError(
    `${name} muss eine ganze Zahl ≥ 0 sein, ist aber "${raw}" (wie für den Server setzen).`,
    `${name} must be a whole number ≥ 0, got "${raw}" (set it as for the server).`,
  );
}

function day(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** A setting read as the server reads it; a value the server refuses stops here too. */
function settingAsServer<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    const message = (error as Error).message;
    throw new OperatorError(
      `${message} (wie für den Server setzen)`,
      `${message} (set it as for the server)`,
    );
  }
}

/**
 * The settings from `env` and the database `target` as the caller resolved it: `npm run datenschutz`
 * from DATABASE_URL and DATA_DIR (scripts/backup/common.ts targetFromEnv), the running server from
 * the database it opened (server/main.ts). A value the server would refuse throws an OperatorError.
 */
export function readDeployment(env: NodeJS.ProcessEnv, target: DatabaseTarget, now = new Date()): Deployment {
  const retentionMonths = settingAsServer(() => retentionMonthsFromEnv(env));
  const trustProxy = env.TRUST_PROXY;
  return {
    database: target.kind === 'pglite' ? target : postgresFacts(target.url),
    retentionMonths,
    // An invalid key stops here with the backup tool's own message: the documents must not
    // promise encrypted backups that `npm run backup` would refuse to write.
    backupsEncrypted: backupRecipients(env).length > 0,
    behindProxy: Boolean(trustProxy) && trustProxy !== 'false',
    host: env.HOST || '0.0.0.0',
    exportToken: Boolean(env.EXPORT_TOKEN),
    uploadsPerMinute: wholeNumber(env, 'RATE_LIMIT_PER_MINUTE', DEFAULT_UPLOADS_PER_MINUTE),
    protokollMonths: settingAsServer(() =>
      positiveIntegerFromEnv('PROTOKOLL_MONTHS', DEFAULT_PROTOKOLL_MONTHS, env),
    ),
    logLevel: env.LOG_LEVEL || 'warn',
    unknownConsentCountsForResearch: settingAsServer(() =>
      booleanFromEnv('UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH', false, env),
    ),
    writtenOn: day(now),
  };
}
