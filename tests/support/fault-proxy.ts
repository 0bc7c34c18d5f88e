import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize } from 'node:path';

/**
 * A same-origin front for the results tests: serves the built app and answers `POST /api/results`
 * (the built app's endpoint) with injected faults. Every request is recorded. Results that get
 * through are forwarded to `upstream`, the real results server, which stores them; other GET
 * requests of the API are passed to it unchanged.
 */

/**
 * What the next result requests get: an HTTP status, 'down' (the connection is dropped) or
 * 'portal' (a Wi-Fi login page: 200 with HTML, as a captive portal answers any request).
 */
export type Fault = number | 'down' | 'portal';

export interface RecordedRequest {
  at: number;
  body: Record<string, unknown>;
  /** The status the app received, or 'down' / 'portal'. */
  answer: number | 'down' | 'portal';
}

export interface FaultProxy {
  url: string;
  /** Every POST to the results endpoint, in order. */
  requests: RecordedRequest[];
  /** Answers the next requests from this list, then as `then` says (default: pass through). */
  script(faults: Fault[], then?: Fault | 'pass'): void;
  /**
   * 'down': every request, pages and files too, has its connection dropped, as for a device that
   * lost its network (the same in every engine, where a browser's own offline switch is not).
   */
  network(state: 'up' | 'down'): void;
  close(): Promise<void>;
}

const RESULTS_PATH = '/api/results';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

export async function startFaultProxy(options: { distDir: string; upstream: string }): Promise<FaultProxy> {
  const requests: RecordedRequest[] = [];
  let queue: Fault[] = [];
  let after: Fault | 'pass' = 'pass';
  let networkDown = false;
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (networkDown) {
      if (path === RESULTS_PATH && req.method === 'POST') {
        requests.push({ at: Date.now(), body: parseJson(await readBody(req)), answer: 'down' });
      }
      req.socket.destroy();
      return;
    }
    if (path === RESULTS_PATH && req.method === 'POST') {
      const raw = await readBody(req);
      const body = parseJson(raw);
      const fault = queue.length > 0 ? queue.shift()! : after;
      if (fault === 'down') {
        requests.push({ at: Date.now(), body, answer: 'down' });
        req.socket.destroy();
        return;
      }
      if (fault === 'portal') {
        requests.push({ at: Date.now(), body, answer: 'portal' });
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!doctype html><title>WLAN-Anmeldung</title><form>Bitte melden Sie sich an.</form>');
        return;
      }
      if (typeof fault === 'number') {
        requests.push({ at: Date.now(), body, answer: fault });
        res.writeHead(fault, { 'content-type': 'application/json' }).end('{"error":"injected fault"}');
        return;
      }
      const status = await forward(options.upstream, raw, res);
      requests.push({ at: Date.now(), body, answer: status });
      return;
    }
    // Other reads of the API (the native review's updates and recordings) reach the server as they are.
    if (path.startsWith('/api/') && req.method === 'GET') {
      passGet(options.upstream, req, res);
      return;
    }
    serveStatic(options.distDir, path, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(faults, then = 'pass') {
      queue = [...faults];
      after = then;
    },
    network(state) {
      networkDown = state === 'down';
      // Kept-alive connections would otherwise still carry requests.
      if (networkDown) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

function passGet(upstream: string, req: IncomingMessage, res: ServerResponse): void {
  const { host: _host, ...headers } = req.headers;
  const outgoing = httpRequest(new URL(req.url ?? '/', upstream), { method: 'GET', headers }, (incoming) => {
    res.writeHead(incoming.statusCode ?? 502, incoming.headers);
    incoming.pipe(res);
  });
  outgoing.on('error', () => res.writeHead(502).end());
  outgoing.end();
}

function forward(upstream: string, raw: string, res: ServerResponse): Promise<number> {
  return new Promise((done) => {
    const target = new URL(RESULTS_PATH, upstream);
    const outgoing = httpRequest(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw) },
      },
      (incoming) => {
        const status = incoming.statusCode ?? 502;
        res.writeHead(status, { 'content-type': incoming.headers['content-type'] ?? 'application/json' });
        incoming.pipe(res);
        done(status);
      },
    );
    outgoing.on('error', () => {
      res.writeHead(502).end();
      done(502);
    });
    outgoing.end(raw);
  });
}

function serveStatic(distDir: string, path: string, res: ServerResponse) {
  let file = join(distDir, normalize(decodeURIComponent(path)));
  if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) {
    file = join(distDir, 'index.html');
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

function parseJson(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { unparsable: raw };
  }
}
