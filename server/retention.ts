import type { FastifyBaseLogger } from 'fastify';
import { ACTOR, record } from './auth/protokoll-entries.ts';
import type { ResultStore } from './db/index.ts';
import { DEFAULT_PROTOKOLL_MONTHS } from './db/protokoll.ts';
import { createRetention, type Retention } from './db/retention.ts';
import { positiveIntegerFromEnv } from './settings.ts';

/**
 * RETENTION_MONTHS, the server's retention period (docs/privacy.md, "On the server"): five years
 * by default, so that a Verlauf from 4 to 10 years stays whole and is then deleted (issue 42).
 */
export const DEFAULT_RETENTION_MONTHS = 60;

/**
 * RETENTION_MONTHS as a whole number ≥ 1 (unset or empty: DEFAULT_RETENTION_MONTHS). Anything else
 * stops the start: a typo must not keep results for ever, nor delete them all.
 */
export function retentionMonthsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveIntegerFromEnv('RETENTION_MONTHS', DEFAULT_RETENTION_MONTHS, env);
}

/** The start log's line: the rule, and what the pass at start deleted. */
export function retentionAnnouncement(months: number, deletedAtStart: number | undefined): string {
  const [de, en] =
    deletedAtStart === undefined
      ? ['beim Start fehlgeschlagen (siehe Log)', 'failed at start (see the log)']
      : [`beim Start ${deletedAtStart} gelöscht`, `${deletedAtStart} deleted at start`];
  return (
    `  Aufbewahrung / retention: Ergebnisse ${months} Monate nach dem letzten Test ihres Kind-Codes ` +
    `(ohne Kind-Code: nach ihrem Testtag), täglich geprüft, ${de} / results ${months} months after ` +
    `the latest test of their child code (without a code: after their test day), checked daily, ${en}`
  );
}

/**
 * Starts the deletion of results past RETENTION_MONTHS (server/main.ts): a pass now, then daily on
 * an unref'd timer, in every server process (their passes take turns: ResearchStore.deleteExpired).
 * Throws on a bad RETENTION_MONTHS. Each deletion's count is logged at warn, the default level,
 * never a child code; with `announce` the rule is printed once the pass at start is done, after
 * the other start lines.
 */
export function startRetention(
  db: ResultStore,
  options: {
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    announce: boolean;
    env?: NodeJS.ProcessEnv;
    /** PROTOKOLL_MONTHS: the same daily pass removes older Protokoll entries (default 24). */
    protokollMonths?: number;
  },
): Retention | undefined {
  const months = retentionMonthsFromEnv(options.env);
  const { research } = db;
  if (!research) return undefined;
  const { log } = options;
  const retention = createRetention(research, {
    months,
    onDeleted: async (deleted) => {
      log.warn(
        { deleted, retentionMonths: months },
        `${deleted} results past the retention period (RETENTION_MONTHS=${months}) were deleted`,
      );
      await record(research, log, {
        kind: 'retention',
        actor: ACTOR.server,
        count: deleted,
        detail: `Aufbewahrungsfrist abgelaufen (RETENTION_MONTHS=${months})`,
      });
    },
    // The Protokoll keeps its own period, whether or not /auswertung is switched on (docs/product.md §46).
    alsoDaily: async (now) => {
      await research.pruneProtokoll(options.protokollMonths ?? DEFAULT_PROTOKOLL_MONTHS, now);
    },
    onError: (error) =>
      log.error(
        { err: error },
        'deleting the results past the retention period failed; tried again tomorrow',
      ),
  });
  void retention.start().then((deleted) => {
    if (options.announce) console.log(retentionAnnouncement(months, deleted));
  });
  return retention;
}
