import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import type { FileTime } from './test-times-reporter.ts';

/** A full run's file times, kept in the repository (docs/testing.md, "Keeping the browser tests fast"). */
export const KNOWN_TIMES_FILE = join(import.meta.dirname, '..', 'file-times.json');

/** 'project:file' → milliseconds, from a file in the reporter's format; empty when there is none. */
export function readKnownTimes(path = KNOWN_TIMES_FILE): Map<string, number> {
  if (!existsSync(path)) return new Map();
  const { times } = JSON.parse(readFileSync(path, 'utf8')) as { times: FileTime[] };
  return new Map(times.map((t) => [`${t.project}:${t.file}`, t.ms]));
}

/**
 * The order in which files start, within a group of projects that share the workers: the longest
 * first, whatever its project, so that no five-minute file starts last and runs on alone while the
 * other workers idle. Files not yet measured (new ones) start first, as vitest's own order does.
 *
 * With `waiting` and `workers`: the longest files start first on all workers but one; then the files
 * that keep a core busy (not `waiting`: unit and component tests) take that worker; the rest follow,
 * longest first. A browser file mostly waits for the app's timers, so three of them at the start
 * left a third of the two cores idle for the first minutes of a clean-clone run, while the busy
 * files ran at the end against the browsers instead.
 *
 * Vitest's own order needs its cache, which a clean clone (CI) does not have: it then starts the
 * projects one after the other by name, so the server tests of `unit` began last.
 */
export function longestFirst<T>(
  files: readonly T[],
  key: (file: T) => string,
  group: (file: T) => number,
  known: Map<string, number>,
  spread?: { waiting: (file: T) => boolean; workers: number },
): T[] {
  const time = (file: T) => known.get(key(file)) ?? Number.POSITIVE_INFINITY;
  const sorted = [...files].sort(
    (a, b) => group(a) - group(b) || time(b) - time(a) || (key(a) < key(b) ? -1 : 1),
  );
  if (!spread || spread.workers < 2) return sorted;
  const ordered: T[] = [];
  for (const number of new Set(sorted.map(group))) {
    const inGroup = sorted.filter((file) => group(file) === number);
    const busy = inGroup.filter((file) => !spread.waiting(file));
    if (busy.length === 0 || busy.length === inGroup.length) {
      ordered.push(...inGroup);
      continue;
    }
    const leaders = inGroup.filter((file) => spread.waiting(file)).slice(0, spread.workers - 1);
    ordered.push(
      ...leaders,
      ...busy,
      ...inGroup.filter((file) => spread.waiting(file) && !leaders.includes(file)),
    );
  }
  return ordered;
}

export default class LongestFirstSequencer extends BaseSequencer {
  private readonly known = readKnownTimes();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return longestFirst(
      files,
      (spec) => `${spec.project.name}:${relative(root, spec.moduleId)}`,
      (spec) => spec.project.config.sequence.groupOrder,
      this.known,
      // Browser files mostly wait; unit and component files keep a core busy.
      { waiting: (spec) => spec.project.name.startsWith('e2e'), workers: this.ctx.config.maxWorkers },
    );
  }
}
