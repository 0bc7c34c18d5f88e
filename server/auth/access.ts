import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE_LABELS, ROLES, type Role } from '../../schemas/verwaltung-api.ts';
import { type AccountStore, EXPORT_TOKEN_PRINCIPAL, type Principal } from '../db/accounts.ts';
import type { ResearchConsentRule } from '../db/types.ts';
import { bearerToken, type TokenGuard } from './export-token.ts';

/**
 * Who asks (docs/product.md §47): the session cookie of /auswertung and /verwaltung (an account's,
 * or one opened with EXPORT_TOKEN), or `Authorization: Bearer` with an account's API token or
 * EXPORT_TOKEN. Every route that shows or touches results asks here and applies the answer's
 * Einrichtungen (`scopeOf`), so what an account sees is enforced by the server, not by the page.
 */

export const SESSION_COOKIE = 'zt_auswertung';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** An account as the Protokoll names it: „leitung17 (Kita-Leitung)“. */
export const accountActor = (account: { name: string; role: Role }, suffix = '') =>
  `${account.name} (${ROLE_LABELS[account.role]}${suffix})`;

/** The actor of the Protokoll: the account and its role, or the export key and how it came. */
export function actorOf(principal: Principal, via: 'page' | 'script'): string {
  if (principal.name === null)
    return `Zugangsschlüssel EXPORT_TOKEN (${via === 'page' ? '/auswertung' : 'Skript'})`;
  return accountActor({ name: principal.name, role: principal.role }, via === 'script' ? ', API-Token' : '');
}

/** The Einrichtungen a principal's queries are limited to; undefined: all. */
export const scopeOf = (principal: Principal): string[] | undefined =>
  principal.sites === 'alle' ? undefined : principal.sites;

/**
 * Refuses with 403 a request that names an Einrichtung (`site`) outside `scope` (scopeOf): another
 * Kita's results are refused, not answered with nothing.
 */
export function checkSiteInScope(scope: string[] | undefined, site: string | undefined): void {
  if (site !== undefined && scope && !scope.includes(site))
    throw Object.assign(new Error('Diese Einrichtung gehört nicht zu diesem Konto.'), { statusCode: 403 });
}

/**
 * The Einrichtungen a request about one child code may touch: `site` if the request names one (which
 * must be the principal's), else the principal's (scopeOf).
 */
export function childScope(principal: Principal, site: string | undefined): string[] | undefined {
  const scope = scopeOf(principal);
  checkSiteInScope(scope, site);
  return site === undefined ? scope : [site];
}

/**
 * The research consent a principal's statistics and exports require (docs/product.md §48): role
 * Forschung (the EXPORT_TOKEN's too) sees results with the parents' research consent only — or
 * also those without a recorded answer, when the deployment says so; a Kita-Leitung and the
 * Verwaltung see their Kitas' results whatever the consent.
 */
export function researchConsentOf(
  principal: Principal,
  unknownCounts: boolean | undefined,
): ResearchConsentRule | undefined {
  if (principal.role !== 'forschung') return undefined;
  return unknownCounts ? 'consent-or-unknown' : 'consent';
}

export interface Access {
  /**
   * The fingerprint sessions opened with EXPORT_TOKEN keep (a hash, never the key): such a session
   * ends when the key changes.
   */
  keyFingerprint: string;
  /**
   * An onRequest hook: answers 401 without a valid session or token, 403 for a role not in
   * `roles` (absent: any but Sprachprüfung, which sees only /api/sprachen, docs/product.md §50)
   * or, unless `passwordChange`, while a one-time password waits to be replaced. Sets the
   * request's principal (principalOf).
   */
  require(options?: {
    roles?: readonly Role[];
    passwordChange?: boolean;
    session?: boolean;
  }): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** The cookie's session hash, if the request carries one. */
  sessionHash(request: FastifyRequest): string | undefined;
}

/** The roles a route allows when it names none: all but Sprachprüfung, which sees no results. */
const RESULT_ROLES: readonly Role[] = ROLES.filter((role) => role !== 'sprache');
/** Every role: the account's own routes (session, password, API tokens). */
export const EVERY_ROLE: readonly Role[] = ROLES;

const principals = new WeakMap<FastifyRequest, { principal: Principal; via: 'page' | 'script' }>();

/** The principal a `require` hook found for this request. */
export function principalOf(request: FastifyRequest): Principal {
  const found = principals.get(request);
  if (!found) throw new Error('principalOf: the route has no access hook');
  return found.principal;
}

/** The Protokoll's actor of this request (actorOf). */
export function requestActor(request: FastifyRequest): string {
  const found = principals.get(request);
  if (!found) throw new Error('requestActor: the route has no access hook');
  return actorOf(found.principal, found.via);
}

export function createAccess(options: {
  accounts: AccountStore;
  exportToken: string | undefined;
  /** Counts wrong Bearer values per address (EXPORT_TOKEN's guard, one budget of guesses). */
  guard: TokenGuard;
}): Access {
  const { accounts, guard } = options;
  const keyFingerprint = options.exportToken
    ? sha256Hex(`zaehltest /auswertung session key\0${options.exportToken}`)
    : 'no export key';

  const sessionHash = (request: FastifyRequest) => {
    const value = readCookie(request, SESSION_COOKIE);
    return value ? sha256Hex(value) : undefined;
  };

  return {
    keyFingerprint,
    sessionHash,
    require(requirement = {}) {
      return async (request, reply) => {
        reply.header('cache-control', 'no-store');
        let found: { principal: Principal; via: 'page' | 'script' } | undefined;
        const presented = bearerToken(request.headers.authorization);
        if (presented !== undefined || requirement.session === false) {
          const principal =
            presented === undefined ? undefined : await accounts.tokenPrincipal(sha256Hex(presented));
          if (principal) found = { principal, via: 'script' };
          else {
            const check = guard.check(request.ip, presented);
            if (check.outcome === 'blocked') {
              return reply
                .code(429)
                .header('retry-after', String(check.retryAfterSeconds))
                .send({
                  error: `authorization: zu viele falsche Schlüssel; bitte in ${check.retryAfterSeconds} s erneut versuchen`,
                });
            }
            if (check.outcome === 'refused')
              return reply
                .code(401)
                .header('www-authenticate', 'Bearer')
                .send({ error: 'authorization: der Zugangsschlüssel fehlt oder stimmt nicht (Bearer)' });
            found = { principal: EXPORT_TOKEN_PRINCIPAL, via: 'script' };
          }
        } else {
          const hash = sessionHash(request);
          const principal = hash ? await accounts.sessionPrincipal(hash, keyFingerprint) : undefined;
          if (!principal) return reply.code(401).send({ error: 'Bitte anmelden.' });
          found = { principal, via: 'page' };
        }
        principals.set(request, found);
        if (found.principal.mustChangePassword && !requirement.passwordChange)
          return reply.code(403).send({ error: 'Bitte zuerst ein eigenes Passwort festlegen.' });
        if (!(requirement.roles ?? RESULT_ROLES).includes(found.principal.role))
          return reply.code(403).send({ error: 'Dafür fehlt diesem Konto die Berechtigung.' });
      };
    },
  };
}
