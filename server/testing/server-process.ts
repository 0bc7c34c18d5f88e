import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const MAIN = resolve(import.meta.dirname, '../main.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Everything the process has printed so far (standard output and error). */
  output(): string;
}

/** Runs `server/main.ts` with `env` until it exits by itself (a start that must fail). */
export function runServerToExit(
  env: Record<string, string>,
  options: { uid?: number; gid?: number; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    uid: options.uid,
    gid: options.gid,
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    output += data.toString();
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

/**
 * Runs `server/main.ts` as its own process on a free loopback port (as `npm start` does, minus
 * the build), so that a test can kill it like a power cut kills a server.
 */
export function startServerProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolvePromise, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /läuft auf (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ url: match[1] as string, child, exited, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${signal ?? code}) before it listened:\n${output}`));
    });
  });
}
