import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import boundaries of the repository (docs/architecture.md, "Boundaries"), checked on every
 * `npm test`:
 * 1. the client (src/, tests aside: they never ship) never imports build scripts (scripts/) or the
 *    server (server/);
 * 2. scripts/ reach client code only through src/contract.ts;
 * 3. answer-type folders never import each other (shared pieces live in src/answer-types/shared/);
 * 4. an answer type's authoring schema (src/answer-types/<type>/schema.ts) is imported by schemas/ only;
 * 5. no import cycles, counting `import type` as well (findCycles);
 * 6. the server (server/, tests aside) never imports build scripts (scripts/): what both need, such
 *    as the languages of the packs, lives in schemas/ (schemas/language-facts.ts).
 */

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  source: string;
}

export interface Violation {
  file: string;
  line: number;
  imported: string;
  rule: string;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|js|mjs)$/;

/** Every relative import of a file, resolved to a repository path (without guessing extensions). */
function importsOf(file: SourceFile): { target: string; specifier: string; line: number }[] {
  const found: { target: string; specifier: string; line: number }[] = [];
  for (const match of file.source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? '';
    if (!specifier.startsWith('.')) continue;
    const target = join(dirname(file.path), specifier).replaceAll('\\', '/');
    const line = file.source.slice(0, file.source.indexOf(specifier, match.index)).split('\n').length;
    found.push({ target, specifier, line });
  }
  return found;
}

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
/** The answer-type folder a path lies in ('shared' included), or undefined. */
const answerTypeFolder = (path: string) => /^src\/answer-types\/([^/]+)\//.exec(path)?.[1];

export function findViolations(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    for (const { target, specifier, line } of importsOf(file)) {
      const report = (rule: string) => violations.push({ file: file.path, line, imported: specifier, rule });
      const inClient = under(file.path, 'src') && !/\.test\.tsx?$/.test(file.path);
      if (inClient && (under(target, 'scripts') || under(target, 'server'))) {
        report('the client never imports scripts/ or server/');
      }
      if (
        under(file.path, 'scripts') &&
        under(target, 'src') &&
        target.replace(SOURCE_EXTENSIONS, '') !== 'src/contract'
      ) {
        report('scripts/ reach client code only through src/contract.ts');
      }
      if (under(file.path, 'server') && !/\.test\.tsx?$/.test(file.path) && under(target, 'scripts')) {
        report('the server never imports scripts/ (shared code lives in schemas/)');
      }
      const from = answerTypeFolder(file.path);
      const to = answerTypeFolder(target);
      if (from && to && from !== to && to !== 'shared') {
        report(`answer-type folders never import each other (move what ${from} and ${to} share to shared/)`);
      }
      if (/^src\/answer-types\/[^/]+\/schema(\.ts)?$/.test(target) && !under(file.path, 'schemas')) {
        report("an answer type's schema.ts is imported by schemas/ only (the client gets types, never zod)");
      }
    }
  }
  return violations;
}

export interface Cycle {
  /** The files of the cycle in import order; the last one imports the first. */
  files: string[];
  /** Where the first file imports the second. */
  line: number;
  /** Further files tied into the same knot by other cycles (each knot is reported once). */
  others: string[];
}

const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

/**
 * Every import cycle among the files, value and type imports alike (a type-only cycle is a design
 * smell as much as a value cycle: the two files are one unit in disguise). Each strongly connected
 * group of files is reported once, as one shortest cycle through its first file (by path).
 */
export function findCycles(files: readonly SourceFile[]): Cycle[] {
  const known = new Set(files.map((f) => f.path));
  const resolveTarget = (target: string) => {
    for (const suffix of RESOLVE_SUFFIXES) {
      if (known.has(target + suffix)) return target + suffix;
    }
    // A '.js' specifier may name a '.ts' file (TypeScript's NodeNext style).
    const asTs = target.replace(/\.js$/, '.ts');
    return known.has(asTs) ? asTs : undefined;
  };
  const edges = new Map<string, { to: string; line: number }[]>();
  for (const file of files) {
    const out: { to: string; line: number }[] = [];
    for (const { target, line } of importsOf(file)) {
      const to = resolveTarget(target);
      if (to && !out.some((edge) => edge.to === to)) out.push({ to, line });
    }
    edges.set(file.path, out);
  }

  // Tarjan's strongly connected components, iteratively (deep import chains must not overflow).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const out = edges.get(frame.node) ?? [];
      if (frame.next < out.length) {
        const to = (out[frame.next++] as { to: string }).to;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(to) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfImport = (edges.get(frame.node) ?? []).some((edge) => edge.to === frame.node);
        if (group.length > 1 || selfImport) groups.push(group.sort());
      }
    }
  }

  return groups
    .sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
    .map((group) => shortestCycle(group[0] as string, new Set(group), edges));
}

/** A shortest path from `first` back to itself inside one strongly connected group (breadth first). */
function shortestCycle(
  first: string,
  group: Set<string>,
  edges: Map<string, { to: string; line: number }[]>,
): Cycle {
  const previous = new Map<string, string>();
  const queue = [first];
  let last: string | undefined;
  search: while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const { to } of edges.get(node) ?? []) {
      if (!group.has(to)) continue;
      if (to === first) {
        last = node;
        break search;
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  const path: string[] = [];
  for (let node = last; node !== undefined && node !== first; node = previous.get(node)) path.unshift(node);
  const filesInOrder = [first, ...path];
  const second = filesInOrder[1] ?? first;
  const line = (edges.get(first) ?? []).find((edge) => edge.to === second)?.line ?? 1;
  const others = [...group].filter((file) => !filesInOrder.includes(file)).sort();
  return { files: filesInOrder, line, others };
}

/** 'a.ts → b.ts → a.ts', plus the other files of the same knot. */
export const describeCycle = (cycle: Cycle) =>
  [...cycle.files, cycle.files[0]].join(' → ') +
  (cycle.others.length > 0 ? ` (tied to it by further cycles: ${cycle.others.join(', ')})` : '');

const SKIP = new Set(['node_modules', 'dist', 'data', 'test-artifacts', 'coverage', 'dev-dist', '.git']);

/** The source files of the folders the rules speak of. */
export function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIP.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.test(entry.name)) {
        files.push({ path: relative(root, path).replaceAll('\\', '/'), source: readFileSync(path, 'utf8') });
      }
    }
  };
  for (const folder of ['src', 'scripts', 'schemas', 'server', 'tests']) walk(join(root, folder));
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const sources = readSources(resolve(import.meta.dirname, '../..'));
  const violations = findViolations(sources);
  for (const v of violations) console.error(`${v.file}:${v.line}: imports '${v.imported}' — ${v.rule}`);
  const cycles = findCycles(sources);
  for (const cycle of cycles)
    console.error(`${cycle.files[0]}:${cycle.line}: import cycle ${describeCycle(cycle)}`);
  if (violations.length > 0) {
    console.error(`✖ ${violations.length} import(s) cross a boundary (docs/architecture.md, "Boundaries")`);
  }
  if (cycles.length > 0) {
    console.error(`✖ ${cycles.length} import cycle(s): move what the files share into a file both import`);
  }
  if (violations.length > 0 || cycles.length > 0) process.exit(1);
  console.log('✓ import boundaries kept, no import cycles');
}
