import { createPublicKey, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type EnrolAnswer,
  MAX_TABLET_NAME_LENGTH,
  type NewEnrolmentCodes,
  normaliseEnrolmentCode,
  type StatusAnswer,
  TABLET_HEADER,
  type TabletsOverview,
} from '../../schemas/tablets-api.ts';
import {
  type Access,
  checkSiteInScope,
  principalOf,
  requestActor,
  scopeOf,
  sha256Hex,
} from '../auth/access.ts';
import { record } from '../auth/protokoll-entries.ts';
import { readCurrentVersion } from '../build-version.ts';
import type { ResultStore } from '../db/index.ts';
import { answerPreflight } from '../plugins/upload.ts';
import { useZodSchemas } from '../plugins/zod-validation.ts';
import { firstIssue } from '../verwaltung/operations.ts';
import {
  createEnrolmentCodes,
  revokeTablet,
  setSitePassphrase,
  TABLET_SCHEMAS,
  type TabletVerwaltung,
  tabletsOverview,
} from './operations.ts';
import { keepRawBody, REFUSALS, rawBodyOf, signedPath, verifyTablet } from './signature.ts';

/** The tablets' own routes (docs/product.md §51), cross-origin like the upload. */
export const ENROL_PATH = '/api/tablets/enrol';
export const STATUS_PATH = '/api/tablets/status';
const API = '/api/verwaltung/tablets';

/** Who enrols a tablet, as the Protokoll names it: the code stands for the Verwaltung that made it. */
const ENROL_ACTOR = 'Tablet (mit Einrichtungscode)';

const CODE_REFUSALS = {
  'code-unknown': [404, 'Diesen Code kennt der Server nicht. Bitte prüfen Sie die Eingabe.'],
  'code-used': [
    409,
    'Dieser Code wurde schon verwendet. Für ein weiteres Tablet bitte auf /verwaltung einen neuen Code erstellen („Tablet hinzufügen“).',
  ],
  'code-expired': [
    410,
    'Dieser Code ist abgelaufen (7 Tage). Bitte auf /verwaltung einen neuen Code erstellen („Tablet hinzufügen“).',
  ],
} as const;

const version = z.string().trim().max(80).optional();

// Unknown fields are dropped, not refused: a newer app may send more.
const enrolBody = z.object({
  code: z.string({ error: 'code: fehlt' }).max(60, { error: 'code: zu lang' }),
  publicKey: z.string({ error: 'publicKey: fehlt' }).max(400, { error: 'publicKey: zu lang' }),
  name: z
    .string()
    .trim()
    .max(MAX_TABLET_NAME_LENGTH, { error: `name: höchstens ${MAX_TABLET_NAME_LENGTH} Zeichen` })
    .optional(),
  appVersion: version,
  contentVersion: version,
  previous: z.object({ tabletId: z.string().max(40), signature: z.string().max(200) }).optional(),
});

const statusBody = z.object({
  appVersion: version,
  contentVersion: version,
  unsent: z.number({ error: 'unsent: muss eine Zahl sein' }).int().min(0).max(1_000_000),
  lastBackupAt: z.iso
    .datetime({ offset: true, error: 'lastBackupAt: muss eine ISO-Zeit oder null sein' })
    .nullable(),
});

/** A tablet's public key: ECDSA P-256 as base64 SPKI, or undefined. */
function publicKeyOf(base64: string) {
  try {
    const key = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
      ? key
      : undefined;
  } catch {
    return undefined;
  }
}

/** A new tablet id: 't_' and 16 characters of base32. */
function newTabletId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `t_${Array.from(randomBytes(16), (byte) => alphabet[byte % 32]).join('')}`;
}

const fail = (reply: FastifyReply, status: number, error: string, reason?: string) =>
  reply.code(status).send(reason ? { error, reason } : { error });

export interface TabletsOptions {
  db: ResultStore;
  /** The enrolment's limit per client address per minute, or false for none. */
  enrolRateLimit: { max: number; timeWindow: number } | false;
  /** The status report's limit (the upload's). */
  statusRateLimit: { max: number; timeWindow: number } | false;
}

/**
 * POST /api/tablets/enrol (a code makes a tablet) and POST /api/tablets/status (a signed report of
 * its state, answered with its Einrichtung and passphrase record).
 */
export const tabletsPlugin: FastifyPluginAsync<TabletsOptions> = async (app, options) => {
  const tablets = options.db.tablets;
  const research = options.db.research;
  if (!tablets) throw new Error('the results store has no tablets');
  keepRawBody(app);
  useZodSchemas(app);
  answerPreflight(app, ENROL_PATH);
  answerPreflight(app, STATUS_PATH);

  /** A proven earlier enrolment of the same device: its id, or undefined. */
  const provenPrevious = async (
    request: FastifyRequest,
    previous: { tabletId: string; signature: string },
  ) => {
    const sent = JSON.parse(rawBodyOf(request)) as Record<string, unknown>;
    delete sent.previous;
    const verified = await verifyTablet(
      tablets,
      `${previous.tabletId}.${previous.signature}`,
      'POST',
      ENROL_PATH,
      JSON.stringify(sent),
    );
    // A revoked earlier enrolment counts: setting the device up again after 'Abmelden' is the point.
    if (verified.ok || verified.reason === 'tablet-revoked') return previous.tabletId;
    request.log.warn('an enrolment named an earlier tablet it could not prove; enrolled without the link');
    return undefined;
  };

  app.post<{ Body: z.infer<typeof enrolBody> }>(
    ENROL_PATH,
    { schema: { body: enrolBody }, config: { rateLimit: options.enrolRateLimit } },
    async (request, reply): Promise<EnrolAnswer | FastifyReply> => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      const normalised = normaliseEnrolmentCode(body.code);
      if ('error' in normalised) return fail(reply, 400, normalised.error);
      if (!publicKeyOf(body.publicKey))
        return fail(reply, 400, 'publicKey: kein öffentlicher Schlüssel (ECDSA P-256, SPKI in base64)');
      const previousId = body.previous ? await provenPrevious(request, body.previous) : undefined;
      const tabletId = newTabletId();
      const outcome = await tablets.enrol({
        codeHash: sha256Hex(normalised.code),
        tabletId,
        publicKey: body.publicKey,
        name: body.name ?? '',
        appVersion: body.appVersion ?? null,
        contentVersion: body.contentVersion ?? null,
        previousId: previousId ?? null,
      });
      if (outcome.outcome !== 'enrolled') {
        const [status, error] = CODE_REFUSALS[outcome.outcome];
        return fail(reply, status, error, outcome.outcome);
      }
      if (research)
        await record(research, request.log, {
          kind: 'tablet',
          actor: ENROL_ACTOR,
          detail: `Tablet ${tabletId}${outcome.name ? ` „${outcome.name}“` : ''} in ${outcome.site.code} eingerichtet${previousId ? ` (dasselbe Gerät wie ${previousId})` : ''}`,
        });
      reply.code(201);
      return {
        tabletId,
        site: outcome.site,
        passphrase: await tablets.passphrase(outcome.site.code),
        previousLinked: previousId !== undefined,
      };
    },
  );

  app.post<{ Body: z.infer<typeof statusBody> }>(
    STATUS_PATH,
    { schema: { body: statusBody }, config: { rateLimit: options.statusRateLimit } },
    async (request, reply): Promise<StatusAnswer | FastifyReply> => {
      reply.header('cache-control', 'no-store');
      const header = request.headers[TABLET_HEADER];
      if (typeof header !== 'string' || header === '')
        return fail(reply, 401, REFUSALS['tablet-unknown'], 'tablet-unknown');
      const verified = await verifyTablet(tablets, header, 'POST', signedPath(request), rawBodyOf(request));
      if (!verified.ok) return fail(reply, 401, REFUSALS[verified.reason], verified.reason);
      const { credential } = verified;
      const body = request.body;
      await tablets.reportStatus(credential.id, {
        appVersion: body.appVersion ?? null,
        contentVersion: body.contentVersion ?? null,
        unsent: body.unsent,
        lastBackupAt: body.lastBackupAt,
      });
      const site = await tablets.siteOf(credential.site);
      return {
        site: { code: credential.site, name: site?.name ?? credential.site },
        passphrase: await tablets.passphrase(credential.site),
      };
    },
  );
};

export interface TabletsVerwaltungOptions {
  db: ResultStore;
  access: Access;
  /** The built app: its version.json says which version is current. */
  staticDir: string | undefined;
}

/** The tablets' part of /verwaltung: Verwaltung for every Einrichtung, a Kita-Leitung for hers. */
export const tabletsVerwaltungPlugin: FastifyPluginAsync<TabletsVerwaltungOptions> = async (app, options) => {
  const { db, access } = options;
  const { tablets, accounts, research } = db;
  if (!tablets || !accounts || !research) throw new Error('the results store has no tablets');
  const managers = access.require({ roles: ['verwaltung', 'leitung'] });

  const as = (request: FastifyRequest): TabletVerwaltung => ({
    accounts,
    tablets,
    protokoll: research,
    log: request.log,
    actor: requestActor(request),
  });
  const parse = <S extends z.ZodType>(schema: S, value: unknown): z.infer<S> => {
    const parsed = schema.safeParse(value ?? {});
    if (!parsed.success) throw Object.assign(new Error(firstIssue(parsed.error)), { statusCode: 400 });
    return parsed.data;
  };
  const scope = (request: FastifyRequest) => scopeOf(principalOf(request));

  app.get(
    API,
    { onRequest: managers },
    async (request): Promise<TabletsOverview> =>
      tabletsOverview(tablets, scope(request), readCurrentVersion(options.staticDir)),
  );
  app.post(`${API}/codes`, { onRequest: managers }, async (request, reply): Promise<NewEnrolmentCodes> => {
    const input = parse(TABLET_SCHEMAS.codes, request.body);
    checkSiteInScope(scope(request), input.site);
    const created = await createEnrolmentCodes(as(request), input, `${request.protocol}://${request.host}`);
    reply.code(201);
    return created;
  });
  app.post(`${API}/:id/revoke`, { onRequest: managers }, async (request, reply) => {
    await revokeTablet(as(request), (request.params as { id: string }).id, scope(request));
    return reply.code(204).send();
  });
  app.post(`${API}/passphrase`, { onRequest: managers }, async (request) => {
    const input = parse(TABLET_SCHEMAS.passphrase, request.body);
    checkSiteInScope(scope(request), input.site);
    return { version: await setSitePassphrase(as(request), input) };
  });
};
