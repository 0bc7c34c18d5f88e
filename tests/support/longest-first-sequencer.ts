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
 * Vitest's own order needs its cache, which a clean clone (CI) does not have: it then starts the
 * projects one after the other by name, so the server tests of `unit` began last.
 */
export function longestFirst<T>(
  files: readonly T[],
  key: (file: T) => string,
  group: (file: T) => number,
  known: Map<string, number>,
): T[] {
  const time = (file: T) => known.get(key(file)) ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => group(a) - group(b) || time(b) - time(a) || (key(a) < key(b) ? -1 : 1));
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
    );
  }
}
