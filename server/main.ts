import cluster from 'node:cluster';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { buildServer, DEFAULT_UPLOADS_PER_MINUTE } from './app.ts';
import { openControlSocket } from './control-socket.ts';
import { openPgliteStore, openPostgresStore } from './db/index.ts';
import { DEFAULT_PROTOKOLL_MONTHS } from './db/protokoll.ts';
import {
  JOURNAL_FOLDER,
  journalPruneDate,
  openDeletionJournal,
  reapplyDeletionJournal,
  withDeletionJournal,
} from './deletion-journal.ts';
import { retentionMonthsFromEnv, startRetention } from './retention.ts';
import { booleanFromEnv, positiveIntegerFromEnv } from './settings.ts';
import { checkDataDir, dataDirError, explainStartupError } from './startup-errors.ts';
import { uploadAccessFromEnv } from './tablets/signature.ts';
import { commandLineVerwaltung, runCommand } from './verwaltung/commands.ts';

/**
 * Runs the results server from environment variables (see the README):
 * PORT, HOST, DATA_DIR, DATABASE_URL, EXPORT_TOKEN, plus tuning knobs RATE_LIMIT_PER_MINUTE
 * (0 = off), TRUST_PROXY, LOG_LEVEL, EXPORT_TIME_ZONE, DB_POOL_SIZE, DB_WRITE_CONCURRENCY,
 * WORKERS (processes sharing the port; PostgreSQL only), STATIC_DIR (default dist/) and
 * PROTOKOLL_MONTHS (how long the Protokoll keeps its entries, default 24). DATA_DIR holds the
 * deletion journal with either database (server/deletion-journal.ts), and
 * UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH (whether a result without a recorded research consent counts
 * as consent, default false; docs/product.md §48), and UPLOAD_ACCESS (open or enrolled: whether
 * only enrolled tablets may upload, default open; docs/product.md §51).
 */
const ROOT = resolve(import.meta.dirname, '..');
const env = process.env;

function integer(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} muss eine ganze Zahl ≥ 0 sein / must be a whole number ≥ 0, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false') return false;
  return raw === 'true' ? true : raw;
}

function lanAddresses(port: number): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((net) => net && net.family === 'IPv4' && !net.internal)
    .map((net) => `http://${net?.address}:${port}`);
}

const port = integer('PORT', 8080);
const host = env.HOST || '0.0.0.0';
const dataDir = resolve(env.DATA_DIR || resolve(ROOT, 'data'));
const databaseUrl = env.DATABASE_URL || undefined;
const exportToken = env.EXPORT_TOKEN || undefined;
/** EXPORT_TOKEN opens every Einrichtung's results: a shorter one is refused at start (docs/product.md §47). */
const MIN_EXPORT_TOKEN_LENGTH = 32;
const workers = integer('WORKERS', 1);

async function runServer(announce: boolean): Promise<void> {
  // A bad RETENTION_MONTHS or PROTOKOLL_MONTHS stops the start before anything opens (startRetention
  // reads the first again).
  retentionMonthsFromEnv();
  const protokollMonths = positiveIntegerFromEnv('PROTOKOLL_MONTHS', DEFAULT_PROTOKOLL_MONTHS);
  const unknownConsentCountsForResearch = booleanFromEnv('UNKNOWN_CONSENT_COUNTS_FOR_RESEARCH', false);
  const uploadAccess = uploadAccessFromEnv(env);
  if (!databaseUrl) {
    // Before PGlite sees it: PGlite reports a full disk as `Aborted()`.
    const problem = checkDataDir(dataDir);
    if (problem) throw dataDirError(problem);
  }
  // Opened first: a folder it cannot write stops the start before any database opens (with
  // PostgreSQL, DATA_DIR holds only the journal).
  const journal = (() => {
    try {
      return openDeletionJournal(resolve(dataDir, JOURNAL_FOLDER));
    } catch (error) {
      const code = String((error as NodeJS.ErrnoException).code);
      throw dataDirError(checkDataDir(dataDir) ?? { kind: 'not-writable', path: dataDir, code });
    }
  })();
  const embedded = databaseUrl ? undefined : await openPgliteStore(dataDir);
  const opened =
    embedded ??
    (await openPostgresStore(databaseUrl as string, {
      poolSize: integer('DB_POOL_SIZE', 10),
      writeConcurrency: integer('DB_WRITE_CONCURRENCY', 2),
    }));
  const db = withDeletionJournal(opened, journal);
  // `npm run backup` and `npm run verwaltung` of the embedded database go through the running server
  // (docs/deploy.md).
  const closeControl = embedded
    ? await openControlSocket(
        dataDir,
        {
          backup: () => embedded.dumpDataDir(),
          verwaltung: (command) => runCommand(commandLineVerwaltung(embedded), command),
        },
        (error) =>
          console.error(
            `Auftrag über den Server fehlgeschlagen / request through the server failed: ${String(error)}`,
          ),
      ).catch((error: unknown) => {
        console.error(
          `Warnung: npm run backup und npm run verwaltung gehen bei laufendem Server nicht (${String(error)}); dafür den Server anhalten. / ` +
            `Warning: npm run backup and npm run verwaltung cannot reach the running server (${String(error)}); stop the server for them.`,
        );
        return async () => {};
      })
    : async () => {};
  const uploadsPerMinute = integer('RATE_LIMIT_PER_MINUTE', DEFAULT_UPLOADS_PER_MINUTE);
  // A failed set-up must not leave the database open or the control socket behind.
  const app = await buildServer({
    db,
    staticDir: resolve(env.STATIC_DIR || resolve(ROOT, 'dist')),
    exportToken,
    rateLimit: uploadsPerMinute === 0 ? false : { max: uploadsPerMinute, timeWindowMs: 60_000 },
    logLevel: env.LOG_LEVEL === 'off' ? false : env.LOG_LEVEL || 'warn',
    trustProxy: trustProxy(env.TRUST_PROXY),
    exportTimeZone: env.EXPORT_TIME_ZONE || undefined,
    protokollMonths,
    retentionMonths: retentionMonthsFromEnv(),
    unknownConsentCountsForResearch,
    uploadAccess,
    datenschutz: {
      env,
      database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir },
    },
  }).catch(async (error: unknown) => {
    await closeControl();
    await db.close();
    throw error;
  });

  let closing = false;
  let retention: ReturnType<typeof startRetention>;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      // A pass in progress finishes before the database closes.
      await retention?.stop();
      await closeControl();
      await app.close();
    } finally {
      await db.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    // Deletions since the backup of a restored database, again, before any request reads it.
    // Old entries go only where no other process (WORKERS) appends meanwhile.
    if (db.research) {
      await reapplyDeletionJournal(db.research, journal, app.log, {
        ...(workers === 1 ? { pruneBefore: journalPruneDate(retentionMonthsFromEnv()) } : {}),
      });
    }
    await app.listen({ port, host });
  } catch (error) {
    // A busy port must not leave the database open or its server.pid behind.
    await closeControl();
    await app.close();
    await db.close();
    throw error;
  }
  // Results past RETENTION_MONTHS are deleted now and daily (docs/privacy.md); a bad value stops the start.
  retention = startRetention(db, { log: app.log, announce, protokollMonths });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  if (!announce) return;
  const local = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.log(`Zähltest läuft auf http://${local}:${actualPort}`);
  if (host === '0.0.0.0' || host === '::') {
    const lan = lanAddresses(actualPort);
    for (const url of lan) console.log(`  im Netzwerk / on the network: ${url}`);
    // Browsers run the service worker only over HTTPS (or on this machine itself): a tablet that
    // opens one of these addresses cannot test offline (docs/deploy.md).
    if (lan.length > 0 && !env.TRUST_PROXY) {
      console.log(
        '  Achtung: Über diese http-Adressen laufen Tablets ohne Offline-Betrieb (kein HTTPS). ' +
          'Für Tablets HTTPS einrichten: docs/deploy.md (Caddy).\n' +
          '  Warning: over these http addresses tablets cannot work offline (no HTTPS). ' +
          'Set up HTTPS for tablets: docs/deploy.md (Caddy).',
      );
    }
  }
  console.log(
    databaseUrl
      ? `  Ergebnisse / results: PostgreSQL (DATABASE_URL)${workers > 1 ? `, ${workers} Prozesse` : ''}`
      : `  Ergebnisse / results: ${dataDir}`,
  );
  console.log(
    uploadAccess === 'enrolled'
      ? '  Uploads: nur von eingerichteten Tablets (UPLOAD_ACCESS=enrolled) / from enrolled tablets only'
      : '  Uploads: von jedem Tablet (UPLOAD_ACCESS=open); nur eingerichtete: UPLOAD_ACCESS=enrolled / from any tablet; enrolled only: UPLOAD_ACCESS=enrolled',
  );
  console.log(
    exportToken
      ? `  Export: /api/results.csv und /api/results.json mit "Authorization: Bearer $EXPORT_TOKEN"`
      : "  Export: mit den API-Tokens der Konten (EXPORT_TOKEN nicht gesetzt) / with the accounts' API tokens (EXPORT_TOKEN not set)",
  );
}

async function main(): Promise<void> {
  if (exportToken !== undefined && exportToken.length < MIN_EXPORT_TOKEN_LENGTH) {
    // Never printed: only its length is wrong.
    console.error(
      `EXPORT_TOKEN ist zu kurz (${exportToken.length} Zeichen, mindestens ${MIN_EXPORT_TOKEN_LENGTH}); einen neuen erzeugen: openssl rand -hex 32 / ` +
        `EXPORT_TOKEN is too short (${exportToken.length} characters, at least ${MIN_EXPORT_TOKEN_LENGTH}); make one: openssl rand -hex 32`,
    );
    process.exit(2);
  }
  if (workers > 1 && !databaseUrl) {
    console.error(
      'WORKERS > 1 braucht DATABASE_URL: die eingebaute Datenbank gehört einem Prozess. / WORKERS > 1 needs DATABASE_URL: the embedded database belongs to one process.',
    );
    process.exit(2);
  }
  if (workers > 1 && cluster.isPrimary) {
    // Stateless workers share the port; the primary only restarts a worker that dies.
    for (let i = 0; i < workers; i++) cluster.fork({ ZAEHLTEST_ANNOUNCE: i === 0 ? '1' : '' });
    cluster.on('exit', (worker, code, signal) => {
      if (signal === 'SIGTERM' || signal === 'SIGINT' || code === 0) return;
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting a new one`);
      cluster.fork({ ZAEHLTEST_ANNOUNCE: '' });
    });
    const stop = () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      process.exit(0);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    return;
  }
  await runServer(cluster.isPrimary || env.ZAEHLTEST_ANNOUNCE === '1');
}

main().catch((error: unknown) => {
  const { de, en } = explainStartupError(error, {
    port,
    host,
    dataDir: databaseUrl && !(error as { dataDirProblem?: unknown }).dataDirProblem ? undefined : dataDir,
    databaseUrl,
  });
  console.error(`Zähltest konnte nicht starten: ${de}\nZähltest could not start: ${en}`);
  process.exit(1);
});
