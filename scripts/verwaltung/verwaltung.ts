// `npm run verwaltung -- …` (docs/operation.md, "npm run verwaltung"; docs/deploy.md, step 9): the
// Einrichtungen and accounts from the command line, for the first account and for IT people who set
// up many Kitas by script. It works whether the server runs or not: PostgreSQL (DATABASE_URL) is
// opened directly; the embedded database (DATA_DIR) is opened directly while no server holds it, else
// the command goes to the running server through its control socket (server/control-socket.ts). The
// checks, the change and the Protokoll entry are server/verwaltung/operations.ts's either way.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { SILENT_TABLET_DAYS } from '../../schemas/tablets-api.ts';
import { type AccountRow, ROLE_LABELS, ROLES, type Role } from '../../schemas/verwaltung-api.ts';
import { ControlError, controlSocketPath, requestVerwaltung } from '../../server/control-socket.ts';
import { AccountError } from '../../server/db/accounts.ts';
import { openPgliteStore, openPostgresStore, type ResultStore } from '../../server/db/index.ts';
import {
  checkDataDir,
  describeDataDirProblem,
  describePostgresProblem,
} from '../../server/startup-errors.ts';
import {
  type CommandResult,
  commandLineVerwaltung,
  runCommand,
  VERWALTUNG_COMMAND,
  type VerwaltungCommand,
} from '../../server/verwaltung/commands.ts';
import { firstIssue } from '../../server/verwaltung/operations.ts';
import { OperatorError, shownUrl, targetFromEnv } from '../backup/common.ts';
import { hasDatabase, tryLockForTool } from '../backup/pglite-lock.ts';

export const USAGE = `Zähltest-Verwaltung: Einrichtungen und Konten / sites and accounts (docs/operation.md)

  npm run verwaltung -- site add KENNUNG "Name"         Einrichtung anlegen / add a site
  npm run verwaltung -- site list                       Einrichtungen mit Ergebnissen / sites with their results
  npm run verwaltung -- site rename KENNUNG "Name"      umbenennen / rename
  npm run verwaltung -- site deactivate KENNUNG         deaktivieren (Ergebnisse bleiben) / deactivate (results stay)
  npm run verwaltung -- site activate KENNUNG           wieder aktivieren / activate again
  npm run verwaltung -- site assign CODE KENNUNG        Kennung der Uploads zuordnen (kita-17 → KITA-017) / join a code to a site

  npm run verwaltung -- account add NAME --role ROLLE [--site KENNUNG …] [--language SPRACHE …]
                        neues Konto, gibt ein Einmalpasswort in der letzten Zeile aus /
                        new account, prints a one-time password on its last line
  npm run verwaltung -- account list                    Konten / accounts
  npm run verwaltung -- account disable NAME            deaktivieren (Sitzungen enden) / disable (sessions end)
  npm run verwaltung -- account enable NAME             wieder aktivieren / enable again
  npm run verwaltung -- account role NAME --role ROLLE [--site KENNUNG …] [--language SPRACHE …]
                        Rolle, Einrichtungen, Sprachen ändern / change role, sites, languages
  npm run verwaltung -- account reset NAME              neues Einmalpasswort (letzte Zeile) / new one-time password (last line)

  npm run verwaltung -- tablet add KENNUNG --count N [--url https://…]
                        N Einrichtungscodes für Tablets (7 Tage gültig), je Zeile Code und Link /
                        N enrolment codes for tablets (valid 7 days), one per line with its link
  npm run verwaltung -- tablet list KENNUNG             Tablets der Einrichtung, je Zeile zuerst die ID / a site's tablets, id first
  npm run verwaltung -- tablet revoke ID                Tablet abmelden (sofort) / revoke a tablet (at once)
  npm run verwaltung -- site passphrase KENNUNG         Passwort der Einrichtung von der Standardeingabe (mindestens 12 Zeichen;
                        am Terminal zweimal) / the site's passphrase from standard input (twice at a terminal)

ROLLE / ROLE: verwaltung (alles / everything), leitung (Kita-Leitung: nur ihre Einrichtungen, mindestens
ein --site / her sites only, at least one --site), forschung (ohne --site alle Einrichtungen / all sites
without --site), sprache (Sprachprüfung: prüft und spricht die Texte ihrer Sprachen, sieht keine
Ergebnisse, mindestens ein --language wie tr / reviews and records the texts of its languages, sees no
results, at least one --language such as tr). --site und --language mehrmals angeben für mehrere /
repeat --site or --language for several.
Ein Einmalpasswort wird bei der ersten Anmeldung ersetzt; Passwörter stehen nie auf der Befehlszeile.
A one-time password is replaced at the first login; passwords are never given on the command line.

Die Datenbank wie beim Server / the database as for the server: DATABASE_URL, sonst / else DATA_DIR.
Exit: 0 erledigt / done, 1 abgelehnt oder Fehler / refused or failed, 2 falscher Aufruf / wrong usage.`;

/** A mistake in the command line itself: exit code 2. */
export class UsageError extends Error {
  constructor(
    readonly de: string,
    readonly en?: string,
  ) {
    super(en ?? de);
  }
}

const PASSWORD_OPTIONS = ['--password', '--passwort', '--pass', '-p'];

interface Parsed {
  words: string[];
  role: string | undefined;
  sites: string[];
  languages: string[];
  /** `tablet add`'s --count and --url (docs/product.md §51). */
  count: string | undefined;
  url: string | undefined;
}

const VALUE_OPTIONS = ['--role', '--site', '--language', '--count', '--url'];

/** Splits the words from --role, --site, --language, --count and --url (each as `--site X` or `--site=X`). */
function splitOptions(args: string[]): Parsed {
  const parsed: Parsed = {
    words: [],
    role: undefined,
    sites: [],
    languages: [],
    count: undefined,
    url: undefined,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('-') || arg === '-') {
      parsed.words.push(arg);
      continue;
    }
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    if (PASSWORD_OPTIONS.includes(name as string)) {
      throw new UsageError(
        'Ein Passwort wird nie auf der Befehlszeile angegeben (andere sähen es in der Prozessliste): `account add` und `account reset` erzeugen ein Einmalpasswort, das bei der ersten Anmeldung ersetzt wird.',
        'A password is never given on the command line (others would see it in the process list): `account add` and `account reset` make a one-time password, replaced at the first login.',
      );
    }
    if (!VALUE_OPTIONS.includes(name as string)) {
      throw new UsageError(`Unbekannte Option ${name}.`, `Unknown option ${name}.`);
    }
    const value = inline ?? args[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`${name} braucht einen Wert.`, `${name} needs a value.`);
    }
    if (name === '--site') parsed.sites.push(value);
    else if (name === '--language') parsed.languages.push(value);
    else if (name === '--count' || name === '--url') {
      if (parsed[name.slice(2) as 'count' | 'url'] !== undefined)
        throw new UsageError(`${name} nur einmal angeben.`, `Give ${name} once.`);
      parsed[name.slice(2) as 'count' | 'url'] = value;
    } else if (parsed.role !== undefined)
      throw new UsageError('--role nur einmal angeben.', 'Give --role once.');
    else parsed.role = value;
  }
  return parsed;
}

/** `--role` and `--site` where the command takes them, refused elsewhere (and --count, --url). */
function noOptions(parsed: Parsed, command: string): void {
  if (parsed.count !== undefined || parsed.url !== undefined)
    throw new UsageError(
      `--count und --url gehören zu „tablet add“, nicht zu „${command}“.`,
      `--count and --url go with "tablet add", not "${command}".`,
    );
  if (parsed.role !== undefined || parsed.sites.length > 0 || parsed.languages.length > 0) {
    throw new UsageError(
      `„${command}“ kennt weder --role noch --site noch --language.`,
      `"${command}" takes neither --role nor --site nor --language.`,
    );
  }
}

function exactly(parsed: Parsed, command: string, names: string[]): string[] {
  const values = parsed.words.slice(2);
  if (values.length !== names.length) {
    const hint =
      values.length > names.length && names.includes('"Name"')
        ? ' Einen Namen mit Leerzeichen in Anführungszeichen setzen / quote a name with spaces.'
        : '';
    throw new UsageError(
      `„${command}“ erwartet ${names.join(' ')}, nicht ${values.length ? values.join(' ') : 'nichts'}.${hint}`,
      `"${command}" expects ${names.join(' ')}.`,
    );
  }
  return values;
}

/** The role and Einrichtungen of `account add` and `account role`. */
function access(parsed: Parsed, command: string, forChange: boolean) {
  if (parsed.role === undefined) {
    throw new UsageError(
      `„${command}“ braucht --role (${ROLES.join(', ')}).`,
      `"${command}" needs --role (${ROLES.join(', ')}).`,
    );
  }
  const role = parsed.role as Role;
  if (role === 'verwaltung' && parsed.sites.length > 0) {
    throw new UsageError(
      'Die Verwaltung sieht alle Einrichtungen: --site passt nicht zu --role verwaltung.',
      'Verwaltung sees every site: --site does not go with --role verwaltung.',
    );
  }
  if (role === 'sprache') {
    if (parsed.sites.length > 0)
      throw new UsageError(
        'Eine Sprachprüfung sieht keine Einrichtungen: --site passt nicht zu --role sprache.',
        'Sprachprüfung sees no site: --site does not go with --role sprache.',
      );
    if (parsed.languages.length === 0 && !forChange)
      throw new UsageError(
        '--role sprache braucht mindestens ein --language (z. B. --language tr).',
        '--role sprache needs at least one --language (e.g. --language tr).',
      );
    return {
      role,
      sites: [] as string[],
      ...(parsed.languages.length > 0 && { languages: parsed.languages }),
    };
  }
  if (parsed.languages.length > 0)
    throw new UsageError(
      '--language gehört nur zu --role sprache.',
      '--language goes with --role sprache only.',
    );
  if (parsed.sites.length > 0) return { role, sites: parsed.sites };
  // Without --site: a Kita-Leitung keeps her Einrichtungen on a change (and is refused without any);
  // Forschung sees all.
  if (role === 'leitung') return { role, sites: forChange ? undefined : [] };
  return { role, sites: 'alle' as const };
}

/**
 * The command of the words after `npm run verwaltung --`, checked as the server checks it; 'help'
 * for none or `help`. A UsageError says what is wrong.
 */
export function parseArguments(args: string[]): VerwaltungCommand | 'help' {
  if (args.length === 0 || ['help', '--help', '-h', 'hilfe'].includes(args[0] as string)) return 'help';
  const parsed = splitOptions(args);
  const [group, action] = parsed.words;
  const command = `${group ?? ''} ${action ?? ''}`.trim();
  let raw: unknown;
  if (group === 'site') {
    noOptions(parsed, command);
    if (action === 'add') {
      const [code, name] = exactly(parsed, command, ['KENNUNG', '"Name"']);
      raw = { op: 'site-add', code, name };
    } else if (action === 'list') {
      exactly(parsed, command, []);
      raw = { op: 'site-list' };
    } else if (action === 'rename') {
      const [code, name] = exactly(parsed, command, ['KENNUNG', '"Name"']);
      raw = { op: 'site-change', code, change: { name } };
    } else if (action === 'deactivate' || action === 'activate') {
      const [code] = exactly(parsed, command, ['KENNUNG']);
      raw = { op: 'site-change', code, change: { active: action === 'activate' } };
    } else if (action === 'assign') {
      const [code, site] = exactly(parsed, command, ['CODE', 'KENNUNG']);
      raw = { op: 'site-assign', code, site };
    } else if (action === 'passphrase') {
      // The passphrase itself comes from standard input (readPassphrase), never from the command line.
      const [site] = exactly(parsed, command, ['KENNUNG']);
      raw = { op: 'site-passphrase', site, passphrase: '', repeat: '' };
    }
  } else if (group === 'tablet') {
    if (action === 'add') {
      if (parsed.role !== undefined || parsed.sites.length > 0)
        throw new UsageError(
          '„tablet add“ kennt weder --role noch --site.',
          '"tablet add" takes neither --role nor --site.',
        );
      const [site] = exactly(parsed, command, ['KENNUNG']);
      if (parsed.count === undefined || !/^\d+$/.test(parsed.count))
        throw new UsageError(
          '„tablet add“ braucht --count N (1 bis 60).',
          '"tablet add" needs --count N (1 to 60).',
        );
      raw = {
        op: 'tablet-add',
        site,
        count: Number(parsed.count),
        ...(parsed.url ? { url: parsed.url } : {}),
      };
    } else if (action === 'list') {
      noOptions(parsed, command);
      const [site] = exactly(parsed, command, ['KENNUNG']);
      raw = { op: 'tablet-list', site };
    } else if (action === 'revoke') {
      noOptions(parsed, command);
      const [id] = exactly(parsed, command, ['ID']);
      raw = { op: 'tablet-revoke', id };
    }
  } else if (group === 'account') {
    if (action === 'add') {
      const [name] = exactly(parsed, command, ['NAME']);
      raw = { op: 'account-add', name, ...access(parsed, command, false) };
    } else if (action === 'role') {
      const [name] = exactly(parsed, command, ['NAME']);
      raw = { op: 'account-change', name, change: access(parsed, command, true) };
    } else if (action === 'list') {
      noOptions(parsed, command);
      exactly(parsed, command, []);
      raw = { op: 'account-list' };
    } else if (action === 'disable' || action === 'enable') {
      noOptions(parsed, command);
      const [name] = exactly(parsed, command, ['NAME']);
      raw = { op: 'account-change', name, change: { disabled: action === 'disable' } };
    } else if (action === 'reset') {
      noOptions(parsed, command);
      const [name] = exactly(parsed, command, ['NAME']);
      raw = { op: 'account-reset', name };
    }
  }
  if (raw === undefined) {
    throw new UsageError(
      `Unbekannter Befehl „${command || args.join(' ')}“.`,
      `Unknown command "${command || args.join(' ')}".`,
    );
  }
  const checked = VERWALTUNG_COMMAND.safeParse(raw);
  if (!checked.success) throw new UsageError(firstIssue(checked.error));
  return checked.data;
}

/**
 * Run as root on the embedded database, the tool acts as the owner of DATA_DIR (the service's user)
 * before it opens anything there, so every file it creates (server.pid, the database's own) stays
 * readable by the service. Without root it can only be that user anyway.
 */
function actAsOwnerOf(dataDir: string): void {
  if (process.getuid?.() !== 0 || !existsSync(dataDir)) return;
  const { uid, gid } = statSync(dataDir);
  if (uid === 0) return;
  process.setgroups?.([gid]);
  process.setgid?.(gid);
  process.setuid?.(uid);
}

/** The stopped server's embedded database, or undefined when a running server holds it. */
async function openEmbedded(dataDir: string): Promise<ResultStore | undefined> {
  const unlock = await tryLockForTool(dataDir);
  if (!unlock) return undefined;
  try {
    // A mistyped DATA_DIR must not quietly get a new, empty database with the account in it.
    if (!hasDatabase(dataDir)) {
      throw new OperatorError(
        `In DATA_DIR ${dataDir} ist keine Datenbank. DATA_DIR so setzen wie für den Server; der Server legt sie beim ersten Start an.`,
        `DATA_DIR ${dataDir} holds no database. Set DATA_DIR as for the server; the server makes it at its first start.`,
      );
    }
    const problem = checkDataDir(dataDir);
    if (problem) {
      const { de, en } = describeDataDirProblem(problem, dataDir);
      throw new OperatorError(de, en);
    }
  } finally {
    await unlock();
  }
  try {
    return await openPgliteStore(dataDir);
  } catch (error) {
    // A server that started in the moment between: the command goes to it.
    if ((error as { code?: string }).code === 'ZAEHLTEST_DATA_DIR_IN_USE') return undefined;
    throw error;
  }
}

async function throughServer(dataDir: string, command: VerwaltungCommand): Promise<CommandResult> {
  try {
    return await requestVerwaltung(dataDir, command);
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    const socket = controlSocketPath(dataDir);
    const { failure } = error;
    if (failure.kind === 'forbidden') {
      throw new OperatorError(
        `Keine Berechtigung für ${socket}: als root (sudo) oder als Benutzer des Dienstes aufrufen.`,
        `No permission for ${socket}: run it as root (sudo) or as the service's user.`,
      );
    }
    if (failure.kind === 'absent' || failure.status === 404) {
      throw new OperatorError(
        `Der Zähltest-Server läuft und benutzt DATA_DIR ${dataDir}, nimmt aber über ${socket} keine Befehle an (eine ältere Version?). Den Server anhalten (sudo systemctl stop zaehltest), den Befehl wiederholen und den Server wieder starten.`,
        `The Zähltest server is running and uses DATA_DIR ${dataDir} but takes no commands on ${socket} (an older version?). Stop the server (sudo systemctl stop zaehltest), repeat the command and start the server again.`,
      );
    }
    throw new OperatorError(
      `Der laufende Server konnte den Befehl nicht ausführen: ${failure.message}`,
      `The running server could not run the command: ${failure.message}`,
    );
  }
}

async function runOn(store: ResultStore, command: VerwaltungCommand): Promise<CommandResult> {
  try {
    return await runCommand(commandLineVerwaltung(store), command);
  } finally {
    await store.close();
  }
}

/** Runs `command` on the database of `env`: directly, or through the server that holds it. */
export async function execute(command: VerwaltungCommand, env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const target = targetFromEnv(env);
  if (target.kind === 'postgres') {
    let store: ResultStore;
    try {
      store = await openPostgresStore(target.url, { poolSize: 1 });
    } catch (error) {
      const explained = describePostgresProblem(error, target.url);
      if (explained) throw new OperatorError(explained.de, explained.en);
      throw new OperatorError(
        `PostgreSQL (${shownUrl(target.url)}) nicht erreichbar: ${(error as Error).message}`,
        `PostgreSQL (${shownUrl(target.url)}) not reachable: ${(error as Error).message}`,
      );
    }
    return runOn(store, command);
  }
  actAsOwnerOf(target.dataDir);
  const store = await openEmbedded(target.dataDir);
  return store ? runOn(store, command) : throughServer(target.dataDir, command);
}

const scope = (sites: string[] | 'alle') => (sites === 'alle' ? 'alle Einrichtungen' : sites.join(', '));
/** What an account sees: its Einrichtungen, or a Sprachprüfung's languages. */
const scopeOf = (account: AccountRow) =>
  account.role === 'sprache' ? `Sprachen: ${account.languages.join(', ')}` : scope(account.sites);

/** Columns padded to their widest cell, the header first. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd(),
  );
}

function when(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'short', timeZone });
}

/**
 * What the tool prints for a command's result. A one-time password is the last line, alone, so a
 * script takes it with `tail -n 1`.
 */
export function resultLines(command: VerwaltungCommand, result: CommandResult, timeZone: string): string[] {
  switch (result.kind) {
    case 'sites': {
      const lines = result.sites.length
        ? [
            'Einrichtungen / sites:',
            ...table(
              ['Kennung', 'Name', 'Ergebnisse', 'aktiv', 'zugeordnete Kennungen'],
              result.sites.map((site) => [
                site.code,
                site.name,
                String(site.results),
                site.active ? 'ja' : 'nein',
                site.aliases.join(', ') || '—',
              ]),
            ),
          ]
        : ['Noch keine Einrichtungen / no sites yet: npm run verwaltung -- site add KENNUNG "Name"'];
      if (result.unassigned.length === 0) return lines;
      return [
        ...lines,
        '',
        'Kennungen ohne Einrichtung / codes without a site (npm run verwaltung -- site assign CODE KENNUNG):',
        ...table(
          ['Code', 'Ergebnisse'],
          result.unassigned.map((code) => [code.code, String(code.results)]),
        ),
      ];
    }
    case 'accounts':
      if (result.accounts.length === 0)
        return [
          'Noch keine Konten / no accounts yet: npm run verwaltung -- account add NAME --role verwaltung',
        ];
      return [
        'Konten / accounts:',
        ...table(
          ['Name', 'Rolle', 'Einrichtungen', 'Zustand', 'letzte Anmeldung'],
          result.accounts.map((account) => [
            account.name,
            ROLE_LABELS[account.role],
            scopeOf(account),
            account.disabled ? 'deaktiviert' : account.mustChangePassword ? 'Einmalpasswort offen' : 'aktiv',
            when(account.lastLoginAt, timeZone),
          ]),
        ),
      ];
    case 'moved':
      return command.op === 'site-assign'
        ? [
            `Kennung ${command.code} der Einrichtung ${command.site} zugeordnet, ${result.moved} Ergebnisse verschoben; spätere Uploads mit ${command.code} kommen ebenfalls dorthin.`,
            `Code ${command.code} joined to ${command.site}: ${result.moved} results moved; later uploads with ${command.code} go there too.`,
          ]
        : [];
    case 'one-time-password': {
      const { account } = result;
      if (command.op === 'account-add') {
        return [
          `Konto ${account.name} angelegt / account added: ${ROLE_LABELS[account.role]}, ${scopeOf(account)}.`,
          'Einmalpasswort, bei der ersten Anmeldung zu ersetzen / one-time password, to be replaced at the first login:',
          result.oneTimePassword,
        ];
      }
      return [
        `Neues Einmalpasswort für ${account.name}, seine Sitzungen sind beendet / new one-time password for ${account.name}, its sessions have ended.`,
        'Einmalpasswort, bei der nächsten Anmeldung zu ersetzen / one-time password, to be replaced at the next login:',
        result.oneTimePassword,
      ];
    }
    case 'account': {
      const { account } = result;
      if (command.op === 'account-change' && command.change.disabled !== undefined) {
        return account.disabled
          ? [
              `Konto ${account.name} deaktiviert, seine Sitzungen sind beendet / account disabled, its sessions have ended.`,
            ]
          : [`Konto ${account.name} wieder aktiviert / account enabled.`];
      }
      return [
        `Konto ${account.name} / account ${account.name}: ${ROLE_LABELS[account.role]}, ${scopeOf(account)}; seine Sitzungen sind beendet / its sessions have ended.`,
      ];
    }
    case 'codes': {
      const { site, expiresAt, codes } = result.codes;
      return [
        `${codes.length} Einrichtungscodes für ${site.code} „${site.name}“, gültig bis ${when(expiresAt, timeZone)}, je einmal verwendbar / enrolment codes, valid until then, each usable once:`,
        ...codes.map((code) => `${code.code}  ${code.link}`),
      ];
    }
    case 'tablets': {
      const { site } = result;
      if (site.tablets.length === 0)
        return [
          `Noch keine Tablets in ${site.code} / no tablets yet: npm run verwaltung -- tablet add ${site.code} --count N`,
        ];
      const state = (tablet: (typeof site.tablets)[number]) =>
        [
          tablet.replacedBy
            ? `ersetzt durch ${tablet.replacedBy}`
            : tablet.revokedAt
              ? 'abgemeldet'
              : 'aktiv',
          tablet.silent ? `seit über ${SILENT_TABLET_DAYS} Tagen still mit ungesendeten Ergebnissen` : '',
          tablet.oldVersion ? 'alte Version' : '',
        ]
          .filter(Boolean)
          .join(', ');
      // One line per tablet, its id first (no header line: a script reads the first column).
      return table(
        [
          'ID',
          'Name',
          'eingerichtet',
          'letzter Kontakt',
          'App',
          'Inhalt',
          'ungesendet',
          'Sicherung',
          'Zustand',
        ],
        site.tablets.map((tablet) => [
          tablet.id,
          tablet.name || '—',
          `eingerichtet ${when(tablet.enrolledAt, timeZone)}`,
          `Kontakt ${when(tablet.lastContactAt, timeZone)}`,
          `App ${tablet.appVersion ?? '—'}`,
          `Inhalt ${tablet.contentVersion ?? '—'}`,
          `ungesendet ${tablet.unsent ?? '—'}`,
          `Sicherung ${when(tablet.lastBackupAt, timeZone)}`,
          state(tablet),
        ]),
      ).slice(1);
    }
    case 'passphrase':
      return command.op === 'site-passphrase'
        ? [
            `Passwort der Einrichtung ${command.site} ${result.version === 1 ? 'festgelegt' : 'geändert'} (Version ${result.version}); die Tablets erfahren es beim nächsten Kontakt / the site's passphrase is set; its tablets learn it at their next contact.`,
          ]
        : [];
    case 'revoked':
      return command.op === 'tablet-revoke'
        ? [
            `Tablet ${command.id} abgemeldet: es sendet ab sofort nichts mehr; seine Ergebnisse bleiben auf ihm, bis es neu eingerichtet ist / tablet revoked at once; its results stay on it until it is enrolled again.`,
          ]
        : [];
    case 'done':
      if (command.op === 'site-add')
        return [`Einrichtung ${command.code} „${command.name}“ angelegt / site added.`];
      if (command.op === 'site-change' && command.change.name !== undefined)
        return [`Einrichtung ${command.code} heißt jetzt „${command.change.name}“ / site renamed.`];
      if (command.op === 'site-change' && command.change.active === false)
        return [
          `Einrichtung ${command.code} deaktiviert; ihre Ergebnisse bleiben / site deactivated; its results stay.`,
        ];
      if (command.op === 'site-change') return [`Einrichtung ${command.code} aktiviert / site activated.`];
      return [];
  }
}

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: Output = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** The new passphrase of `site passphrase` and its repetition, as typed. */
export type PassphraseReader = () => Promise<{ passphrase: string; repeat: string }>;

/** A line typed at the terminal without echo; the prompt on the error output. */
function hiddenLine(prompt: string): Promise<string> {
  return new Promise((resolveLine) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const muted = rl as unknown as { _writeToOutput(text: string): void };
    process.stderr.write(prompt);
    muted._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolveLine(answer);
    });
  });
}

/**
 * Standard input: at a terminal the passphrase is asked twice without echo; from a pipe its first
 * line is taken once (`printf '%s\n' "$PASS" | npm run verwaltung -- site passphrase KITA-017`).
 */
const stdinPassphrase: PassphraseReader = async () => {
  if (process.stdin.isTTY) {
    const passphrase = await hiddenLine('Neues Passwort der Einrichtung / new passphrase: ');
    const repeat = await hiddenLine('Noch einmal / again: ');
    return { passphrase, repeat };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const passphrase = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  return { passphrase, repeat: passphrase };
};

/** The whole tool: its arguments and environment in, lines out; resolves to the exit code. */
export async function verwaltung(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  output: Output = consoleOutput,
  readPassphrase: PassphraseReader = stdinPassphrase,
): Promise<number> {
  let command: VerwaltungCommand | 'help';
  try {
    command = parseArguments(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`Falscher Aufruf: ${error.de}`);
    if (error.en) output.err(`Wrong usage: ${error.en}`);
    output.err('Hilfe / help: npm run verwaltung -- help');
    return 2;
  }
  if (command === 'help') {
    output.out(USAGE);
    return 0;
  }
  try {
    if (command.op === 'site-passphrase') command = { ...command, ...(await readPassphrase()) };
    const result = await execute(command, env);
    for (const line of resultLines(command, result, env.EXPORT_TIME_ZONE || 'Europe/Berlin'))
      output.out(line);
    return 0;
  } catch (error) {
    if (error instanceof AccountError) {
      output.err(`Abgelehnt / refused: ${error.message}`);
    } else if (error instanceof OperatorError) {
      output.err(`Verwaltung fehlgeschlagen: ${error.de}\nVerwaltung failed: ${error.en}`);
    } else {
      output.err(`Verwaltung fehlgeschlagen / failed: ${String((error as Error)?.stack ?? error)}`);
    }
    return 1;
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  verwaltung(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
