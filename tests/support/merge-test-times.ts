import { readFileSync } from 'node:fs';
import { type FileTime, writeTestTimes } from './test-times-reporter.ts';

/**
 * The end of `npm test` (scripts/test.mjs), whose parts ran as separate vitest runs: merges the times
 * each part left, writes test-artifacts/test-times.json and prints the ten slowest files and the total.
 * Arguments: the tests' wall time in milliseconds, then the parts' files.
 */
const [wallMs, ...parts] = process.argv.slice(2);
const times = parts.flatMap(
  (file) => (JSON.parse(readFileSync(file, 'utf8')) as { times: FileTime[] }).times,
);
process.stdout.write(writeTestTimes(times, Number(wallMs), process.cwd()));
