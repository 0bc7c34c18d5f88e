import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  AuskunftAnswer,
  ProtokollAnswer,
  ProtokollChildAnswer,
  ProtokollEntryAnswer,
} from '../../schemas/auswertung-api.ts';
import { type Access, childScope, principalOf, requestActor } from '../auth/access.ts';
import { record } from '../auth/protokoll-entries.ts';
import {
  PROTOKOLL_KINDS,
  type ProtokollFilter,
  type ProtokollKind,
  type ProtokollRow,
} from '../db/protokoll.ts';
import type { ResearchStore } from '../db/research.ts';
import {
  csvField,
  dateTimeFormatter,
  exportedResult,
  fileNameDay,
  germanDateTime,
  readableResult,
} from '../export.ts';
import { type ChildCodeQuery, childCodeQuery } from '../plugins/child-code.ts';
import { FROM_AFTER_TO, isoDay, withoutEmptyFields } from './filters.ts';

/** The Protokoll's kinds in German, for the page's filter and table and the CSV. */
export const PROTOKOLL_KIND_LABELS: Record<ProtokollKind, string> = {
  login: 'Anmeldung',
  'login-failed': 'Fehlversuch',
  export: 'Export',
  deletion: 'Löschung',
  retention: 'Löschung nach Frist',
  auskunft: 'Auskunft',
  account: 'Konto',
  token: 'API-Token',
  site: 'Einrichtung',
  tablet: 'Tablet',
};

/** Entries the page shows at once; the CSV holds all. */
export const PROTOKOLL_PAGE_LIMIT = 500;

const protokollQuery = z.preprocess(
  withoutEmptyFields,
  z
    .strictObject({
      kind: z.enum(PROTOKOLL_KINDS, { error: 'unbekannte Art' }).optional(),
      from: isoDay.optional(),
      to: isoDay.optional(),
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, { error: FROM_AFTER_TO }),
);

const answer = (row: ProtokollRow): ProtokollEntryAnswer => ({
  ...row,
  kindLabel: PROTOKOLL_KIND_LABELS[row.kind] ?? row.kind,
});

export interface ProtokollRouteOptions {
  api: string;
  protokoll: ResearchStore;
  access: Access;
  exportTimeZone: string;
  months: number;
}

/**
 * The Protokoll on /auswertung (docs/product.md §46): the entries, filtered by kind and date, as a
 * table and a CSV, and the deletions of one child code, found by the code's keyed hash; and the
 * Auskunft for one child code, which the Protokoll records.
 */
export function protokollRoutes(app: FastifyInstance, options: ProtokollRouteOptions): void {
  const { api, protokoll, access, months } = options;
  // The Protokoll is the Verwaltung's (docs/product.md §47); the Auskunft any account's, for its
  // Einrichtungen.
  const verwaltung = access.require({ roles: ['verwaltung'] });
  const route = { onRequest: verwaltung, schema: { querystring: protokollQuery } };
  type Query = { Querystring: ProtokollFilter };

  app.get<Query>(`${api}/protokoll`, route, async (request): Promise<ProtokollAnswer> => {
    const filter = { ...request.query, timeZone: options.exportTimeZone };
    const [rows, total] = await Promise.all([
      protokoll.protokoll(filter, PROTOKOLL_PAGE_LIMIT),
      protokoll.countProtokoll(filter),
    ]);
    return {
      entries: rows.map(answer),
      total,
      limit: PROTOKOLL_PAGE_LIMIT,
      kinds: PROTOKOLL_KINDS.map((kind) => ({ kind, label: PROTOKOLL_KIND_LABELS[kind] })),
      months,
      timeZone: options.exportTimeZone,
    };
  });

  app.get<Query>(`${api}/protokoll.csv`, route, async (request, reply) => {
    const rows = await protokoll.protokoll(
      { ...request.query, timeZone: options.exportTimeZone },
      Number.MAX_SAFE_INTEGER,
    );
    const formatter = dateTimeFormatter(options.exportTimeZone);
    const lines = [
      'Zeit;Art;Wer;Anzahl;Angabe',
      ...rows.map((row) =>
        [
          germanDateTime(formatter, new Date(row.at)),
          PROTOKOLL_KIND_LABELS[row.kind] ?? row.kind,
          row.actor,
          row.count === null ? '' : String(row.count),
          row.detail,
        ]
          .map(csvField)
          .join(';'),
      ),
    ];
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="zaehltest-protokoll-${fileNameDay()}.csv"`)
      .send(Readable.from([`\uFEFF${lines.join('\r\n')}\r\n`]));
  });

  // The Auskunft for a parent (Art. 15 DSGVO): everything the server holds for the code, recorded
  // in the Protokoll with the code's keyed hash.
  app.get<{ Querystring: ChildCodeQuery }>(
    `${api}/auskunft`,
    { onRequest: access.require(), schema: { querystring: childCodeQuery } },
    async (request): Promise<AuskunftAnswer> => {
      const { childCode } = request.query;
      const formatter = dateTimeFormatter(options.exportTimeZone);
      const results: AuskunftAnswer['results'] = [];
      const readable: AuskunftAnswer['readable'] = [];
      const principal = principalOf(request);
      const scope = childScope(principal, request.query.site);
      for await (const result of protokoll.iterateResults({ childCode, ...(scope && { scope }) })) {
        results.push(exportedResult(result));
        readable.push(readableResult(result, formatter));
      }
      // The Protokoll's deletions name accounts of every Einrichtung: the Verwaltung's to see.
      const deletions =
        principal.role === 'verwaltung' ? (await protokoll.deletionsOfChildCode(childCode)).map(answer) : [];
      await record(protokoll, request.log, {
        kind: 'auskunft',
        actor: requestActor(request),
        count: results.length,
        childCode,
        detail: 'Auskunft zu einem Kind-Code (Art. 15 DSGVO)',
      });
      return {
        childCode,
        at: new Date().toISOString(),
        timeZone: options.exportTimeZone,
        protokollMonths: months,
        results,
        readable,
        deletions,
      };
    },
  );

  app.get<{ Querystring: ChildCodeQuery }>(
    `${api}/protokoll/child-code`,
    { onRequest: verwaltung, schema: { querystring: childCodeQuery } },
    async (request): Promise<ProtokollChildAnswer> => ({
      deletions: (await protokoll.deletionsOfChildCode(request.query.childCode)).map(answer),
    }),
  );
}
