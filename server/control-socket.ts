import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * The running server's local door for the operator's tools (docs/deploy.md, backups). The embedded
 * database belongs to the one process that opened it, so a tool cannot read its files while the
 * server runs; instead `npm run backup` asks the server for a consistent copy here, and the nightly
 * backup needs no stop of the service.
 *
 * It is a socket file in DATA_DIR/run/, a folder only the service's user may enter (mode 700), so
 * only that user and root reach it; nothing is exposed to the network. A start removes a socket
 * left by a killed server: the caller already holds DATA_DIR's lock (server/db/data-dir-lock.ts),
 * so no other server can be listening on it.
 */

/** Where the socket of the server using `dataDir` lives. */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'run', 'control.sock');
}

export interface ControlActions {
  /** The embedded database as a tar (PgliteStore.dumpDataDir). */
  backup(): Promise<Uint8Array>;
}

/** Listens on DATA_DIR's control socket; resolves to the function that closes it and removes it. */
export async function openControlSocket(
  dataDir: string,
  actions: ControlActions,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const path = controlSocketPath(dataDir);
  const folder = join(dataDir, 'run');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // An existing folder keeps its mode on mkdir: set it, since the folder is the socket's only guard.
  chmodSync(folder, 0o700);
  rmSync(path, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('unknown request');
      return;
    }
    actions.backup().then(
      (archive) => {
        res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': archive.byteLength });
        res.end(archive);
      },
      (error: unknown) => {
        onError(error);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(path, { force: true });
        resolve();
      });
      server.closeAllConnections();
    });
}

/** Why a tool could not talk to the server, for its message. */
export type ControlFailure =
  | { kind: 'absent' }
  | { kind: 'forbidden' }
  | { kind: 'failed'; status: number; message: string };

export class ControlError extends Error {
  constructor(readonly failure: ControlFailure) {
    super(failure.kind === 'failed' ? `control socket: ${failure.status} ${failure.message}` : failure.kind);
  }
}

/** How long a backup may go without a byte from the server. */
const BACKUP_TIMEOUT_MS = 10 * 60_000;

/** Asks the server using `dataDir` for a backup; resolves to the tar of its database. */
export function requestBackup(dataDir: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // A connection of its own each time: a kept-alive one may outlive the server that opened it.
    const req = request({
      socketPath: controlSocketPath(dataDir),
      path: '/backup',
      method: 'POST',
      agent: false,
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EACCES' || error.code === 'EPERM') reject(new ControlError({ kind: 'forbidden' }));
      else if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(new ControlError({ kind: 'absent' }));
      else reject(error);
    });
    // A server that hangs must not hang the nightly backup for ever.
    req.setTimeout(BACKUP_TIMEOUT_MS, () =>
      req.destroy(new Error(`the server did not answer within ${BACKUP_TIMEOUT_MS / 60_000} minutes`)),
    );
    req.once('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(new Uint8Array(body));
        else
          reject(
            new ControlError({
              kind: 'failed',
              status: response.statusCode ?? 0,
              message: body.toString('utf8').slice(0, 500),
            }),
          );
      });
    });
    req.end();
  });
}
