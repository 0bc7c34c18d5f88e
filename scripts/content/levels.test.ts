import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileLevelsModule, loadLevels } from './levels.ts';
import { formatIssue, ROOT_DIR } from './load.ts';
import { FIXTURES_DIR } from './test-fixtures.ts';

describe('content/levels.yaml', () => {
  it('is valid: three levels and "größer 3", each with a description and 3 to 4 Förderhinweise', () => {
    const { levels, issues } = loadLevels();
    expect(issues).toEqual([]);
    expect(levels?.levels['1'].title).toBe('Zählen (Zählzahl)');
    expect(levels?.levels['2'].title).toBe('Zahlen ordnen und vergleichen (ordinaler Zahlenstrahl)');
    expect(levels?.levels['3'].title).toBe(
      'Mengen zerlegen und zusammensetzen (Kardinalität und Zerlegbarkeit)',
    );
    for (const level of Object.values(levels!.levels)) {
      expect(level.activities.length).toBeGreaterThanOrEqual(3);
      expect(level.activities.length).toBeLessThanOrEqual(4);
    }
    // Plain data for the client: no YAML, no validator.
    expect(compileLevelsModule(levels!)).toMatch(
      /^export const levels = \{"1":\{"title":"Zählen \(Zählzahl\)"/,
    );
  });

  it('reports every problem of a broken file with file, line, column and what to do', () => {
    const { levels, issues } = loadLevels(join(FIXTURES_DIR, 'levels-broken/levels.yaml'));
    expect(levels).toBeUndefined();
    expect(issues.map(formatIssue)).toEqual([
      'scripts/content/fixtures/levels-broken/levels.yaml:6:7  levels.1.activities  needs 3 to 4 activities — add play-based everyday activities, one per "- " line',
      'scripts/content/fixtures/levels-broken/levels.yaml:10:18  levels.2.description  must not be empty — write the description of what the level means in German',
      'scripts/content/fixtures/levels-broken/levels.yaml:15:3  levels.3.description  is missing — write the description of what the level means in German',
      'scripts/content/fixtures/levels-broken/levels.yaml:17:5  levels.3.descripton  "descripton" is not a known field — remove it or rename it (levels: 1, 2, 3, above3; each with title, description, activities)',
    ]);
  });

  it('fails npm run content:check with those messages', { timeout: 30_000 }, () => {
    const result = spawnSync(
      join(ROOT_DIR, 'node_modules/.bin/tsx'),
      ['scripts/content/check.ts', 'scripts/content/fixtures/levels-broken'],
      { cwd: ROOT_DIR, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'scripts/content/fixtures/levels-broken/levels.yaml:17:5  levels.3.descripton  "descripton" is not a known field',
    );
  });

  it('carries the Förderhinweise translated for the Ergebnisbrief, never more than the German ones', () => {
    const { levels } = loadLevels();
    expect(levels?.levels['3'].translations?.tr?.[0]).toMatch(/^Meyve paylaşmak/);
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-levels-'));
    try {
      const file = join(dir, 'levels.yaml');
      const source = readFileSync(loadLevels().file, 'utf8').replace(
        '    translations:\n      tr:\n',
        '    translations:\n      tr:\n        - "fazladan bir fikir"\n        - "bir tane daha"\n',
      );
      writeFileSync(file, source);
      const { issues } = loadLevels(file);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({
        path: 'levels.1.translations.tr',
        message: 'has 5 activities, but activities has 4',
        hint: 'translate each activity once, in the order of activities',
      });
      expect(source.split('\n')[issues[0]!.line - 1]).toMatch(/^ {8}- "fazladan bir fikir"$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
