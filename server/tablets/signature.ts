import { verify } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TABLET_HEADER, type TabletRefusal } from '../../schemas/tablets-api.ts';
import { sha256Hex } from '../auth/access.ts';
import type { TabletCredential, TabletStore } from '../db/tablets.ts';
import type { ResultOrigin } from '../db/types.ts';

/**
 * Signed requests of enrolled tablets (docs/product.md §51): the header
 * `X-Zaehltest-Tablet: <tabletId>.<base64url signature>`, an ECDSA P-256 / SHA-256 signature in
 * WebCrypto's IEEE-P1363 form over `${METHOD} ${path}\n${sha256hex(body)}`. No timestamp: an upload
 * is stored once per submission id and a status report only refreshes a row, so a replay is harmless.
 * The check reads the tablet's cached credential (server/db/tablets.ts): no database read, no key
 * derivation per upload.
 */

/** UPLOAD_ACCESS: 'open' stores unsigned uploads as before; 'enrolled' takes only enrolled tablets'. */
export const UPLOAD_ACCESS_VALUES = ['open', 'enrolled'] as const;
export type UploadAccess = (typeof UPLOAD_ACCESS_VALUES)[number];

/** 't_' and 16 characters of base32 (RFC 4648, lower case). */
export const TABLET_ID_PATTERN = /^t_[a-z2-7]{16}$/;

/** The German answers of a refused tablet request, by reason. */
export const REFUSALS: Record<
  Exclude<TabletRefusal, 'code-unknown' | 'code-used' | 'code-expired'>,
  string
> = {
  'tablet-revoked':
    'Dieses Tablet wurde abgemeldet. Ergebnisse bleiben auf dem Tablet; sie werden gesendet, sobald es wieder eingerichtet ist (auf /verwaltung „Tablet hinzufügen“, dann auf dem Tablet „Tablet einrichten“).',
  'tablet-unknown':
    'Dieses Tablet kennt der Server nicht, oder seine Unterschrift stimmt nicht. Ergebnisse bleiben auf dem Tablet; bitte das Tablet neu einrichten (Code von /verwaltung).',
  'not-enrolled':
    'Dieser Server nimmt Ergebnisse nur von eingerichteten Tablets an. Ergebnisse bleiben auf dem Tablet; bitte das Tablet einrichten (Code von /verwaltung, „Tablet hinzufügen“).',
  'other-site':
    'Dieses Tablet ist nicht für diese Einrichtung eingerichtet; das Ergebnis wurde nicht gespeichert. Ergebnisse bleiben auf dem Tablet.',
};

/** The bytes a tablet signs. */
export const signedText = (method: string, path: string, body: string) =>
  Buffer.from(`${method} ${path}\n${sha256Hex(body)}`, 'utf8');

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Keeps the JSON body's text of the requests of this plugin's scope (the signature is over its
 * bytes), parsed as Fastify's own parser does.
 */
export function keepRawBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    parse(request, body as string, done);
  });
}

/** The body's text as sent ('' without one). */
export const rawBodyOf = (request: FastifyRequest) => rawBodies.get(request) ?? '';

/** The path a tablet signs: without origin and query. */
export const signedPath = (request: FastifyRequest) => request.url.split('?')[0] as string;

export type Verified =
  | { ok: true; credential: TabletCredential }
  | { ok: false; reason: 'tablet-unknown' | 'tablet-revoked' };

/** Checks a signature header against the tablet's cached key. */
export async function verifyTablet(
  store: TabletStore,
  header: string,
  method: string,
  path: string,
  body: string,
): Promise<Verified> {
  const dot = header.indexOf('.');
  const tabletId = header.slice(0, dot);
  const signature = Buffer.from(header.slice(dot + 1), 'base64url');
  if (dot < 0 || !TABLET_ID_PATTERN.test(tabletId) || signature.length !== 64)
    return { ok: false, reason: 'tablet-unknown' };
  const credential = await store.credential(tabletId);
  if (!credential) return { ok: false, reason: 'tablet-unknown' };
  const valid = verify(
    'sha256',
    signedText(method, path, body),
    { key: credential.publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!valid) return { ok: false, reason: 'tablet-unknown' };
  if (credential.revoked) return { ok: false, reason: 'tablet-revoked' };
  return { ok: true, credential };
}

export type GateOutcome =
  | { ok: true; origin: ResultOrigin | undefined }
  | { ok: false; status: 401 | 403; reason: TabletRefusal; error: string };

/**
 * Who may upload (POST /api/results, POST /api/consent-withdrawals): a signed request is checked
 * under either setting, and its `site`, when it has one, must be one the tablet (or an earlier
 * enrolment of the same device) was enrolled to; an unsigned one passes under 'open' only. A signed
 * upload without `site` (a result taken before the tablet's first enrolment, when no
 * Einrichtungskennung was typed) is stored as an open upload would store it, with the tablet and
 * no Einrichtung of an enrolment (docs/product.md §51): refusing it would only retry it for ever.
 */
export function createUploadGate(options: { store: TabletStore | undefined; access: UploadAccess }) {
  const refuse = (status: 401 | 403, reason: keyof typeof REFUSALS): GateOutcome => ({
    ok: false,
    status,
    reason,
    error: REFUSALS[reason],
  });
  return async (request: FastifyRequest, site: string | undefined): Promise<GateOutcome> => {
    const header = request.headers[TABLET_HEADER];
    if (typeof header !== 'string' || header === '')
      return options.access === 'open' ? { ok: true, origin: undefined } : refuse(401, 'not-enrolled');
    if (!options.store) return refuse(401, 'tablet-unknown');
    const verified = await verifyTablet(
      options.store,
      header,
      request.method,
      signedPath(request),
      rawBodyOf(request),
    );
    if (!verified.ok) return refuse(401, verified.reason);
    const { credential } = verified;
    if (site === undefined) return { ok: true, origin: { tabletId: credential.id, enrolledSite: null } };
    if (!credential.chainSites.includes(site)) return refuse(403, 'other-site');
    return { ok: true, origin: { tabletId: credential.id, enrolledSite: site } };
  };
}
export type UploadGate = ReturnType<typeof createUploadGate>;

/**
 * UPLOAD_ACCESS from the environment: unset or empty is 'open' (`npm start` for one Kita on a laptop);
 * anything but 'open' or 'enrolled' stops the start with a German and English message, so that a typo
 * never opens a server meant to be closed.
 */
export function uploadAccessFromEnv(env: NodeJS.ProcessEnv = process.env): UploadAccess {
  const raw = env.UPLOAD_ACCESS;
  if (raw === undefined || raw.trim() === '') return 'open';
  const value = raw.trim().toLowerCase();
  if ((UPLOAD_ACCESS_VALUES as readonly string[]).includes(value)) return value as UploadAccess;
  throw new Error(`UPLOAD_ACCESS muss open oder enrolled sein / must be open or enrolled, got "${raw}"`);
}
