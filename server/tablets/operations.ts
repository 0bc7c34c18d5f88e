import { randomBytes, randomInt } from 'node:crypto';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { MIN_PASSPHRASE_LENGTH } from '../../schemas/access-passphrase.ts';
import {
  ENROL_LINK_PREFIX,
  ENROLMENT_CODE_ALPHABET,
  ENROLMENT_CODE_DAYS,
  ENROLMENT_CODE_LENGTH,
  formatEnrolmentCode,
  MAX_CODES_PER_REQUEST,
  MAX_TABLET_NAME_LENGTH,
  type NewEnrolmentCodes,
  SILENT_TABLET_DAYS,
  type TabletsOverview,
  UNENROLLED_WINDOW_DAYS,
} from '../../schemas/tablets-api.ts';
import { SITE_PATTERN } from '../../src/domain/facts.ts';
import { sha256Hex } from '../auth/access.ts';
import { record } from '../auth/protokoll-entries.ts';
import { AccountError } from '../db/accounts.ts';
import type { TabletStore } from '../db/tablets.ts';
import type { Verwaltung } from '../verwaltung/operations.ts';
import { passphraseVerifier } from './passphrase.ts';

/**
 * What the Verwaltung and a Kita-Leitung do with tablets (docs/product.md §51), in one place for the
 * page's routes (/api/verwaltung/tablets*) and the command line (`npm run verwaltung -- tablet …`):
 * the checks, the change and its Protokoll entry. Never the code or the passphrase in the Protokoll.
 */

export interface TabletVerwaltung extends Verwaltung {
  tablets: TabletStore;
}

const siteCode = z.string().trim().regex(new RegExp(SITE_PATTERN), {
  error: 'Die Kennung darf nur Buchstaben, Ziffern und „-“ enthalten, höchstens 20 Zeichen.',
});
const tabletName = z
  .string()
  .trim()
  .max(MAX_TABLET_NAME_LENGTH, { error: `Ein Name hat höchstens ${MAX_TABLET_NAME_LENGTH} Zeichen.` });

export const TABLET_SCHEMAS = {
  codes: z.strictObject({
    site: siteCode,
    count: z
      .number({ error: 'Die Anzahl ist eine Zahl von 1 bis 60.' })
      .int({ error: 'Die Anzahl ist eine ganze Zahl von 1 bis 60.' })
      .min(1, { error: 'Mindestens ein Tablet.' })
      .max(MAX_CODES_PER_REQUEST, { error: `Höchstens ${MAX_CODES_PER_REQUEST} Tablets auf einmal.` }),
    names: z.array(tabletName).max(MAX_CODES_PER_REQUEST).optional(),
  }),
  passphrase: z.strictObject({
    site: siteCode,
    passphrase: z.string().max(1000),
    repeat: z.string().max(1000),
  }),
};

/** A new code: 12 characters of the alphabet, from the system's random source without bias. */
export function newEnrolmentCode(): string {
  let code = '';
  for (let i = 0; i < ENROLMENT_CODE_LENGTH; i++)
    code += ENROLMENT_CODE_ALPHABET[randomInt(ENROLMENT_CODE_ALPHABET.length)];
  return code;
}

/** The link of a code: the app's address with the code after `#einrichten=` (never sent to a server). */
export const enrolLink = (origin: string, code: string) =>
  `${origin.replace(/\/+$/, '')}${ENROL_LINK_PREFIX}${code}`;

const dateTime = (date: Date) =>
  date.toLocaleString('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

async function activeSite(tablets: TabletStore, code: string) {
  const site = await tablets.siteOf(code);
  if (!site) throw new AccountError(`Unbekannte Einrichtung: ${code}`, 404);
  if (!site.active) throw new AccountError(`Die Einrichtung ${code} ist deaktiviert.`, 409);
  return site;
}

/**
 * `count` one-time codes for tablets of `site`, valid ENROLMENT_CODE_DAYS days, each with its link and
 * its QR code; only their hashes are stored. `origin`: the app's address the links start with.
 */
export async function createEnrolmentCodes(
  v: TabletVerwaltung,
  input: { site: string; count: number; names?: string[] | undefined },
  origin: string,
): Promise<NewEnrolmentCodes> {
  const site = await activeSite(v.tablets, input.site);
  const names = input.names ?? [];
  if (names.length > input.count)
    throw new AccountError('Mehr Namen als Tablets: bitte die Anzahl erhöhen oder Namen streichen.');
  const expiresAt = new Date(Date.now() + ENROLMENT_CODE_DAYS * 24 * 3600 * 1000);
  const codes = Array.from({ length: input.count }, (_, i) => ({
    code: newEnrolmentCode(),
    name: names[i] ?? '',
  }));
  await v.tablets.createCodes({
    site: site.code,
    batch: randomBytes(8).toString('hex'),
    codes: codes.map(({ code, name }) => ({ hash: sha256Hex(code), name })),
    expiresAt,
    createdBy: v.actor,
  });
  await record(v.protokoll, v.log, {
    kind: 'tablet',
    actor: v.actor,
    count: input.count,
    detail: `${input.count === 1 ? 'Ein Code' : `${input.count} Codes`} für Tablets in ${site.code} erstellt, gültig bis ${dateTime(expiresAt)}`,
  });
  return {
    site: { code: site.code, name: site.name },
    expiresAt: expiresAt.toISOString(),
    codes: codes.map(({ code, name }) => {
      const link = enrolLink(origin, code);
      return { code: formatEnrolmentCode(code), link, name, qrSvg: renderSVG(link, { ecc: 'M' }) };
    }),
  };
}

/** 'Abmelden': the tablet's credential stops at once; what it holds stays on it. */
export async function revokeTablet(
  v: TabletVerwaltung,
  tabletId: string,
  scope: string[] | undefined,
): Promise<void> {
  const tablet = await v.tablets.tabletById(tabletId);
  // Another Kita's tablet is unknown to a Kita-Leitung, not refused with a hint that it exists.
  if (!tablet || (scope && !scope.includes(tablet.site)))
    throw new AccountError(`Unbekanntes Tablet: ${tabletId}`, 404);
  if (tablet.revoked || !(await v.tablets.revoke(tabletId)))
    throw new AccountError(`Das Tablet ${tabletId} ist schon abgemeldet.`, 409);
  await record(v.protokoll, v.log, {
    kind: 'tablet',
    actor: v.actor,
    detail: `Tablet ${tabletId}${tablet.name ? ` „${tablet.name}“` : ''} in ${tablet.site} abgemeldet`,
  });
}

/** The German refusal of a new passphrase, or undefined. */
export function sitePassphraseProblem(passphrase: string, repeat: string): string | undefined {
  if ([...passphrase.normalize('NFC')].length < MIN_PASSPHRASE_LENGTH)
    return `Das Passwort der Einrichtung braucht mindestens ${MIN_PASSPHRASE_LENGTH} Zeichen.`;
  if (passphrase !== repeat) return 'Die beiden Eingaben stimmen nicht überein.';
  return undefined;
}

/**
 * 'Passwort der Einrichtung': a new salt and verifier (never the passphrase) for the Einrichtung's
 * enrolled tablets, which learn it at their next contact. The new version.
 */
export async function setSitePassphrase(
  v: TabletVerwaltung,
  input: { site: string; passphrase: string; repeat: string },
): Promise<number> {
  const site = await activeSite(v.tablets, input.site);
  const problem = sitePassphraseProblem(input.passphrase, input.repeat);
  if (problem) throw new AccountError(problem);
  const version = await v.tablets.setPassphrase(site.code, await passphraseVerifier(input.passphrase));
  await record(v.protokoll, v.log, {
    kind: 'tablet',
    actor: v.actor,
    detail: `Passwort der Einrichtung ${site.code} ${version === 1 ? 'festgelegt' : 'geändert'} (Version ${version})`,
  });
  return version;
}

/** The YYYY-MM-DD `days` days before `now`, in Berlin (the test days' zone). */
function dayBefore(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 24 * 3600 * 1000).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Berlin',
  });
}

/** The tablets of the Einrichtungen in `scope` (undefined: all), flagged, and the uploads not enrolled. */
export async function tabletsOverview(
  tablets: TabletStore,
  scope: string[] | undefined,
  currentVersion: TabletsOverview['currentVersion'],
): Promise<TabletsOverview> {
  const [sites, rows, passphrases, openCodes, unenrolled] = await Promise.all([
    tablets.listSites(scope),
    tablets.listTablets(scope, SILENT_TABLET_DAYS),
    tablets.passphraseStates(scope),
    tablets.openCodes(scope),
    tablets.unenrolledResults(dayBefore(UNENROLLED_WINDOW_DAYS), scope),
  ]);
  const isOld = (value: string | null, current: string | undefined) =>
    value !== null && current !== undefined && value !== current;
  return {
    sites: sites.map((site) => ({
      ...site,
      tablets: rows
        .filter((row) => row.site === site.code)
        .map(({ site: _site, ...row }) => ({
          ...row,
          oldVersion:
            row.revokedAt === null &&
            (isOld(row.appVersion, currentVersion?.app) ||
              isOld(row.contentVersion, currentVersion?.content)),
        })),
      passphrase: passphrases.get(site.code) ?? null,
      openCodes: openCodes.get(site.code) ?? 0,
    })),
    unenrolled,
    currentVersion,
  };
}
