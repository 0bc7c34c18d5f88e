import type { FastifyInstance } from 'fastify';

/** What a component test's fetch sent: method and path with query, in order. */
export interface InjectedRequest {
  method: string;
  path: string;
}

/**
 * A fetch for component tests in jsdom that hands each request to the real server's inject
 * (docs/testing.md): method, headers, JSON or binary body, the session cookie of whoever
 * `cookie()` names at the time, and the answer as a Response. `requested` lists what was asked.
 * `onCookie` hears a cookie the server sets (a login) or clears (a logout: undefined), as a
 * browser would keep it.
 */
export function injectFetch(
  app: FastifyInstance,
  cookie: () => string | undefined,
  onCookie?: (cookie: string | undefined) => void,
) {
  const requested: InjectedRequest[] = [];
  const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    requested.push({ method, path: `${url.pathname}${url.search}` });
    const headers: Record<string, string> = {};
    for (const [name, value] of new Headers(init?.headers).entries()) headers[name] = value;
    const session = cookie();
    if (session) headers.cookie = session;
    const body = init?.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : Buffer.from(body as Uint8Array);
    const response = await app.inject({
      method: method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const set = response.headers['set-cookie'];
    if (set && onCookie) {
      const pair = String(Array.isArray(set) ? set[0] : set).split(';')[0] as string;
      onCookie(pair.endsWith('=') ? undefined : pair);
    }
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined && name !== 'set-cookie') answerHeaders.set(name, String(value));
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };
  return { fetch, requested };
}

/**
 * jsdom's Uint8Array is not the one Node's Buffer extends, so the server under test would take a
 * Buffer for no bytes (an upload's body, PGlite's bytea parameters): the test's global gets Node's,
 * as in Node. Call in beforeAll of a jsdom file that runs the server; vi.unstubAllGlobals undoes it.
 */
export function serverTypedArrays(stub: (name: string, value: unknown) => unknown): void {
  stub('Uint8Array', Object.getPrototypeOf(Buffer.prototype).constructor);
}
