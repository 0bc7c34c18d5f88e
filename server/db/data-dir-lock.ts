import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One server per data directory: two PGlite instances on the same files would corrupt them.
 *
 * The lock is a local socket named after the folder, listened on by the server that owns it: the
 * operating system closes it when that process ends in any way (kill -9, power cut), so a lock is
 * never left behind and never mistaken for a PID that now belongs to another program (after a
 * reboot). On Linux it is an abstract socket and on Windows a named pipe, neither of which is a
 * file; elsewhere a socket file in the temp folder that a later start removes when nobody answers.
 * `server.pid` in the folder only tells the operator which process holds it.
 */
const openInThisProcess = new Set<string>();

function lockAddress(dataDir: string): string {
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return `\\\\?\\pipe\\zaehltest-${key}`;
  if (process.platform === 'linux') return `\0zaehltest-${key}`;
  return join(tmpdir(), `zaehltest-${key}.sock`);
}

function listen(address: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Nobody talks to the lock: a connection only proves that its owner lives.
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      server.unref();
      resolve(server);
    });
  });
}

/** Whether a process listens on a socket file (false: the file was left by a dead process). */
function answers(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function holder(pidFile: string): string {
  try {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? `process ${pid}` : 'another process';
  } catch {
    return 'another process';
  }
}

/** Takes the folder's lock or throws; resolves to the function that releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const address = lockAddress(dataDir);
  const pidFile = join(dataDir, 'server.pid');
  if (openInThisProcess.has(address)) throw new Error(`DATA_DIR ${dataDir} is already open in this process`);
  let server: Server | undefined;
  for (let attempt = 0; !server; attempt++) {
    try {
      server = await listen(address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const isFile = !address.startsWith('\0') && !address.startsWith('\\\\');
      if (code === 'EADDRINUSE' && isFile && attempt === 0 && !(await answers(address))) {
        rmSync(address, { force: true });
        continue;
      }
      if (code !== 'EADDRINUSE') throw error;
      const owner = holder(pidFile);
      throw Object.assign(
        new Error(
          `DATA_DIR ${dataDir} is in use by ${owner}. Stop it first, or give this server its own DATA_DIR (or a DATABASE_URL).`,
        ),
        { code: 'ZAEHLTEST_DATA_DIR_IN_USE', dataDir, owner },
      );
    }
  }
  const lock = server;
  openInThisProcess.add(address);
  const release = async () => {
    openInThisProcess.delete(address);
    rmSync(pidFile, { force: true });
    await new Promise<void>((resolve) => lock.close(() => resolve()));
  };
  try {
    writeFileSync(pidFile, `${process.pid}\n`);
  } catch (error) {
    await release();
    throw error;
  }
  return release;
}
