import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import boundaries of the repository (docs/architecture.md, "Boundaries"), checked on every
 * `npm test`:
 * 1. the client (src/) never imports build scripts (scripts/) or the server (server/);
 * 2. scripts/ reach client code only through src/contract.ts;
 * 3. answer-type folders never import each other (shared pieces live in src/answer-types/shared/);
 * 4. an answer type's authoring schema (src/answer-types/<type>/schema.ts) is imported by schemas/ only.
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
      const inClient = under(file.path, 'src');
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
  const violations = findViolations(readSources(resolve(import.meta.dirname, '../..')));
  for (const v of violations) console.error(`${v.file}:${v.line}: imports '${v.imported}' — ${v.rule}`);
  if (violations.length > 0) {
    console.error(`✖ ${violations.length} import(s) cross a boundary (docs/architecture.md, "Boundaries")`);
    process.exit(1);
  }
  console.log('✓ import boundaries kept');
}
