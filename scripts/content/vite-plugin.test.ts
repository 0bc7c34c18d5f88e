import { readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, createServer, type Plugin } from 'vite';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildApp } from '../../tests/support/build-app.ts';
import { loadContent, REAL_CONTENT, ROOT_DIR } from './load.ts';
import { copyFixture, FIXTURES_DIR } from './test-fixtures.ts';
import { contentPlugin, VIRTUAL_ID } from './vite-plugin.ts';

/**
 * Strings that survive minification because the libraries use them as runtime values: zod names its
 * classes through `$constructor("$ZodType", …)` and its error "ZodError"; yaml builds its core schema
 * from "tag:yaml.org,2002:…" tags and names its error "YAMLParseError". The control test below proves
 * each marker is present in a bundle that does import the library.
 */
const MARKERS = {
  zod: ['$ZodType', 'ZodError'],
  yaml: ['tag:yaml.org,2002:', 'YAMLParseError'],
};

function librariesIn(code: string): string[] {
  return Object.entries(MARKERS)
    .filter(([, markers]) => markers.some((marker) => code.includes(marker)))
    .map(([library]) => library);
}

function readJs(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');
}

async function temporaryDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'zaehltest-build-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An entry module given as source, so a build needs no file in the repository. */
function entryPlugin(source: string): Plugin {
  return {
    name: 'test-entry',
    resolveId: (id) => (id === 'virtual:test-entry' ? '\0virtual:test-entry' : undefined),
    load: (id) => (id === '\0virtual:test-entry' ? source : undefined),
  };
}

describe('the client bundle', () => {
  it('of the app contains the questions but neither yaml nor zod', { timeout: 180_000 }, async () => {
    const outDir = await temporaryDir();
    // The app as it ships (a production build with the tests' passphrase: tests/support/build-app.ts).
    await buildApp(outDir);
    const code = readJs(outDir);
    const texts = loadContent(REAL_CONTENT).questions.map((question) => question.texts.tr!.questionText);
    expect(texts.length).toBeGreaterThan(0);
    // includes() rather than toContain(): a failure must not print the whole bundle.
    expect(texts.filter((text) => !code.includes(text))).toEqual([]);
    expect(librariesIn(code)).toEqual([]);
  });

  it('would show yaml and zod by these markers if they were imported (control)', {
    timeout: 60_000,
  }, async () => {
    const outDir = await temporaryDir();
    const source = [
      "import { parse } from 'yaml';",
      "import { z } from 'zod';",
      'console.log(z.object({ a: z.number() }).parse(parse(document.title)));',
    ].join('\n');
    await build({
      configFile: false,
      root: ROOT_DIR,
      logLevel: 'silent',
      plugins: [entryPlugin(source)],
      build: { outDir, emptyOutDir: true, rolldownOptions: { input: 'virtual:test-entry' } },
    });
    const code = readJs(outDir);
    for (const [library, markers] of Object.entries(MARKERS)) {
      for (const marker of markers) expect(code.includes(marker), `${library}: ${marker}`).toBe(true);
    }
  });
});

describe('vite build with a broken pack', () => {
  it('fails with every problem as file:line:col', { timeout: 60_000 }, async () => {
    const outDir = await temporaryDir();
    const failing = build({
      configFile: false,
      root: ROOT_DIR,
      logLevel: 'silent',
      plugins: [
        entryPlugin(`import { questions } from '${VIRTUAL_ID}'; console.log(questions);`),
        contentPlugin({ contentDir: join(FIXTURES_DIR, 'dot-images-mismatch'), writeJsonSchema: false }),
      ],
      build: { outDir, rolldownOptions: { input: 'virtual:test-entry' } },
    });
    await expect(failing).rejects.toThrow(
      'scripts/content/fixtures/dot-images-mismatch/questions/01-surplus-picture.yaml:9:3  dotImages.-2  box -2 is not in dotRow',
    );
    await expect(failing).rejects.toThrow(
      'scripts/content/fixtures/dot-images-mismatch/questions/02-box-without-picture.yaml:6:13  dotRow[1]  box -1 has no picture',
    );
  });
});

describe('vite build with a broken language pack', () => {
  it('fails with the language pack problems beside the question pack problems', {
    timeout: 60_000,
  }, async () => {
    const outDir = await temporaryDir();
    const failing = build({
      configFile: false,
      root: ROOT_DIR,
      logLevel: 'silent',
      plugins: [
        entryPlugin(`import { languagePacks } from '${VIRTUAL_ID}'; console.log(languagePacks);`),
        contentPlugin({ contentDir: join(FIXTURES_DIR, 'broken-language-packs'), writeJsonSchema: false }),
      ],
      build: { outDir, rolldownOptions: { input: 'virtual:test-entry' } },
    });
    await expect(failing).rejects.toThrow(
      'scripts/content/fixtures/broken-language-packs/languages/tr.yaml:4:22  practiceWrongNumber  has no {answer}',
    );
    await expect(failing).rejects.toThrow(
      'scripts/content/fixtures/broken-language-packs/questions/01-empty.yaml:15:19  texts.ar.questionText',
    );
  });
});

describe('the dev server', () => {
  it('shows a broken pack in the overlay and reloads once it is fixed', { timeout: 60_000 }, async () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const server = await createServer({
      configFile: false,
      root: fixture.dir,
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false },
      plugins: [contentPlugin({ ...fixture.options, writeJsonSchema: false })],
    });
    onTestFinished(() => server.close());
    const client = server.environments.client;
    const send = vi.spyOn(client.hot, 'send').mockImplementation(() => {});
    const moduleCode = async () => (await client.transformRequest(VIRTUAL_ID))?.code ?? '';
    /** Waits for the next payload of this type on the HMR channel and returns its error message, if any. */
    const nextPayload = async (type: 'error' | 'full-reload') => {
      await vi.waitFor(() => expect(send).toHaveBeenCalledWith(expect.objectContaining({ type })), {
        timeout: 10_000,
      });
      const payload: unknown = send.mock.calls.at(-1)?.[0];
      send.mockClear();
      return (payload as { err?: { message?: string } }).err?.message ?? '';
    };
    // Vite's watcher reports a change only once it is ready. On a small fixture it can be ready
    // before createServer returns, and 'ready' is emitted once: waiting for it then hung the test
    // (60 s timeouts in CI). Its chokidar keeps whether it was emitted.
    const watcher = server.watcher as typeof server.watcher & { _readyEmitted?: boolean };
    if (!watcher._readyEmitted) await new Promise((ready) => watcher.once('ready', ready));

    expect(await moduleCode()).toContain('"timerInterval":1500');
    expect(await moduleCode()).toContain('"yes":"Evet"');

    const pack = join(fixture.dir, 'questions/02-flash-three-dots.yaml');
    const valid = readFileSync(pack, 'utf8');
    writeFileSync(pack, valid.replace('timerInterval: 1500', 'timerInterval: -5'));
    expect(await nextPayload('error')).toContain(
      '02-flash-three-dots.yaml:7:16  timerInterval  must be at least 200 ms',
    );
    await expect(moduleCode()).rejects.toThrow('02-flash-three-dots.yaml:7:16  timerInterval');

    writeFileSync(pack, valid.replace('timerInterval: 1500', 'timerInterval: 2000'));
    await nextPayload('full-reload');
    expect(await moduleCode()).toContain('"timerInterval":2000');

    // A language pack is watched like the question packs.
    const turkish = join(fixture.dir, 'languages/tr.yaml');
    const turkishPack = readFileSync(turkish, 'utf8');
    writeFileSync(turkish, turkishPack.replace('{answer}', '{cevap}'));
    expect(await nextPayload('error')).toContain('languages/tr.yaml:5:22  practiceWrongNumber');
    writeFileSync(turkish, turkishPack.replace('"Evet"', '"Evet!"'));
    await nextPayload('full-reload');
    expect(await moduleCode()).toContain('"yes":"Evet!"');

    // A picture that disappears is a problem of the packs that name it.
    unlinkSync(join(fixture.dir, 'pictures/dots-3-row.svg'));
    expect(await nextPayload('error')).toContain(
      '02-flash-three-dots.yaml:6:13  timerImage  names the picture "dots-3-row.svg"',
    );
  });
});
