import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_NAME_PATTERN,
  type AccountRow,
  MIN_PASSWORD_LENGTH,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../../schemas/verwaltung-api.ts';
import { SITE_PATTERN } from '../../src/domain/facts.ts';
import { sha256Hex } from '../auth/access.ts';
import { hashPassword, oneTimePassword, verifyPassword } from '../auth/passwords.ts';
import { record } from '../auth/protokoll-entries.ts';
import { AccountError, type AccountStore } from '../db/accounts.ts';
import type { ProtokollStore } from '../db/types.ts';
import { childLanguageCodes } from '../sprachen/languages.ts';

/**
 * What the Verwaltung does with accounts, Einrichtungen and tokens (docs/product.md §47), in one
 * place for the page's routes (/api/verwaltung/*, /api/konto/*) and the command line
 * (`npm run verwaltung`, through the running server's control socket or on the stopped database):
 * the checks, the change, and its Protokoll entry.
 */

export interface Verwaltung {
  accounts: AccountStore;
  protokoll: Pick<ProtokollStore, 'record'>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Who acts, as the Protokoll names them. */
  actor: string;
}

const siteCode = z.string().trim().regex(new RegExp(SITE_PATTERN), {
  error: 'Die Kennung darf nur Buchstaben, Ziffern und „-“ enthalten, höchstens 20 Zeichen.',
});
const siteName = z
  .string()
  .trim()
  .min(1, { error: 'Bitte einen Namen für die Einrichtung angeben.' })
  .max(120, { error: 'Der Name ist zu lang (höchstens 120 Zeichen).' });
const accountName = z.string().trim().regex(new RegExp(ACCOUNT_NAME_PATTERN), {
  error: 'Der Benutzername: 2 bis 40 Zeichen, Buchstaben, Ziffern, „.“, „_“ und „-“.',
});
const role = z.enum(ROLES, { error: `Die Rolle ist eine von: ${ROLES.join(', ')}.` });
const sites = z.union([z.literal('alle'), z.array(siteCode).max(500)]);
const languages = z.array(z.string().trim().toLowerCase().max(10)).max(50);

export const SCHEMAS = {
  site: z.strictObject({ code: siteCode, name: siteName }),
  siteChange: z.strictObject({ name: siteName.optional(), active: z.boolean().optional() }),
  assign: z.strictObject({ code: z.string().trim().min(1).max(20), site: siteCode }),
  account: z.strictObject({ name: accountName, role, sites, languages: languages.optional() }),
  accountChange: z.strictObject({
    role: role.optional(),
    sites: sites.optional(),
    languages: languages.optional(),
    disabled: z.boolean().optional(),
  }),
  tokenName: z.strictObject({
    name: z.string().trim().min(1, { error: 'Bitte einen Namen für den Token angeben.' }).max(80),
  }),
  passwordChange: z.strictObject({ current: z.string().max(1000), next: z.string().max(1000) }),
};

/**
 * The German message of a refused input: its first issue — the schemas' own German messages, and
 * German words for what zod would say in English (a missing field, a wrong type, an unknown field).
 */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Ungültige Eingabe.';
  const field = issue.path.join('.') || 'Eingabe';
  switch (issue.code) {
    case 'unrecognized_keys':
      return `Unbekanntes Feld: ${issue.keys.join(', ')}`;
    case 'invalid_type':
      return issue.input === undefined ? `${field}: fehlt` : `${field}: ungültiger Wert`;
    case 'invalid_union':
      return `${field}: ungültiger Wert`;
    case 'too_small':
      return issue.message.startsWith('Too small') ? `${field}: zu kurz` : issue.message;
    case 'too_big':
      return issue.message.startsWith('Too big') ? `${field}: zu lang` : issue.message;
    default:
      return issue.message;
  }
}

const scopeText = (value: string[] | 'alle') => (value === 'alle' ? 'alle Einrichtungen' : value.join(', '));
const languagesText = (codes: readonly string[]) => `Sprachen: ${codes.join(', ')}`;

/**
 * Refuses a language that is no child language of the server's content (docs/product.md §50): the
 * codes of content/languages/ with a result code, German excepted.
 */
function checkLanguages(codes: readonly string[] | undefined): void {
  if (!codes) return;
  const known = childLanguageCodes();
  const unknown = codes.filter((code) => !known.includes(code));
  if (unknown.length)
    throw new AccountError(`Unbekannte Sprache: ${unknown.join(', ')} (bekannt: ${known.join(', ')})`, 404);
}

/** A password's rules: long enough, not the name. The German refusal, or undefined. */
export function passwordProblem(password: string, name: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Das Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`;
  if (password.toLowerCase().includes(name.toLowerCase()))
    return 'Das Passwort darf den Benutzernamen nicht enthalten.';
  return undefined;
}

export async function addSite(v: Verwaltung, input: { code: string; name: string }): Promise<void> {
  await v.accounts.addSite(input.code, input.name);
  await record(v.protokoll, v.log, {
    kind: 'site',
    actor: v.actor,
    detail: `Einrichtung ${input.code} angelegt`,
  });
}

export async function changeSite(
  v: Verwaltung,
  code: string,
  change: { name?: string | undefined; active?: boolean | undefined },
): Promise<void> {
  await v.accounts.updateSite(code, change);
  const what = [
    change.name === undefined ? '' : 'umbenannt',
    change.active === undefined ? '' : change.active ? 'aktiviert' : 'deaktiviert',
  ].filter(Boolean);
  await record(v.protokoll, v.log, {
    kind: 'site',
    actor: v.actor,
    detail: `Einrichtung ${code} ${what.join(' und ') || 'unverändert'}`,
  });
}

/** Joins a code of uploads to an Einrichtung; how many results moved. */
export async function assignCode(v: Verwaltung, code: string, site: string): Promise<number> {
  const moved = await v.accounts.assignCode(code, site);
  await record(v.protokoll, v.log, {
    kind: 'site',
    actor: v.actor,
    count: moved,
    detail: `Kennung ${code} der Einrichtung ${site} zugeordnet`,
  });
  return moved;
}

/** A new account with a one-time password (to be replaced at the first login). */
export async function addAccount(
  v: Verwaltung,
  input: { name: string; role: Role; sites: string[] | 'alle'; languages?: string[] | undefined },
): Promise<{ id: number; oneTimePassword: string }> {
  const password = oneTimePassword();
  // Sprachprüfung sees no Einrichtung, whatever `sites` says (the command line's default is 'alle').
  const sprache = input.role === 'sprache';
  if (sprache) checkLanguages(input.languages ?? []);
  const id = await v.accounts.addAccount(
    { ...input, sites: sprache ? [] : input.sites, languages: sprache ? (input.languages ?? []) : [] },
    await hashPassword(password),
  );
  await record(v.protokoll, v.log, {
    kind: 'account',
    actor: v.actor,
    detail: `Konto ${input.name} angelegt: ${ROLE_LABELS[input.role]}, ${sprache ? languagesText(input.languages ?? []) : scopeText(input.role === 'verwaltung' ? 'alle' : input.sites)}`,
  });
  return { id, oneTimePassword: password };
}

async function enabledVerwaltung(accounts: AccountStore): Promise<AccountRow[]> {
  return (await accounts.listAccounts()).filter((row) => row.role === 'verwaltung' && !row.disabled);
}

/** A new role, new Einrichtungen, disabled or enabled: the account's sessions end. */
export async function changeAccount(
  v: Verwaltung,
  id: number,
  change: {
    role?: Role | undefined;
    sites?: string[] | 'alle' | undefined;
    languages?: string[] | undefined;
    disabled?: boolean | undefined;
  },
): Promise<AccountRow> {
  const before = await v.accounts.accountById(id);
  if (!before) throw new AccountError('Unbekanntes Konto.', 404);
  checkLanguages(change.languages);
  if ((change.role ?? before.role) === 'sprache' && change.sites !== undefined)
    change = { ...change, sites: [] };
  const leavesVerwaltung =
    before.role === 'verwaltung' &&
    !before.disabled &&
    (change.disabled || (change.role && change.role !== 'verwaltung'));
  if (leavesVerwaltung && (await enabledVerwaltung(v.accounts)).length <= 1)
    throw new AccountError('Mindestens ein aktives Konto der Verwaltung muss bleiben.', 409);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const after = await v.accounts.updateAccount(id, defined);
  const what = [
    after.role !== before.role ? `Rolle ${ROLE_LABELS[after.role]}` : '',
    JSON.stringify(after.sites) !== JSON.stringify(before.sites)
      ? `Einrichtungen: ${scopeText(after.sites)}`
      : '',
    JSON.stringify(after.languages) !== JSON.stringify(before.languages)
      ? languagesText(after.languages)
      : '',
    after.disabled !== before.disabled ? (after.disabled ? 'deaktiviert' : 'wieder aktiviert') : '',
  ].filter(Boolean);
  await record(v.protokoll, v.log, {
    kind: 'account',
    actor: v.actor,
    detail: `Konto ${after.name} geändert: ${what.join(', ') || 'nichts'}`,
  });
  return after;
}

/** A new one-time password for an account (forgotten password): its sessions end. */
export async function resetPassword(
  v: Verwaltung,
  id: number,
): Promise<{ id: number; oneTimePassword: string }> {
  const account = await v.accounts.accountById(id);
  if (!account) throw new AccountError('Unbekanntes Konto.', 404);
  const password = oneTimePassword();
  await v.accounts.setPassword(id, await hashPassword(password), true);
  await record(v.protokoll, v.log, {
    kind: 'account',
    actor: v.actor,
    detail: `Konto ${account.name}: Einmalpasswort neu vergeben`,
  });
  return { id, oneTimePassword: password };
}

/** The account's own password change; the session that made it stays open, every other ends. */
export async function changeOwnPassword(
  v: Verwaltung,
  id: number,
  change: { current: string; next: string },
  keepSession: string | undefined,
): Promise<void> {
  const account = await v.accounts.accountById(id);
  const login = account && (await v.accounts.accountForLogin(account.name));
  if (!account || !login) throw new AccountError('Unbekanntes Konto.', 404);
  if (!(await verifyPassword(change.current, login.passwordHash)))
    throw new AccountError('Das bisherige Passwort stimmt nicht.');
  const problem = passwordProblem(change.next, account.name);
  if (problem) throw new AccountError(problem);
  if (change.next === change.current) throw new AccountError('Das neue Passwort muss ein anderes sein.');
  await v.accounts.setPassword(id, await hashPassword(change.next), false, keepSession);
  await record(v.protokoll, v.log, {
    kind: 'account',
    actor: v.actor,
    detail: `Konto ${account.name}: eigenes Passwort festgelegt`,
  });
}

/** A named API token of the account, returned once; only its hash is kept. */
export async function createToken(
  v: Verwaltung,
  accountId: number,
  name: string,
): Promise<{ id: number; token: string }> {
  const token = `zt_${randomBytes(32).toString('base64url')}`;
  const id = await v.accounts.createToken(accountId, name, sha256Hex(token));
  await record(v.protokoll, v.log, { kind: 'token', actor: v.actor, detail: `API-Token „${name}“ erstellt` });
  return { id, token };
}

export async function revokeToken(v: Verwaltung, accountId: number, id: number): Promise<void> {
  const token = (await v.accounts.listTokens(accountId)).find((row) => row.id === id);
  if (!token || !(await v.accounts.revokeToken(accountId, id)))
    throw new AccountError('Kein gültiger Token mit dieser Nummer.', 404);
  await record(v.protokoll, v.log, {
    kind: 'token',
    actor: v.actor,
    detail: `API-Token „${token.name}“ widerrufen`,
  });
}
