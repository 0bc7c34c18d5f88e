import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_KEEP_DAYS } from '../../server/datenschutz/deployment.ts';
import { writeDatenschutz } from './datenschutz.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = join(ROOT, 'scripts/datenschutz/datenschutz.ts');
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const tempFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'zaehltest-datenschutz-'));
  folders.push(folder);
  return folder;
};

/** `npm run datenschutz -- …` as its own process: exit code and everything it printed. */
async function datenschutz(args: string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run datenschutz', () => {
  it('writes the five documents into a folder it creates', async () => {
    const folder = join(tempFolder(), 'neu', 'unterlagen');
    const { code, output } = await datenschutz([folder], { RETENTION_MONTHS: '36' });
    expect(code).toBe(0);
    expect(output).toContain('Datenschutz-Unterlagen geschrieben');
    expect(readdirSync(folder)).toHaveLength(5);
  }, 60_000);

  it('asks for the folder when none is named, in German and English without a stack trace', async () => {
    const { code, output } = await datenschutz([]);
    expect(code).toBe(1);
    expect(output).toContain('Datenschutz-Unterlagen fehlgeschlagen: Bitte einen Ordner angeben');
    expect(output).toContain('Datenschutz-Unterlagen failed: Name a folder');
    expect(output).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('refuses a bad RETENTION_MONTHS before writing anything, as the server would', async () => {
    const folder = join(tempFolder(), 'unterlagen');
    const { code, output } = await datenschutz([folder], { RETENTION_MONTHS: 'fünf Jahre' });
    expect(code).toBe(1);
    expect(output).toContain('RETENTION_MONTHS muss eine ganze Zahl ≥ 1 sein');
    expect(output).toContain('Datenschutz-Unterlagen failed:');
    expect(output).not.toMatch(/^\s+at /m);
    expect(existsSync(folder)).toBe(false);
  }, 60_000);

  it('says so when the folder is a file', () => {
    const file = join(tempFolder(), 'datei');
    writeFileSync(file, '');
    for (const folder of [file, join(file, 'unterlagen')]) {
      expect(() => writeDatenschutz(folder, {})).toThrow(
        expect.objectContaining({
          de: `${folder} ist kein Ordner (eine Datei liegt im Weg). Einen Ordner angeben.`,
          en: `${folder} is not a folder (a file is in the way). Name a folder.`,
        }),
      );
    }
  });

  it('says so when the folder may not be written to', () => {
    const folder = tempFolder();
    // Root may write anywhere a mode allows nothing: an immutable folder refuses root too.
    if (isRoot) execFileSync('chattr', ['+i', folder]);
    else chmodSync(folder, 0o500);
    try {
      expect(() => writeDatenschutz(folder, {})).toThrow(
        expect.objectContaining({
          de: `In den Ordner ${folder} darf nicht geschrieben werden. Einen anderen Ordner angeben oder die Rechte ändern.`,
          en: `The folder ${folder} may not be written to. Name another folder or change its permissions.`,
        }),
      );
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      if (isRoot) execFileSync('chattr', ['-i', folder]);
      else chmodSync(folder, 0o700);
    }
  });
});

describe('the backups period the documents state', () => {
  it('is the one docs/deploy.md keeps them for, in German and English', () => {
    const guide = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
    expect(guide.match(new RegExp(`-mtime \\+${BACKUP_KEEP_DAYS} -delete`, 'g'))).toHaveLength(2);
    expect(guide).toContain(`${BACKUP_KEEP_DAYS} Tage aufheben`);
    expect(guide).toContain(`Keep ${BACKUP_KEEP_DAYS} days`);
  });
});
