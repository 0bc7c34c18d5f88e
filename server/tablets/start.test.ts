// UPLOAD_ACCESS at the start of server/main.ts (docs/operation.md): the start log names the setting in
// force, and a value that is neither open nor enrolled stops the start with a German message.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir } from '../testing/pglite-template.ts';
import { runServerToExit, startServerProcess } from '../testing/server-process.ts';

describe('UPLOAD_ACCESS at the start', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = freshDataDir('zaehltest-upload-access-');
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('says in the start log which setting is in force', async () => {
    for (const [value, line] of [
      ['enrolled', 'Uploads: nur von eingerichteten Tablets (UPLOAD_ACCESS=enrolled)'],
      ['', 'Uploads: von jedem Tablet (UPLOAD_ACCESS=open); nur eingerichtete: UPLOAD_ACCESS=enrolled'],
    ] as const) {
      const server = await startServerProcess({
        DATA_DIR: dataDir(),
        HOST: '127.0.0.1',
        UPLOAD_ACCESS: value,
      });
      try {
        await expect.poll(() => server.output(), { timeout: 20_000 }).toContain('Export:');
        expect(server.output()).toContain(line);
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
  }, 90_000);

  it('refuses another value with a German and English message, before anything opens', async () => {
    const { code, output } = await runServerToExit({ DATA_DIR: dataDir(), UPLOAD_ACCESS: 'closed' });
    expect(code).toBe(1);
    expect(output).toContain(
      'Zähltest konnte nicht starten: UPLOAD_ACCESS muss open oder enrolled sein / must be open or enrolled, got "closed"',
    );
  }, 60_000);
});
