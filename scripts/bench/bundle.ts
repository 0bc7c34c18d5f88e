import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { ROOT, TEST_PASSWORD } from '../../tests/support/build-app.ts';
import type { Metric } from './report.ts';

/** Libraries that must load only when the operator asks for a PDF (docs/product.md §12). */
const ON_DEMAND_LIBRARIES = ['jspdf', 'html2canvas'] as const;
/** The results PDF's fonts (scripts/pdf-fonts), which travel in the PDF chunk only. */
const PDF_FONTS_MODULE = 'virtual:zaehltest-pdf-fonts';
const KB = 1000;

export interface BuiltApp {
  distDir: string;
  chunks: Rolldown.OutputChunk[];
}

/** Builds the production app into a fresh temporary folder and keeps the chunk graph for the checks. */
export async function buildForBench(): Promise<BuiltApp> {
  const distDir = mkdtempSync(join(tmpdir(), 'zaehltest-bench-dist-'));
  // The bench drives the app with the tests' passphrase, as the e2e build does.
  process.env.ACCESS_PASSWORD = TEST_PASSWORD;
  const result = await build({ root: ROOT, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  return { distDir, chunks };
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function htmlReferences(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => (m[1] ?? '').replace(/^\//, ''));
}

/** Files of the page's first load, as index.html names them: entry script, module preloads, styles. */
function initialAssets(distDir: string) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = htmlReferences(html, /<script[^>]*type="module"[^>]*src="([^"]+)"/g);
  const preloads = htmlReferences(html, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const styles = htmlReferences(html, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  return { scripts, preloads, styles };
}

/** The entry chunk and every chunk it imports statically, i.e. all JS the first screen waits for. */
function staticClosure(chunks: readonly Rolldown.OutputChunk[], entry: Rolldown.OutputChunk) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(entry);
  return [...seen.values()];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Distinct precache URLs from Workbox's generated dist/sw.js ({url, revision} literals). */
function precacheUrls(distDir: string): string[] | null {
  const sw = join(distDir, 'sw.js');
  if (!existsSync(sw)) return null;
  const code = readFileSync(sw, 'utf8');
  return [...new Set([...code.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1] ?? ''))];
}

/** Minified size per npm package (or 'app') in the given chunks, largest first: where the bytes go. */
function renderedByPackage(chunks: readonly Rolldown.OutputChunk[]): Record<string, number> {
  const sizes = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? 'app';
      sizes.set(name, (sizes.get(name) ?? 0) + module.renderedLength);
    }
  }
  return Object.fromEntries([...sizes].sort((a, b) => b[1] - a[1]));
}

export function bundleMetrics({ distDir, chunks }: BuiltApp): { metrics: Metric[]; details: unknown } {
  // The child's app is what index.html loads; other entries (the authoring preview) do not count.
  const { scripts, preloads, styles } = initialAssets(distDir);
  const entry = chunks.find((c) => c.isEntry && c.fileName === scripts[0]);
  if (!entry) throw new Error(`no entry chunk for ${scripts[0] ?? 'the script of index.html'}`);
  const closure = staticClosure(chunks, entry);

  const entryGzip = gzipSize(join(distDir, entry.fileName));
  const initialJsGzip = closure.reduce((sum, c) => sum + gzipSize(join(distDir, c.fileName)), 0);
  const cssGzip = styles.reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0);

  // A chunk "contains" a library when one of its modules comes from that package's folder.
  const offending = closure.flatMap((chunk) =>
    ON_DEMAND_LIBRARIES.filter((lib) => chunk.moduleIds.some((id) => id.includes(`/node_modules/${lib}/`)))
      .map((lib) => `${lib} in ${chunk.fileName}`)
      .concat(
        chunk.moduleIds.some((id) => id.includes(PDF_FONTS_MODULE)) ? [`PDF fonts in ${chunk.fileName}`] : [],
      ),
  );
  const loadedOnDemand = ON_DEMAND_LIBRARIES.filter((lib) =>
    chunks.some(
      (c) => !closure.includes(c) && c.moduleIds.some((id) => id.includes(`/node_modules/${lib}/`)),
    ),
  );

  const precache = precacheUrls(distDir);
  const precacheFiles = precache ?? walk(distDir).map((file) => relative(distDir, file));
  const precacheBytes = precacheFiles.reduce((sum, file) => {
    const path = join(distDir, file);
    return sum + (existsSync(path) ? statSync(path).size : 0);
  }, 0);

  const metrics: Metric[] = [
    { group: 'bundle', name: 'entry chunk JS (gzip)', value: entryGzip / KB, unit: 'kB' },
    {
      group: 'bundle',
      name: 'initial JS: entry + static imports (gzip)',
      value: initialJsGzip / KB,
      unit: 'kB',
      budget: { max: 90 },
      note: `${closure.length} chunk(s): ${closure.map((c) => c.fileName).join(', ')}`,
    },
    { group: 'bundle', name: 'initial CSS (gzip)', value: cssGzip / KB, unit: 'kB' },
    {
      group: 'bundle',
      name: 'jsPDF/html2canvas/PDF fonts in initial JS',
      value: offending.length,
      unit: '',
      budget: { max: 0 },
      note: offending.length
        ? offending.join('; ')
        : `lazy chunks hold: ${loadedOnDemand.join(', ') || 'neither (not imported yet)'}`,
    },
    {
      group: 'bundle',
      name: precache ? 'precache (sw.js manifest, raw)' : 'dist total (no sw.js, raw)',
      value: precacheBytes / KB,
      unit: 'kB',
      note: `${precacheFiles.length} files`,
    },
  ];
  return {
    metrics,
    details: {
      initialByPackage: renderedByPackage(closure),
      entry: entry.fileName,
      initialChunks: closure.map((c) => c.fileName),
      html: { scripts, preloads, styles },
      offending,
      precacheFiles,
    },
  };
}
