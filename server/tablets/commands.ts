import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  MAX_CODES_PER_REQUEST,
  type NewEnrolmentCodes,
  type SiteTablets,
  type TabletsOverview,
} from '../../schemas/tablets-api.ts';
import { readCurrentVersion } from '../build-version.ts';
import { AccountError } from '../db/accounts.ts';
import {
  createEnrolmentCodes,
  revokeTablet,
  setSitePassphrase,
  type TabletVerwaltung,
  tabletsOverview,
} from './operations.ts';

/**
 * The tablets' commands of `npm run verwaltung` (docs/operation.md; docs/product.md §51): as plain
 * data, run here on the database or in the running server through its control socket
 * (server/verwaltung/commands.ts), with the operations of ./operations.ts either way.
 */

const siteRef = z.string().trim().min(1).max(20);

export const TABLET_COMMANDS = [
  z.strictObject({
    op: z.literal('tablet-add'),
    site: siteRef,
    count: z
      .number()
      .int({ error: '--count: eine ganze Zahl von 1 bis 60' })
      .min(1, { error: '--count: mindestens 1' })
      .max(MAX_CODES_PER_REQUEST, { error: `--count: höchstens ${MAX_CODES_PER_REQUEST}` }),
    /** The app's address the links start with (--url); without it the links are relative. */
    url: z
      .url({ protocol: /^https?$/, error: '--url: eine Adresse wie https://zaehltest.example.org' })
      .optional(),
  }),
  z.strictObject({ op: z.literal('tablet-list'), site: siteRef }),
  z.strictObject({ op: z.literal('tablet-revoke'), id: z.string().trim().min(1).max(40) }),
  z.strictObject({
    op: z.literal('site-passphrase'),
    site: siteRef,
    passphrase: z.string().max(1000),
    repeat: z.string().max(1000),
  }),
] as const;
export type TabletCommand = z.infer<(typeof TABLET_COMMANDS)[number]>;

export type TabletCommandResult =
  | { kind: 'codes'; codes: NewEnrolmentCodes }
  | { kind: 'tablets'; site: SiteTablets; currentVersion: TabletsOverview['currentVersion'] }
  | { kind: 'passphrase'; version: number }
  | { kind: 'revoked' };

/**
 * The built app of this installation, for its version.json: STATIC_DIR as server/main.ts reads it,
 * else dist/ beside the server (from the sources, server/tablets/; built, the flat dist-server/).
 */
const staticDir = () =>
  process.env.STATIC_DIR
    ? resolve(process.env.STATIC_DIR)
    : [resolve(import.meta.dirname, '../dist'), resolve(import.meta.dirname, '../../dist')].find((dir) =>
        existsSync(resolve(dir, 'version.json')),
      );

export async function runTabletCommand(
  v: TabletVerwaltung,
  command: TabletCommand,
): Promise<TabletCommandResult> {
  switch (command.op) {
    case 'tablet-add':
      return {
        kind: 'codes',
        codes: await createEnrolmentCodes(v, { site: command.site, count: command.count }, command.url ?? ''),
      };
    case 'tablet-list': {
      const overview = await tabletsOverview(v.tablets, [command.site], readCurrentVersion(staticDir()));
      const site = overview.sites[0];
      if (!site) throw new AccountError(`Unbekannte Einrichtung: ${command.site}`, 404);
      return { kind: 'tablets', site, currentVersion: overview.currentVersion };
    }
    case 'tablet-revoke':
      await revokeTablet(v, command.id, undefined);
      return { kind: 'revoked' };
    case 'site-passphrase':
      return { kind: 'passphrase', version: await setSitePassphrase(v, command) };
  }
}
