import type { FastifyBaseLogger } from 'fastify';
import type { ProtokollEntry } from '../db/protokoll.ts';
import type { ResearchStore } from '../db/research.ts';

/**
 * What the routes write into the Protokoll (docs/product.md §46), in one place for the export API
 * (Bearer) and /auswertung (session), so both record a deletion and an export alike.
 */

/** Who, where no account acts (accounts are named by server/auth/access.ts actorOf). */
export const ACTOR = {
  page: 'Zugangsschlüssel EXPORT_TOKEN (/auswertung)',
  /** A failed login names nobody. */
  unknown: 'unbekannt',
  /** What the server does by itself: the deletion past RETENTION_MONTHS. */
  server: 'Server (Aufbewahrungsfrist)',
  /** `npm run verwaltung`, whoever runs it on the server (server/verwaltung/commands.ts). */
  commandLine: 'Kommandozeile (npm run verwaltung)',
  /** The deletions applied again after a restore (server/deletion-journal.ts). */
  journal: 'Server (Löschjournal)',
} as const;

/** The page's filter fields as its form names them (src/i18n/de-auswertung.ts `filter`). */
const FILTER_LABELS: Record<string, string> = {
  from: 'Testdatum von',
  to: 'Testdatum bis',
  language: 'Sprachcode',
  school: 'Einrichtung',
  contentVersion: 'Inhaltsversion',
  site: 'Einrichtungskennung',
  sound: 'Ton',
  ended: 'vorzeitig beendet',
  understanding: 'Sprachverständnis',
  profile: 'Profil',
};

/** An export's filter, as the Protokoll shows it: the form's names and the values, or that there was none. */
export function describeFilter(filter: Record<string, unknown>): string {
  const parts = Object.entries(filter)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${FILTER_LABELS[key] ?? key}: ${value === null ? 'ohne' : String(value)}`);
  return parts.length ? `Filter: ${parts.join(', ')}` : 'alle Ergebnisse';
}

/**
 * Records `entry`. A failure to record must not undo what was done (the deletion has happened):
 * it is logged with what the entry says, so the server log keeps it.
 */
export async function record(
  research: Pick<ResearchStore, 'record'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  entry: ProtokollEntry,
): Promise<void> {
  try {
    await research.record(entry);
  } catch (error) {
    const { childCode: _never, ...loggable } = entry;
    log.error({ err: error, entry: loggable }, 'the Protokoll could not record an entry');
  }
}

/**
 * Deletes every result of a child code (a parent's request) — of the Einrichtungen in `scope`, all
 * when absent — records it with the code's keyed hash and logs the count at the default level
 * (warn), never the code; the number deleted.
 */
export async function deleteChildResults(
  research: ResearchStore,
  log: FastifyBaseLogger,
  childCode: string,
  by: { actor: string; scope?: string[] | undefined },
): Promise<number> {
  const deleted = await research.deleteByChildCode(childCode, by.scope);
  log.warn({ deleted }, `${deleted} results of one child code were deleted on request (${by.actor})`);
  await record(research, log, {
    kind: 'deletion',
    actor: by.actor,
    count: deleted,
    childCode,
    detail: by.scope
      ? `alle Ergebnisse eines Kind-Codes in ${by.scope.join(', ')}`
      : 'alle Ergebnisse eines Kind-Codes',
  });
  return deleted;
}
