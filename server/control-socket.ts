import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { AccountError } from './db/accounts.ts';
import { type CommandResult, VERWALTUNG_COMMAND, type VerwaltungCommand } from './verwaltung/commands.ts';
import { firstIssue } from './verwaltung/operations.ts';

/**
 * The running server's local door for the operator's tools (docs/deploy.md, backups). The embedded
 * database belongs to the one process that opened it, so a tool cannot read its files while the
 * server runs; instead `npm run backup` asks the server for a consistent copy here, and the nightly
 * backup needs no stop of the service. `npm run verwaltung` hands its command to the server here for
 * the same reason (docs/operation.md, "npm run verwaltung").
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
  /** Runs one command of `npm run verwaltung` (server/verwaltung/commands.ts runCommand). */
  verwaltung?(command: VerwaltungCommand): Promise<CommandResult>;
}

/** A command is a few hundred bytes; more is not one. */
const MAX_COMMAND_BYTES = 64 * 1024;

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));

/** Reads the request's JSON body; undefined (and the answer sent) when it is none. */
async function jsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_COMMAND_BYTES) {
      sendJson(res, 413, { error: 'Der Befehl ist zu lang.' });
      return undefined;
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    sendJson(res, 400, { error: 'Der Befehl ist kein JSON.' });
    return undefined;
  }
}

/**
 * POST /verwaltung: 200 with the command's result, 409 with the German message of a refusal
 * (AccountError), 400 for a command that is none.
 */
async function runVerwaltung(
  run: NonNullable<ControlActions['verwaltung']>,
  req: IncomingMessage,
  res: ServerResponse,
  onError: (error: unknown) => void,
): Promise<void> {
  const body = await jsonBody(req, res);
  if (body === undefined) return;
  const command = VERWALTUNG_COMMAND.safeParse(body);
  if (!command.success) return void sendJson(res, 400, { error: firstIssue(command.error) });
  try {
    sendJson(res, 200, await run(command.data));
  } catch (error) {
    if (error instanceof AccountError) return void sendJson(res, 409, { error: error.message });
    onError(error);
    sendJson(res, 500, { error: String(error) });
  }
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
    if (req.method === 'POST' && req.url === '/verwaltung' && actions.verwaltung) {
      runVerwaltung(actions.verwaltung, req, res, onError).catch((error: unknown) => {
        onError(error);
        res.destroy();
      });
      return;
    }
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
/** How long a command of `npm run verwaltung` may take (a password hash, a few queries). */
const VERWALTUNG_TIMEOUT_MS = 60_000;

/** POSTs `body` to `path` of the server using `dataDir`; resolves to the answer's status and bytes. */
function post(
  dataDir: string,
  path: string,
  body: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    // A connection of its own each time: a kept-alive one may outlive the server that opened it.
    const req = request({
      socketPath: controlSocketPath(dataDir),
      path,
      method: 'POST',
      agent: false,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    });
    req.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EACCES' || error.code === 'EPERM') reject(new ControlError({ kind: 'forbidden' }));
      else if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(new ControlError({ kind: 'absent' }));
      else reject(error);
    });
    // A server that hangs must not hang the nightly backup (or a setup script) for ever.
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`the server did not answer within ${timeoutMs / 1000} seconds`)),
    );
    req.once('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.end(body);
  });
}

/** Asks the server using `dataDir` for a backup; resolves to the tar of its database. */
export async function requestBackup(dataDir: string): Promise<Uint8Array> {
  const answer = await post(dataDir, '/backup', undefined, BACKUP_TIMEOUT_MS);
  if (answer.status === 200) return new Uint8Array(answer.body);
  throw new ControlError({
    kind: 'failed',
    status: answer.status,
    message: answer.body.toString('utf8').slice(0, 500),
  });
}

/**
 * Has the server using `dataDir` run one command of `npm run verwaltung`; its refusal is thrown as
 * the AccountError it was on the server.
 */
export async function requestVerwaltung(dataDir: string, command: VerwaltungCommand): Promise<CommandResult> {
  const answer = await post(dataDir, '/verwaltung', JSON.stringify(command), VERWALTUNG_TIMEOUT_MS);
  const text = answer.body.toString('utf8');
  if (answer.status === 200) return JSON.parse(text) as CommandResult;
  let message = text.slice(0, 500);
  try {
    message = String((JSON.parse(text) as { error?: unknown }).error ?? message);
  } catch {
    // An older server answers its plain 'unknown request'.
  }
  if (answer.status === 409) throw new AccountError(message, 409);
  throw new ControlError({ kind: 'failed', status: answer.status, message });
}
