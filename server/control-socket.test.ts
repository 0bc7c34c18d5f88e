import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ControlError,
  controlSocketPath,
  openControlSocket,
  requestBackup,
  requestVerwaltung,
} from './control-socket.ts';
import { AccountError } from './db/accounts.ts';
import type { VerwaltungCommand } from './verwaltung/commands.ts';

const work = mkdtempSync(join(tmpdir(), 'zaehltest-control-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ControlError ? error.failure : error),
  );

describe("the running server's control socket", () => {
  it('hands out the backup, in a folder only its user may enter, and is gone when closed', async () => {
    const dataDir = join(work, 'served');
    // A socket file left by a killed server is replaced, and a folder made readable is closed again.
    mkdirSync(join(dataDir, 'run'), { recursive: true, mode: 0o755 });
    writeFileSync(controlSocketPath(dataDir), '');
    const close = await openControlSocket(
      dataDir,
      { backup: async () => new Uint8Array([1, 2, 3]) },
      () => {},
    );
    try {
      expect(statSync(join(dataDir, 'run')).mode & 0o777).toBe(0o700);
      expect([...(await requestBackup(dataDir))]).toEqual([1, 2, 3]);
      // It answers nothing else.
      const status = await new Promise<number | undefined>((resolve, reject) =>
        request({ socketPath: controlSocketPath(dataDir), path: '/results', agent: false }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
          .once('error', reject)
          .end(),
      );
      expect(status).toBe(404);
    } finally {
      await close();
    }
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    expect(await failure(requestBackup(dataDir))).toEqual({ kind: 'absent' });
  });

  it("reports the server's failure to the tool and to the server's own error output", async () => {
    const dataDir = join(work, 'failing');
    const errors: unknown[] = [];
    const close = await openControlSocket(
      dataDir,
      {
        backup: async () => {
          throw new Error('disk full');
        },
      },
      (error) => errors.push(error),
    );
    try {
      expect(await failure(requestBackup(dataDir))).toEqual({
        kind: 'failed',
        status: 500,
        message: 'Error: disk full',
      });
      expect(errors.map(String)).toEqual(['Error: disk full']);
    } finally {
      await close();
    }
  });
});

describe("the control socket's Verwaltung commands (npm run verwaltung)", () => {
  it("runs a command on the server and hands back its result, or its refusal's German message", async () => {
    const dataDir = join(work, 'verwaltung');
    const commands: VerwaltungCommand[] = [];
    const close = await openControlSocket(
      dataDir,
      {
        backup: async () => new Uint8Array(),
        verwaltung: async (command) => {
          commands.push(command);
          if (command.op === 'site-add')
            throw new AccountError(`Die Einrichtung ${command.code} gibt es schon.`, 409);
          return { kind: 'moved', moved: 3 };
        },
      },
      () => {},
    );
    try {
      expect(
        await requestVerwaltung(dataDir, { op: 'site-assign', code: 'kita-17', site: 'KITA-017' }),
      ).toEqual({
        kind: 'moved',
        moved: 3,
      });
      const refused = await requestVerwaltung(dataDir, {
        op: 'site-add',
        code: 'KITA-017',
        name: 'Kita',
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AccountError);
      expect((refused as AccountError).message).toBe('Die Einrichtung KITA-017 gibt es schon.');
      // What is no command never reaches the operations: the server checks it as the tool does.
      expect(
        await failure(requestVerwaltung(dataDir, { op: 'site-add', code: 'KITA 17', name: 'Kita' })),
      ).toEqual({
        kind: 'failed',
        status: 400,
        message: 'Die Kennung darf nur Buchstaben, Ziffern und „-“ enthalten, höchstens 20 Zeichen.',
      });
      expect(commands.map((command) => command.op)).toEqual(['site-assign', 'site-add']);
    } finally {
      await close();
    }
  });

  it('a server without the Verwaltung (an older one) answers 404', async () => {
    const dataDir = join(work, 'older');
    const close = await openControlSocket(dataDir, { backup: async () => new Uint8Array() }, () => {});
    try {
      expect(await failure(requestVerwaltung(dataDir, { op: 'site-list' }))).toMatchObject({
        kind: 'failed',
        status: 404,
      });
    } finally {
      await close();
    }
  });
});
