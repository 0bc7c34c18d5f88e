import { resolve } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type {
  AccountRow,
  ApiTokenRow,
  DatenschutzFile,
  NewApiToken,
  OneTimePassword,
  SiteRow,
  UnassignedCode,
} from '../../schemas/verwaltung-api.ts';
import { type Access, EVERY_ROLE, principalOf, requestActor } from '../auth/access.ts';
import { record } from '../auth/protokoll-entries.ts';
import { type DatabaseTarget, readDeployment } from '../datenschutz/deployment.ts';
import { datenschutzDocuments } from '../datenschutz/documents.ts';
import { AccountError } from '../db/accounts.ts';
import type { ResultStore } from '../db/index.ts';
import { DEFAULT_PROTOKOLL_MONTHS } from '../db/protokoll.ts';
import { OperatorError } from '../operator-error.ts';
import { DEFAULT_RETENTION_MONTHS } from '../retention.ts';
import {
  addAccount,
  addSite,
  assignCode,
  changeAccount,
  changeOwnPassword,
  changeSite,
  createToken,
  firstIssue,
  resetPassword,
  revokeToken,
  SCHEMAS,
  type Verwaltung,
} from './operations.ts';

/** The Verwaltung's page: accounts, Einrichtungen, the Protokoll (docs/product.md §47). */
export const VERWALTUNG_PATH = '/verwaltung';
const API = '/api/verwaltung';
const KONTO = '/api/konto';

export interface VerwaltungOptions {
  db: ResultStore;
  access: Access;
  /** The built app has verwaltung.html: serve it at /verwaltung. */
  hasPage: boolean;
  retentionMonths?: number | undefined;
  protokollMonths?: number | undefined;
  datenschutz?: DatenschutzSettings | undefined;
}

/** What the Datenschutz-Unterlagen are written from: the server's environment and its database. */
export interface DatenschutzSettings {
  env: NodeJS.ProcessEnv;
  database: DatabaseTarget;
}

/** The settings of a server that was given none: process.env, as server/main.ts reads it. */
function settingsFromProcess(): DatenschutzSettings {
  const env = process.env;
  return {
    env,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(env.DATA_DIR || 'data') },
  };
}

/** What /verwaltung shows beside the lists: the periods in force. */
export interface VerwaltungSettings {
  retentionMonths: number;
  protokollMonths: number;
}

/**
 * /verwaltung and its API: Einrichtungen and accounts (role Verwaltung; Forschung may see the
 * Einrichtungen and assign codes), and every account's own password and API tokens (/api/konto).
 */
export const verwaltungPlugin: FastifyPluginAsync<VerwaltungOptions> = async (app, options) => {
  const { db, access } = options;
  const accounts = db.accounts;
  const research = db.research;
  if (!accounts || !research) throw new Error('the results store has no accounts');
  const verwaltung = access.require({ roles: ['verwaltung'] });
  const sitesReaders = access.require({ roles: ['verwaltung', 'forschung'] });

  const as = (request: FastifyRequest): Verwaltung => ({
    accounts,
    protokoll: research,
    log: request.log,
    actor: requestActor(request),
  });
  /** The body or params parsed, or a 400 with the German message. */
  const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => {
    const parsed = schema.safeParse(value ?? {});
    if (!parsed.success) throw Object.assign(new Error(firstIssue(parsed.error)), { statusCode: 400 });
    return parsed.data;
  };
  const idOf = (request: FastifyRequest) => {
    const id = Number((request.params as { id?: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AccountError('Unbekannte Nummer.', 404);
    return id;
  };
  if (options.hasPage) {
    app.get(VERWALTUNG_PATH, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('verwaltung.html'),
    );
  }

  app.get(
    `${API}/settings`,
    { onRequest: sitesReaders },
    async (): Promise<VerwaltungSettings> => ({
      retentionMonths: options.retentionMonths ?? DEFAULT_RETENTION_MONTHS,
      protokollMonths: options.protokollMonths ?? DEFAULT_PROTOKOLL_MONTHS,
    }),
  );

  // The Datenschutz-Unterlagen (docs/privacy.md): the documents of `npm run datenschutz`, written
  // from this server's own settings. A secret's value is never read, only whether it is set.
  app.get(`${API}/datenschutz`, { onRequest: verwaltung }, async (request): Promise<DatenschutzFile[]> => {
    const { env, database } = options.datenschutz ?? settingsFromProcess();
    let documents: DatenschutzFile[];
    try {
      documents = datenschutzDocuments(readDeployment(env, database)).map(({ name, text }) => ({
        file: name,
        text,
      }));
    } catch (error) {
      // A setting the backup tool would refuse (BACKUP_RECIPIENT): the operator's German message.
      if (error instanceof OperatorError) throw Object.assign(new Error(error.de), { statusCode: 409 });
      throw error;
    }
    await record(research, request.log, {
      kind: 'export',
      actor: requestActor(request),
      detail: 'Datenschutz-Unterlagen',
    });
    return documents;
  });

  // Einrichtungen.
  app.get(`${API}/sites`, { onRequest: sitesReaders }, async (): Promise<SiteRow[]> => accounts.listSites());
  app.post(`${API}/sites`, { onRequest: verwaltung }, async (request, reply) => {
    await addSite(as(request), parse(SCHEMAS.site, request.body));
    return reply.code(201).send({ ok: true });
  });
  app.patch(`${API}/sites/:code`, { onRequest: verwaltung }, async (request, reply) => {
    await changeSite(
      as(request),
      (request.params as { code: string }).code,
      parse(SCHEMAS.siteChange, request.body),
    );
    return reply.code(204).send();
  });
  app.get(
    `${API}/unassigned`,
    { onRequest: sitesReaders },
    async (): Promise<UnassignedCode[]> => accounts.unassignedCodes(),
  );
  app.post(`${API}/assignments`, { onRequest: sitesReaders }, async (request, reply) => {
    // Moving results between Kitas is for whoever sees them all: Verwaltung, Forschung on all.
    if (principalOf(request).sites !== 'alle')
      return reply.code(403).send({ error: 'Kennungen zuordnen kann nur, wer alle Einrichtungen sieht.' });
    const { code, site } = parse(SCHEMAS.assign, request.body);
    return { moved: await assignCode(as(request), code, site) };
  });

  // Accounts.
  app.get(
    `${API}/accounts`,
    { onRequest: verwaltung },
    async (): Promise<AccountRow[]> => accounts.listAccounts(),
  );
  app.post(`${API}/accounts`, { onRequest: verwaltung }, async (request, reply): Promise<OneTimePassword> => {
    const created = await addAccount(as(request), parse(SCHEMAS.account, request.body));
    reply.code(201);
    return created;
  });
  app.patch(
    `${API}/accounts/:id`,
    { onRequest: verwaltung },
    async (request): Promise<AccountRow> =>
      changeAccount(as(request), idOf(request), parse(SCHEMAS.accountChange, request.body)),
  );
  app.post(
    `${API}/accounts/:id/password`,
    { onRequest: verwaltung },
    async (request): Promise<OneTimePassword> => resetPassword(as(request), idOf(request)),
  );

  // The account's own: its password, its API tokens. EXPORT_TOKEN is no account and has neither.
  const ownAccount = (request: FastifyRequest, reply: FastifyReply) => {
    const { accountId } = principalOf(request);
    if (accountId === null) {
      reply.code(403).send({ error: 'Mit dem Zugangsschlüssel gibt es kein eigenes Konto.' });
      return undefined;
    }
    return accountId;
  };
  app.post(
    `${KONTO}/password`,
    { onRequest: access.require({ roles: EVERY_ROLE, passwordChange: true }) },
    async (request, reply) => {
      const id = ownAccount(request, reply);
      if (id === undefined) return reply;
      await changeOwnPassword(
        as(request),
        id,
        parse(SCHEMAS.passwordChange, request.body),
        access.sessionHash(request),
      );
      return reply.code(204).send();
    },
  );
  app.get(
    `${KONTO}/tokens`,
    { onRequest: access.require({ roles: EVERY_ROLE }) },
    async (request, reply): Promise<ApiTokenRow[] | FastifyReply> => {
      const id = ownAccount(request, reply);
      return id === undefined ? reply : accounts.listTokens(id);
    },
  );
  app.post(
    `${KONTO}/tokens`,
    { onRequest: access.require({ roles: EVERY_ROLE }) },
    async (request, reply): Promise<NewApiToken | FastifyReply> => {
      const id = ownAccount(request, reply);
      if (id === undefined) return reply;
      const created = await createToken(as(request), id, parse(SCHEMAS.tokenName, request.body).name);
      reply.code(201);
      return created;
    },
  );
  app.delete(
    `${KONTO}/tokens/:id`,
    { onRequest: access.require({ roles: EVERY_ROLE }) },
    async (request, reply) => {
      const id = ownAccount(request, reply);
      if (id === undefined) return reply;
      await revokeToken(as(request), id, idOf(request));
      return reply.code(204).send();
    },
  );
};
