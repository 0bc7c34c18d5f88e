import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { Role } from '../../schemas/verwaltung-api.ts';
import { buildServer, type ServerOptions } from '../app.ts';
import { openPgliteStore, type ResultStore } from '../db/index.ts';
import { type AccountSession, signInAs } from './auswertung-app.ts';
import { type InjectedRequest, injectFetch, serverTypedArrays } from './inject-fetch.ts';
import { freshDataDir } from './pglite-template.ts';

export interface PageServer {
  app: FastifyInstance;
  store: ResultStore;
  /** Every request the page made, as method and path with query, in order. */
  requested: InjectedRequest[];
  /**
   * The fetch the page's global has (each request handed to inject with the current cookie), for a
   * test that stubs the global itself around it (a server that is offline or answers badly).
   */
  fetch: (input: string | URL, init?: RequestInit) => Promise<Response>;
  /** Makes an account of `role` (signInAs) and lets the page's following requests carry its session. */
  signIn(account: {
    name: string;
    role: Role;
    sites: string[] | 'alle';
    languages?: string[];
  }): Promise<AccountSession>;
  /** Signs in with an EXPORT_TOKEN given to openPageServer, as its holder (docs/product.md §47). */
  signInWithKey(token: string): Promise<{ cookie: string }>;
  /** The page's following requests carry this session's cookie (none: signed out). */
  use(session: { cookie: string } | undefined): void;
  /** The cookie the page's requests carry now. */
  cookie(): string | undefined;
  close(): Promise<void>;
}

/**
 * The real results server for a component test in jsdom (docs/testing.md): Fastify on a fresh PGlite
 * folder, reached through `injectFetch` with the signed-in account's cookie, as the browser would
 * send it. A cookie the server sets (a new login) replaces it; one it clears (logout) removes it.
 */
export async function openPageServer(server: Partial<ServerOptions> = {}): Promise<PageServer> {
  const dir = freshDataDir('zaehltest-page-');
  const store = await openPgliteStore(dir);
  const app = await buildServer({ db: store, logLevel: false, rateLimit: false, ...server });
  let cookie: string | undefined;
  serverTypedArrays(vi.stubGlobal);
  const { fetch, requested } = injectFetch(
    app,
    () => cookie,
    (next) => {
      cookie = next;
    },
  );
  vi.stubGlobal('fetch', fetch);
  return {
    app,
    store,
    requested,
    fetch,
    async signIn(account) {
      const session = await signInAs(app, store, account);
      cookie = session.cookie;
      return session;
    },
    async signInWithKey(token) {
      const login = await app.inject({ method: 'POST', url: '/api/auswertung/login', payload: { token } });
      expect(login.statusCode, login.body).toBe(204);
      const session = { cookie: String(login.headers['set-cookie']).split(';')[0] as string };
      cookie = session.cookie;
      return session;
    },
    use(session) {
      cookie = session?.cookie;
    },
    cookie: () => cookie,
    async close() {
      vi.unstubAllGlobals();
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * jsdom has no modal dialogs: showModal() and close() open and close the <dialog> by its `open`
 * attribute, which is what the confirmations of the page (ConfirmDialog) need in a test.
 */
export function installDialogs(): void {
  const dialog = HTMLDialogElement.prototype;
  dialog.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
