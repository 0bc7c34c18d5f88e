import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadOptions } from './load.ts';

export const FIXTURES_DIR = join(import.meta.dirname, 'fixtures');

/**
 * A writable copy of a fixture in a temporary folder, for tests that edit packs. The copy sits at the
 * same depth as in the repository (…/scripts/content/fixtures/<name>), so the schema comment of its
 * packs names the temporary folder's schemas/question.schema.json, which the options point at.
 */
export function copyFixture(name: string): { dir: string; options: LoadOptions; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'zaehltest-content-'));
  const dir = join(root, 'scripts/content/fixtures', name);
  cpSync(join(FIXTURES_DIR, name), dir, { recursive: true });
  return {
    dir,
    options: { contentDir: dir, schemaFile: join(root, 'schemas/question.schema.json') },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
