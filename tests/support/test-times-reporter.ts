import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { ARTIFACTS } from './browser.ts';

/** Where the run's file times are kept (CI keeps test-artifacts/; docs/testing.md). */
export const TEST_TIMES_FILE = join(ARTIFACTS, 'test-times.json');

export interface FileTime {
  file: string;
  project: string;
  /** Import, set-up and every test and hook of the file, in milliseconds. */
  ms: number;
  state: string;
  tests: number;
  /** The failed tests' names with the first line of their error (a file's own error under its name). */
  failures?: string[];
}

/** The first line of an error, short enough for the run's last lines. */
function firstLine(error: { message?: string } | undefined): string {
  return (error?.message ?? '').split('\n', 1)[0]?.slice(0, 300) ?? '';
}

/** The time a file kept its worker busy: environment, set-up, import, then its tests and hooks. */
export function fileTime(module: TestModule, root: string): FileTime {
  const d = module.diagnostic();
  return {
    file: relative(root, module.moduleId),
    project: module.project.name,
    ms: Math.round(
      d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
    ),
    state: module.state(),
    tests: [...module.children.allTests()].length,
    failures: [
      ...module.errors().map((error) => `(the file) ${firstLine(error)}`),
      ...[...module.children.allTests()]
        .filter((test) => test.result().state === 'failed')
        .map((test) => `${test.fullName}: ${firstLine(test.result().errors?.[0])}`),
    ],
  };
}

/**
 * Ends every run with the ten slowest files and the total, and writes every file's time to
 * test-artifacts/test-times.json, so that what a test costs stays visible.
 */
export default class TestTimesReporter implements Reporter {
  private startedAt = Date.now();
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.startedAt = Date.now();
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const times = modules.map((module) => fileTime(module, this.root));
    const wallMs = Date.now() - this.startedAt;
    // A part of `npm test` (scripts/test.mjs) leaves its times for the merge at the end.
    const part = process.env.ZAEHLTEST_TIMES_PART_FILE;
    if (part) writeFileSync(part, JSON.stringify({ wallMs, times }));
    else process.stdout.write(writeTestTimes(times, wallMs, this.root));
  }
}

/**
 * Writes every file's time to test-artifacts/test-times.json and returns the ten slowest files and
 * the total, for the end of the run's output.
 */
export function writeTestTimes(files: FileTime[], wallMs: number, root: string): string {
  const times = [...files].sort((a, b) => b.ms - a.ms);
  const tests = times.reduce((sum, t) => sum + t.tests, 0);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(
    TEST_TIMES_FILE,
    `${JSON.stringify({ wallMs, files: times.length, tests, times }, null, 2)}\n`,
  );
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const lines = times.slice(0, 10).map((t) => `${seconds(t.ms)}  ${t.project.padEnd(18)} ${t.file}`);
  // CI shows only the end of a run's output: what failed is named here again, last.
  const failed = times.flatMap((t) =>
    (t.failures ?? []).map((failure) => `  ✖ ${t.project} ${t.file} › ${failure}`),
  );
  return [
    '',
    'Ten slowest test files:',
    ...lines,
    ...(failed.length > 0 ? ['', `Failed (${failed.length}):`, ...failed] : []),
    `Total: ${times.length} files, ${tests} tests, ${(wallMs / 1000).toFixed(0)} s wall time ` +
      `(every file's time: ${relative(root, TEST_TIMES_FILE)})`,
    '',
  ].join('\n');
}
