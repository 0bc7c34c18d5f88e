import type { Session } from './types.ts';

/**
 * PostgreSQL's autovacuum, done by hand for PGlite. PGlite runs PostgreSQL as one process with no
 * background workers, so no table is ever analysed or vacuumed on its own: the planner then
 * guesses row counts (an export once chose a sort of the whole table for every 250 rows), and
 * rows replaced by upserts and deletes are never reclaimed.
 *
 * The rules are autovacuum's defaults: ANALYZE a table once more than 50 + 10 % of its rows
 * changed since the last analysis, VACUUM it once more than 50 + 20 % are dead. The change counters
 * live in memory and start at zero with every start, so `start()` analyses every table once
 * (ANALYZE reads a sample of at most 30,000 rows: about half a second at 100,000 results).
 * PGlite's queries run on the server's one thread, so a pass holds up other requests for as long
 * as it works; it runs rarely and only when a table has changed that much.
 */
export interface Housekeeping {
  /** Analyses every table, then checks the rules every `intervalMs`. Never rejects. */
  start(): Promise<void>;
  /** One pass of the rules; resolves with what it did, e.g. ['ANALYZE results']. */
  runOnce(): Promise<string[]>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface HousekeepingOptions {
  intervalMs?: number;
  /** Told when a pass fails; the next pass tries again. */
  onError?: (error: unknown) => void;
}

interface TableActivity {
  name: string;
  changed: number | string;
  dead: number | string;
  tuples: number | string;
}

export function createHousekeeping(db: Session, options: HousekeepingOptions = {}): Housekeeping {
  const { intervalMs = 60_000, onError = () => {} } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> = Promise.resolve();

  // The statistics collector hands its counters over only when told to (no background process
  // does it in single-user mode); they count from the next statement on.
  const flushCounters = () => db.query('SELECT pg_stat_force_next_flush()');

  const pass = async (): Promise<string[]> => {
    await flushCounters();
    const tables = await db.query<TableActivity>(
      `SELECT quote_ident(s.relname) AS name, s.n_mod_since_analyze AS changed,
              s.n_dead_tup AS dead, greatest(c.reltuples, 0) AS tuples
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`,
    );
    const done: string[] = [];
    for (const table of tables) {
      const tuples = Number(table.tuples);
      const command =
        Number(table.dead) > 50 + 0.2 * tuples
          ? `VACUUM (ANALYZE) ${table.name}`
          : Number(table.changed) > 50 + 0.1 * tuples
            ? `ANALYZE ${table.name}`
            : undefined;
      if (!command) continue;
      await db.exec(command);
      done.push(command);
    }
    return done;
  };

  /** One pass at a time: a slow pass is never overlapped by the next tick. */
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work);
    running = next.catch(() => {});
    return next;
  };

  return {
    async start() {
      // A failed analysis is reported, not thrown: the results are still safe to store without it.
      await serialised(async () => {
        await flushCounters(); // else changes made before the analysis would count as made after it
        await db.exec('ANALYZE');
      }).catch(onError);
      timer = setInterval(() => {
        serialised(pass).catch(onError);
      }, intervalMs);
      timer.unref();
    },
    runOnce: () => serialised(pass),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
