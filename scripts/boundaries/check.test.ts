import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findViolations, readSources } from './check.ts';

describe('import boundaries', () => {
  it('are kept by the repository', () => {
    expect(findViolations(readSources(resolve(import.meta.dirname, '../..')))).toEqual([]);
  });

  it('reports each crossing with its file, line and rule', () => {
    const violations = findViolations([
      { path: 'src/results/pdf.ts', source: "import x from '../../server/app.ts';" },
      {
        path: 'scripts/bench/a.ts',
        source: "import { y } from '../../src/store/slices.ts';\nimport { z } from '../../src/contract.ts';",
      },
      {
        path: 'src/answer-types/move-dots-example/q.tsx',
        source: "\nimport { B } from '../move-dots/board';\nimport { S } from '../shared/board';",
      },
      { path: 'src/preview/x.ts', source: "const m = import('../answer-types/text-input/schema.ts');" },
    ]);
    expect(violations.map((v) => [v.file, v.line, v.imported])).toEqual([
      ['src/results/pdf.ts', 1, '../../server/app.ts'],
      ['scripts/bench/a.ts', 1, '../../src/store/slices.ts'],
      ['src/answer-types/move-dots-example/q.tsx', 2, '../move-dots/board'],
      ['src/preview/x.ts', 1, '../answer-types/text-input/schema.ts'],
    ]);
  });
});
