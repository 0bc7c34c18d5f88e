import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { longestFirst, readKnownTimes } from './longest-first-sequencer.ts';

interface File {
  key: string;
  group: number;
}
const sort = (files: File[], known: Record<string, number>) =>
  longestFirst(
    files,
    (f) => f.key,
    (f) => f.group,
    new Map(Object.entries(known)),
  ).map((f) => f.key);

describe('the order in which test files start', () => {
  it('starts the longest first across projects, and a file not yet measured before all', () => {
    const files = [
      { key: 'dom:a.test.tsx', group: 0 },
      { key: 'e2e:tests/flow.test.ts', group: 0 },
      { key: 'unit:server/db/child-progress.test.ts', group: 0 },
      { key: 'e2e:tests/new.test.ts', group: 0 },
    ];
    expect(
      sort(files, {
        'dom:a.test.tsx': 2_000,
        'e2e:tests/flow.test.ts': 160_000,
        'unit:server/db/child-progress.test.ts': 210_000,
      }),
    ).toEqual([
      'e2e:tests/new.test.ts',
      'unit:server/db/child-progress.test.ts',
      'e2e:tests/flow.test.ts',
      'dom:a.test.tsx',
    ]);
  });

  it('keeps the groups in their order (the quiet timing files run last)', () => {
    const files = [
      { key: 'e2e-quiet-chromium:tests/engines/whole-test.test.ts', group: 1 },
      { key: 'unit:a.test.ts', group: 0 },
      { key: 'e2e-quiet-webkit:tests/engines/whole-test.test.ts', group: 2 },
    ];
    expect(sort(files, { 'e2e-quiet-webkit:tests/engines/whole-test.test.ts': 40_000 })).toEqual([
      'unit:a.test.ts',
      'e2e-quiet-chromium:tests/engines/whole-test.test.ts',
      'e2e-quiet-webkit:tests/engines/whole-test.test.ts',
    ]);
  });

  it('starts the longest browser files on all workers but one, the unit and component files on that one, then the rest', () => {
    const files = ['e2e:a', 'e2e:b', 'e2e:c', 'e2e:d', 'unit:x', 'dom:y', 'e2e-quiet-webkit:q'].map(
      (key) => ({
        key,
        group: key.startsWith('e2e-quiet') ? 1 : 0,
      }),
    );
    const known = { 'e2e:a': 90, 'e2e:b': 80, 'e2e:c': 70, 'e2e:d': 5, 'unit:x': 60, 'dom:y': 3 };
    const spread = (workers: number) =>
      longestFirst(
        files,
        (f) => f.key,
        (f) => f.group,
        new Map(Object.entries(known)),
        { waiting: (f) => f.key.startsWith('e2e'), workers },
      ).map((f) => f.key);
    expect(spread(3)).toEqual(['e2e:a', 'e2e:b', 'unit:x', 'dom:y', 'e2e:c', 'e2e:d', 'e2e-quiet-webkit:q']);
    // One worker: nothing to spread.
    expect(spread(1)).toEqual(sort(files, known));
  });

  it('reads the times a run wrote, and nothing when there is no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-times-'));
    const path = join(dir, 'times.json');
    writeFileSync(
      path,
      JSON.stringify({
        wallMs: 1,
        files: 1,
        tests: 1,
        times: [{ file: 'tests/flow.test.ts', project: 'e2e', ms: 160_000, state: 'passed', tests: 10 }],
      }),
    );
    expect([...readKnownTimes(path)]).toEqual([['e2e:tests/flow.test.ts', 160_000]]);
    expect(readKnownTimes(join(dir, 'missing.json')).size).toBe(0);
  });
});
