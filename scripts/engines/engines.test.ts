import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const readJson = (name: string) => JSON.parse(readFileSync(resolve(ROOT, name), 'utf8'));
const projectRange = (readJson('package.json') as { engines: { node: string } }).engines.node;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/** The oldest Node of each line the project's range admits (`^20.19.0 || >=22.12.0` → 20.19.0, 22.12.0). */
function oldestSupported(range: string): string[] {
  return new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map(String).join(' '))?.version ?? '',
  );
}

describe('Node version', () => {
  // `npm install` prints five `npm warn EBADENGINE` lines for every package whose declared engines
  // exclude the Node it runs on: the project's range must be one every installed package supports.
  it.each(oldestSupported(projectRange))('every installed package supports Node %s', (node) => {
    const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
    const excluding = Object.entries(lock.packages)
      .filter(([path, info]) => {
        const range = Array.isArray(info.engines) ? undefined : info.engines?.node;
        return path !== '' && range !== undefined && !semver.satisfies(node, range);
      })
      .map(([path, info]) => `${path.replace(/^.*node_modules\//, '')}@${info.version}`);
    expect(excluding, `packages whose engines exclude Node ${node}`).toEqual([]);
  });

  it('the Node running the tests is one the project supports', () => {
    expect(semver.satisfies(process.version, projectRange)).toBe(true);
  });
});
