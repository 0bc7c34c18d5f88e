import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../schemas/verwaltung-api.ts';
import { buildServer, type ServerOptions } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { ResultStore } from '../db/index.ts';
import type { StoreBackend } from './backends.ts';

export interface AuswertungApp {
  app: FastifyInstance;
  store: ResultStore;
  /** The session cookie of the sign-in on /auswertung. */
  cookie: string;
  /** A GET (or DELETE) as the signed-in researcher. */
  request(method: 'GET' | 'DELETE', url: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * What the tests of the researchers' API start from: a results server on a fresh store of `backend`,
 * every payload uploaded as a tablet would (each stored: 201), and a sign-in to /auswertung with
 * `token`. `server` adds to the server's options (e.g. a log to read).
 */
export async function openAuswertungApp(
  backend: StoreBackend,
  payloads: readonly object[],
  token: string,
  server: Partial<ServerOptions> = {},
): Promise<AuswertungApp> {
  const { store, cleanup } = await backend.open();
  const app = await buildServer({
    db: store,
    exportToken: token,
    logLevel: false,
    rateLimit: false,
    ...server,
  });
  for (const payload of payloads) {
    const response = await app.inject({ method: 'POST', url: '/api/results', payload });
    expect(response.statusCode, response.body).toBe(201);
  }
  const login = await app.inject({ method: 'POST', url: '/api/auswertung/login', payload: { token } });
  expect(login.statusCode, login.body).toBe(204);
  const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
  return {
    app,
    store,
    cookie,
    request: (method, url) => app.inject({ method, url, headers: { cookie } }),
    async close() {
      await app.close();
      await store.close();
      await cleanup();
    },
  };
}

/** A signed-in account's requests (signInAs). */
export interface AccountSession {
  cookie: string;
  password: string;
  request(
    method: 'GET' | 'DELETE' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

/**
 * An account of `role` for `sites`, made in the store with a password of its own (no one-time
 * password to replace), and signed in through the login route (docs/product.md §47).
 */
export async function signInAs(
  app: FastifyInstance,
  store: ResultStore,
  account: { name: string; role: Role; sites: string[] | 'alle'; languages?: string[] },
): Promise<AccountSession> {
  const accounts = store.accounts;
  if (!accounts) throw new Error('the store has no accounts');
  const password = `${account.role}-passwort-für-tests`;
  const hash = await hashPassword(password);
  await accounts.setPassword(await accounts.addAccount(account, hash), hash, false);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auswertung/login',
    payload: { name: account.name, password },
  });
  expect(login.statusCode, login.body).toBe(204);
  const cookie = String(login.headers['set-cookie']).split(';')[0] as string;
  return {
    cookie,
    password,
    request: (method, url, payload) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) }),
  };
}
