import { z } from 'zod';
import type { AccountRow, SiteRow, UnassignedCode } from '../../schemas/verwaltung-api.ts';
import { ACTOR } from '../auth/protokoll-entries.ts';
import { AccountError } from '../db/accounts.ts';
import type { ResultStore } from '../db/index.ts';
import type { TabletStore } from '../db/tablets.ts';
import { runTabletCommand, TABLET_COMMANDS, type TabletCommandResult } from '../tablets/commands.ts';
import {
  addAccount,
  addSite,
  assignCode,
  changeAccount,
  changeSite,
  resetPassword,
  SCHEMAS,
  type Verwaltung,
} from './operations.ts';

/**
 * What `npm run verwaltung` asks for (docs/operation.md, "npm run verwaltung"), as plain data: the
 * tool runs it on the database itself, or hands it to the running server through its control socket
 * (server/control-socket.ts), which runs it here. Either way the operations of ./operations.ts do the
 * checks, the change and the Protokoll entry; nothing is decided twice.
 */

/**
 * The Verwaltung of the command line on `db`: its changes are recorded as the command line's, and a
 * Protokoll entry that cannot be written is reported on the error output (of the tool, or of the
 * server that ran the command).
 */
export function commandLineVerwaltung(db: ResultStore): CommandLineVerwaltung {
  const { accounts, research } = db;
  if (!accounts || !research) throw new Error('the results store has no accounts');
  return {
    accounts,
    tablets: db.tablets,
    protokoll: research,
    actor: ACTOR.commandLine,
    log: { error: (...args: unknown[]) => console.error(...args) },
  };
}

/** The command line's Verwaltung, with the enrolled tablets (docs/product.md §51) where the store has them. */
export type CommandLineVerwaltung = Verwaltung & { tablets?: TabletStore | undefined };

/** A site or account named on the command line (which may not exist: that is the store's refusal). */
const siteRef = z.string().trim().min(1).max(20);
const accountRef = z.string().trim().min(1).max(40);

export const VERWALTUNG_COMMAND = z.discriminatedUnion('op', [
  SCHEMAS.site.extend({ op: z.literal('site-add') }),
  z.strictObject({ op: z.literal('site-list') }),
  z.strictObject({ op: z.literal('site-change'), code: siteRef, change: SCHEMAS.siteChange }),
  SCHEMAS.assign.extend({ op: z.literal('site-assign') }),
  SCHEMAS.account.extend({ op: z.literal('account-add') }),
  z.strictObject({ op: z.literal('account-list') }),
  z.strictObject({ op: z.literal('account-change'), name: accountRef, change: SCHEMAS.accountChange }),
  z.strictObject({ op: z.literal('account-reset'), name: accountRef }),
  ...TABLET_COMMANDS,
]);
export type VerwaltungCommand = z.infer<typeof VERWALTUNG_COMMAND>;

/** What a command gives back, for the tool to print. */
export type CommandResult =
  | { kind: 'done' }
  | { kind: 'sites'; sites: SiteRow[]; unassigned: UnassignedCode[] }
  | { kind: 'moved'; moved: number }
  | { kind: 'accounts'; accounts: AccountRow[] }
  | { kind: 'account'; account: AccountRow }
  /** A new account or a reset: the one-time password, shown once. */
  | { kind: 'one-time-password'; account: AccountRow; oneTimePassword: string }
  | TabletCommandResult;

/** The account of a name (as the login finds it: case does not matter). */
async function accountNamed(v: Verwaltung, name: string): Promise<AccountRow> {
  const found = await v.accounts.accountForLogin(name);
  const account = found && (await v.accounts.accountById(found.id));
  if (!account) throw new AccountError(`Unbekanntes Konto: ${name}`, 404);
  return account;
}

/** Runs one command; a refusal is an AccountError with its German message. */
export async function runCommand(
  v: CommandLineVerwaltung,
  command: VerwaltungCommand,
): Promise<CommandResult> {
  switch (command.op) {
    case 'tablet-add':
    case 'tablet-list':
    case 'tablet-revoke':
    case 'site-passphrase': {
      const { tablets } = v;
      if (!tablets) throw new Error('the results store has no tablets');
      return runTabletCommand({ ...v, tablets }, command);
    }
    case 'site-add':
      await addSite(v, { code: command.code, name: command.name });
      return { kind: 'done' };
    case 'site-list':
      return {
        kind: 'sites',
        sites: await v.accounts.listSites(),
        unassigned: await v.accounts.unassignedCodes(),
      };
    case 'site-change':
      await changeSite(v, command.code, command.change);
      return { kind: 'done' };
    case 'site-assign':
      return { kind: 'moved', moved: await assignCode(v, command.code, command.site) };
    case 'account-add': {
      const { id, oneTimePassword } = await addAccount(v, {
        name: command.name,
        role: command.role,
        sites: command.sites,
        languages: command.languages,
      });
      const account = await v.accounts.accountById(id);
      if (!account) throw new Error(`account ${id} vanished after it was added`);
      return { kind: 'one-time-password', account, oneTimePassword };
    }
    case 'account-list':
      return { kind: 'accounts', accounts: await v.accounts.listAccounts() };
    case 'account-change': {
      const account = await accountNamed(v, command.name);
      return { kind: 'account', account: await changeAccount(v, account.id, command.change) };
    }
    case 'account-reset': {
      const account = await accountNamed(v, command.name);
      const { oneTimePassword } = await resetPassword(v, account.id);
      return { kind: 'one-time-password', account: await accountNamed(v, account.name), oneTimePassword };
    }
  }
}
