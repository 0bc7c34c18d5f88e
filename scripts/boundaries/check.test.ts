import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeCycle, findCycles, findViolations, readSources } from './check.ts';

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
      { path: 'server/languages.ts', source: "import { r } from '../scripts/content/language-facts.ts';" },
      { path: 'server/languages.test.ts', source: "import { r } from '../scripts/content/load.ts';" },
      // A component test may start the real server; the component itself may not.
      { path: 'src/auswertung/page.test.tsx', source: "import { buildApp } from '../../server/app.ts';" },
    ]);
    expect(violations.map((v) => [v.file, v.line, v.imported])).toEqual([
      ['src/results/pdf.ts', 1, '../../server/app.ts'],
      ['scripts/bench/a.ts', 1, '../../src/store/slices.ts'],
      ['src/answer-types/move-dots-example/q.tsx', 2, '../move-dots/board'],
      ['src/preview/x.ts', 1, '../answer-types/text-input/schema.ts'],
      ['server/languages.ts', 1, '../scripts/content/language-facts.ts'],
    ]);
  });

  it('finds no import cycle in the repository', () => {
    expect(findCycles(readSources(resolve(import.meta.dirname, '../..'))).map(describeCycle)).toEqual([]);
  });

  it('names the files of each cycle, type imports and extensionless specifiers included', () => {
    const cycles = findCycles([
      // A value cycle of two server files (.ts specifiers).
      { path: 'server/db/research.ts', source: "import { x } from './result-store.ts';" },
      { path: 'server/db/result-store.ts', source: "\nimport { createResearchStore } from './research.ts';" },
      // A type-only cycle of three client files (no extensions), entered from outside.
      { path: 'src/answer-types/types.ts', source: "import type { A } from '../store/slices';" },
      {
        path: 'src/store/slices.ts',
        source: "import type { E } from '../answer-types/types';\nimport type { R } from './types';",
      },
      { path: 'src/store/types.ts', source: "import type { F } from './slices';" },
      { path: 'src/app/app.tsx', source: "import { useStore } from '../store/slices';" },
      // An index file reached through its folder, importing itself back through a sibling.
      { path: 'src/i18n/index.ts', source: "export { de } from './de';" },
      { path: 'src/i18n/de.ts', source: "import { t } from '.';" },
    ]);
    expect(cycles.map(describeCycle)).toEqual([
      'server/db/research.ts → server/db/result-store.ts → server/db/research.ts',
      'src/answer-types/types.ts → src/store/slices.ts → src/answer-types/types.ts (tied to it by further cycles: src/store/types.ts)',
      'src/i18n/de.ts → src/i18n/index.ts → src/i18n/de.ts',
    ]);
    expect(cycles.map((cycle) => cycle.line)).toEqual([1, 1, 1]);
  });

  it('reports the line of the first import in the cycle and ignores files outside any cycle', () => {
    const cycles = findCycles([
      { path: 'src/a.ts', source: "import { c } from './c';\n\nimport type { B } from './b';" },
      { path: 'src/b.ts', source: "import { a } from './a';" },
      { path: 'src/c.ts', source: 'export const c = 1;' },
      { path: 'src/self.ts', source: "export * from './self.ts';" },
    ]);
    expect(cycles).toEqual([
      { files: ['src/a.ts', 'src/b.ts'], line: 3, others: [] },
      { files: ['src/self.ts'], line: 1, others: [] },
    ]);
  });
});
