import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerToExit, startServerProcess } from './testing/server-process.ts';

const isRoot = process.getuid?.() === 0;

/** Whether `command` runs here (chattr and mount need root and a file system that supports them). */
function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function expectNoBundlerNoise(output: string): void {
  expect(output).not.toMatch(/Aborted\(\)|failed to initialize|^\s+at /m);
}

describe('start-up errors say what is wrong and what to do', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => {
    for (const cleanup of cleanups.reverse()) cleanup();
  });

  it('a DATA_DIR the server may not write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-readonly-'));
    // Root may write anywhere a mode allows nothing: an immutable folder refuses root too.
    if (isRoot) {
      expect(works('chattr', ['+i', dir]), 'chattr +i (needed to make a folder unwritable for root)').toBe(
        true,
      );
      cleanups.push(() => {
        works('chattr', ['-i', dir]);
        rmSync(dir, { recursive: true, force: true });
      });
    } else {
      chmodSync(dir, 0o555);
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    }
    const { code, output } = await runServerToExit({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(output).toContain(
      `Zähltest konnte nicht starten: Der Server darf in DATA_DIR nicht schreiben: ${dir}`,
    );
    expect(output).toContain(`Zähltest could not start: The server may not write to DATA_DIR: ${dir}`);
    expect(output).toMatch(/or set DATA_DIR to a writable folder/);
    expectNoBundlerNoise(output);
  }, 60_000);

  it.skipIf(!isRoot)(
    'a full disk',
    async () => {
      const mountPoint = mkdtempSync(join(tmpdir(), 'zaehltest-full-'));
      expect(
        works('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', mountPoint]),
        'mount a 512 KB tmpfs',
      ).toBe(true);
      cleanups.push(() => {
        works('umount', [mountPoint]);
        rmSync(mountPoint, { recursive: true, force: true });
      });
      const dataDir = join(mountPoint, 'data');
      const { code, output } = await runServerToExit({ DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(
        `Zähltest konnte nicht starten: Der Datenträger von DATA_DIR ${dataDir} ist voll`,
      );
      expect(output).toContain(`Zähltest could not start: The disk holding DATA_DIR ${dataDir} is full`);
      expectNoBundlerNoise(output);
    },
    60_000,
  );

  it('a busy port: says so, leaves no lock behind, and the next start on a free port succeeds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-port-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => blocker.close());
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { code, output } = await runServerToExit({ DATA_DIR: dir, PORT: String(port) });
    expect(code).toBe(1);
    expect(output).toContain(`Zähltest konnte nicht starten: Port ${port} ist schon belegt`);
    expect(output).toContain(`Zähltest could not start: Port ${port} is already in use`);
    expect(existsSync(join(dir, 'server.pid'))).toBe(false);
    const server = await startServerProcess({ DATA_DIR: dir });
    cleanups.push(() => server.child.kill('SIGKILL'));
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 120_000);

  it('a DATA_DIR that is a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-file-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'sub'));
    execFileSync('touch', [join(dir, 'sub', 'data')]);
    const { code, output } = await runServerToExit({ DATA_DIR: join(dir, 'sub', 'data') });
    expect(code).toBe(1);
    expect(output).toMatch(/DATA_DIR .* is not a folder/);
    expect(output).toMatch(/DATA_DIR .* ist kein Ordner/);
  }, 60_000);
});
