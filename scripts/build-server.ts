// `npm run build`, second half: bundles the results server and the operator's tools into dist-server/
// (docs/deploy.md, production install), so that a server runs them with plain Node and only the
// few packages they import, without the build toolchain:
//   dist-server/main.mjs     the server (as server/main.ts)
//   dist-server/backup.mjs   npm run backup
//   dist-server/restore.mjs  npm run restore
//   dist-server/datenschutz.mjs  npm run datenschutz (the Datenschutz-Unterlagen from the server's settings)
//   dist-server/verwaltung.mjs   npm run verwaltung (Einrichtungen and accounts from the command line)
//   dist-server/migrations/  the SQL the server applies on start
//   dist-server/package.json exactly those packages, at the versions built with
// dist-server/ sits beside dist/ (the app), which the server serves by default.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');

const ENTRIES = {
  main: 'server/main.ts',
  backup: 'scripts/backup/backup.ts',
  restore: 'scripts/backup/restore.ts',
  datenschutz: 'scripts/datenschutz/datenschutz.ts',
  verwaltung: 'scripts/verwaltung/verwaltung.ts',
};

/** In the bundle the migrations lie beside the code, not in ../migrations. */
function migrationsBesideBundle(): Plugin {
  return {
    name: 'zaehltest-migrations-dir',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('server/db/migrate.ts')) return undefined;
      const from = /join\(import\.meta\.dirname, (['"])\.\.\/migrations\1\)/;
      if (!from.test(code))
        throw new Error(`${id}: the migrations folder not found; update scripts/build-server.ts`);
      return code.replace(from, "join(import.meta.dirname, 'migrations')");
    },
  };
}

/**
 * The bundle carries the languages of the content it was built from (content/, or
 * ZAEHLTEST_CONTENT_DIR), so a production server reads no language pack and needs no yaml parser.
 */
function languagesInBundle(): Plugin {
  return {
    name: 'zaehltest-languages-in-bundle',
    enforce: 'pre',
    async transform(_code, id) {
      if (!id.replaceAll('\\', '/').endsWith('schemas/language-facts.ts')) return undefined;
      const { readLanguageFacts } = await import('./content/language-facts.ts');
      return `export function readLanguageFacts() {\n  return ${JSON.stringify(readLanguageFacts())};\n}\n`;
    },
  };
}

/**
 * The bundle carries the texts native speakers review and the content version (docs/product.md §50),
 * so a production server needs no content folder, no yaml parser and no content compiler.
 */
function sprachenCatalogueInBundle(): Plugin {
  return {
    name: 'zaehltest-sprachen-catalogue-in-bundle',
    enforce: 'pre',
    async transform(_code, id) {
      if (!id.replaceAll('\\', '/').endsWith('server/sprachen/catalogue.ts')) return undefined;
      const { compiledCatalogue } = await import('./content/catalogue.ts');
      return `export async function readCatalogue() {\n  return ${JSON.stringify(compiledCatalogue())};\n}\n`;
    },
  };
}

/** The package a bare import names ('@scope/name/sub' → '@scope/name'). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

export async function buildServerBundle(outDir = join(ROOT, 'dist-server')): Promise<string> {
  const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const runtime = new Set(Object.keys(rootPackage.dependencies ?? {}));
  const imported = new Set<string>();
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: [migrationsBesideBundle(), languagesInBundle(), sprachenCatalogueInBundle()],
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: ENTRIES,
        external: (id) => {
          if (id.startsWith('node:') || builtinModules.includes(id)) return true;
          if (id.startsWith('.') || id.startsWith('/') || id.startsWith('\0')) return false;
          const name = packageOf(id);
          if (!runtime.has(name)) throw new Error(`the server imports ${id}, which is not a dependency`);
          imported.add(name);
          return true;
        },
        output: {
          format: 'esm',
          // Flat, so that import.meta.dirname is dist-server/ in every file.
          entryFileNames: '[name].mjs',
          chunkFileNames: '[name]-[hash].mjs',
        },
      },
    },
  });
  mkdirSync(join(outDir, 'migrations'), { recursive: true });
  for (const file of readdirSync(join(ROOT, 'server/migrations'))) {
    if (file.endsWith('.sql'))
      cpSync(join(ROOT, 'server/migrations', file), join(outDir, 'migrations', file));
  }
  // The versions installed now are the versions tested: pinned exactly.
  const dependencies = Object.fromEntries(
    [...imported].sort().map((name) => {
      const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
      return [name, installed.version as string];
    }),
  );
  const serverPackage = {
    name: 'zaehltest-server',
    version: rootPackage.version,
    private: true,
    type: 'module',
    description: 'Zähltest results server, built by npm run build (docs/deploy.md)',
    engines: rootPackage.engines,
    scripts: {
      start: 'node main.mjs',
      backup: 'node backup.mjs',
      restore: 'node restore.mjs',
      datenschutz: 'node datenschutz.mjs',
      verwaltung: 'node verwaltung.mjs',
    },
    dependencies,
    // The same pins as the app's own install.
    ...(rootPackage.overrides ? { overrides: rootPackage.overrides } : {}),
  };
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(serverPackage, null, 2)}\n`);
  return outDir;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const outDir = await buildServerBundle(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`Server gebaut / server built: ${outDir}`);
}
