import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Logger, Plugin, ViteDevServer } from 'vite';
import { REVIEWS_DIR } from '../../schemas/language-facts.ts';
import { appVersion } from '../version.ts';
import { compileLanguagesModule, compileLettersModule, compileQuestionsModule } from './compile.ts';
import { writeLanguagePackJsonSchema, writeQuestionJsonSchema } from './json-schema.ts';
import { compileLevelsModule, LEVELS_FILE, type LevelsResult, loadLevels } from './levels.ts';
import {
  type ContentResult,
  contentPaths,
  formatReport,
  type LoadOptions,
  loadContent,
  REAL_CONTENT,
} from './load.ts';

export const VIRTUAL_ID = 'virtual:zaehltest-content';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** content/levels.yaml as data: the level descriptions and Förderhinweise of the results page. */
export const LEVELS_VIRTUAL_ID = 'virtual:zaehltest-levels';
const LEVELS_RESOLVED_ID = `\0${LEVELS_VIRTUAL_ID}`;
/** The languages of the packs (content/languages/): codes, names, result codes, direction, status. */
export const LANGUAGES_VIRTUAL_ID = 'virtual:zaehltest-languages';
const LANGUAGES_RESOLVED_ID = `\0${LANGUAGES_VIRTUAL_ID}`;
/** The texts of the letters to the parents per language, loaded with the letters' PDF module. */
export const LETTERS_VIRTUAL_ID = 'virtual:zaehltest-letters';
const LETTERS_RESOLVED_ID = `\0${LETTERS_VIRTUAL_ID}`;
const PLUGIN_NAME = 'zaehltest-content';
const DEBOUNCE_MS = 50;

export interface ContentPluginOptions extends LoadOptions {
  /** Rewrite schemas/question.schema.json at build start (default true). */
  writeJsonSchema?: boolean;
}

/**
 * Validates content/questions/*.yaml and content/languages/*.yaml and serves them as the virtual module `virtual:zaehltest-content`.
 * `vite build` fails with every issue of every pack; the dev server shows them in the error overlay
 * and reloads the page once the packs are fixed.
 */
export function contentPlugin(options: ContentPluginOptions = REAL_CONTENT): Plugin {
  let command: 'build' | 'serve' = 'build';
  let logger: Logger | undefined;
  let content: ContentResult | undefined;
  let levels: LevelsResult | undefined;
  let builtContentVersion: string | undefined;
  // A fixture content folder without its own levels.yaml uses the real one.
  const ownLevels = options.contentDir ? join(options.contentDir, 'levels.yaml') : LEVELS_FILE;
  const levelsFile = existsSync(ownLevels) ? ownLevels : LEVELS_FILE;
  const reloadLevels = () => {
    levels = loadLevels(levelsFile);
    return levels;
  };
  const { questionsDir, picturesDir, languagesDir } = contentPaths(options);
  // The review records decide each language's status (schemas/language-facts.ts).
  const reviewsDir = join(dirname(languagesDir), REVIEWS_DIR);
  const inContent = (file: string) =>
    file.startsWith(questionsDir + sep) ||
    file.startsWith(reviewsDir + sep) ||
    file.startsWith(picturesDir + sep) ||
    file.startsWith(languagesDir + sep) ||
    file === levelsFile;
  const reload = () => {
    content = loadContent(options);
    return content;
  };

  return {
    name: PLUGIN_NAME,
    configResolved(config) {
      command = config.command;
      logger = config.logger;
    },
    buildStart() {
      if (options.writeJsonSchema !== false) {
        writeQuestionJsonSchema();
        writeLanguagePackJsonSchema();
      }
      const issues = [...reload().issues, ...reloadLevels().issues];
      if (issues.length === 0) return;
      // A build stops here; the dev server keeps running and shows the issues in the overlay.
      if (command === 'build') this.error(`The question packs have problems:\n${formatReport(issues)}`);
      logger?.error(formatReport(issues), { timestamp: true });
    },
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      if (id === LANGUAGES_VIRTUAL_ID) return LANGUAGES_RESOLVED_ID;
      if (id === LETTERS_VIRTUAL_ID) return LETTERS_RESOLVED_ID;
      return id === LEVELS_VIRTUAL_ID ? LEVELS_RESOLVED_ID : undefined;
    },
    load(id) {
      if (id === LEVELS_RESOLVED_ID) {
        const result = levels ?? reloadLevels();
        this.addWatchFile(levelsFile);
        if (!result.levels) throw new Error(`The levels file has problems:\n${formatReport(result.issues)}`);
        return compileLevelsModule(result.levels);
      }
      if (id === LANGUAGES_RESOLVED_ID) {
        const result = content ?? reload();
        for (const file of result.languageFiles) this.addWatchFile(file);
        // No throw here: the questions module refuses broken content for the build; the languages
        // must still load in the dev server so that the preview can show a broken pack's problems.
        return compileLanguagesModule(result.languagePacks, dirname(result.languagesDir));
      }
      if (id === LETTERS_RESOLVED_ID) {
        const result = content ?? reload();
        for (const file of result.languageFiles) this.addWatchFile(file);
        this.addWatchFile(levelsFile);
        return compileLettersModule(
          result.languagePacks,
          dirname(result.languagesDir),
          (levels ?? reloadLevels()).levels,
        );
      }
      if (id !== RESOLVED_ID) return undefined;
      const result = content ?? reload();
      for (const pack of result.packs) this.addWatchFile(pack.absolutePath);
      for (const file of result.languageFiles) this.addWatchFile(file);
      if (result.issues.length > 0) {
        throw new Error(`The question packs have problems:\n${formatReport(result.issues)}`);
      }
      const source = compileQuestionsModule(result.questions, result.picturesDir, result.languagePacks);
      builtContentVersion = /export const contentVersion = "([^"]*)"/.exec(source)?.[1];
      return source;
    },
    generateBundle() {
      // dist/version.json (docs/product.md §51): the server flags tablets on an old version.
      if (command !== 'build' || builtContentVersion === undefined) return;
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ app: appVersion(), content: builtContentVersion })}\n`,
      });
    },
    configureServer(server) {
      server.watcher.add([questionsDir, picturesDir, languagesDir, reviewsDir, levelsFile]);
      const refresh = () => {
        const issues = [...reload().issues, ...reloadLevels().issues];
        invalidate(server);
        if (issues.length > 0) {
          const message = `The question packs have problems:\n${formatReport(issues)}`;
          logger?.error(formatReport(issues), { timestamp: true });
          server.environments.client.hot.send({
            type: 'error',
            err: { message, stack: '', plugin: PLUGIN_NAME },
          });
        } else {
          logger?.info('question packs reloaded', { timestamp: true });
          server.environments.client.hot.send({ type: 'full-reload', path: '*' });
        }
      };
      // Editors save in several steps (write, rename); one reload per burst of events.
      let pending: ReturnType<typeof setTimeout> | undefined;
      const onContentChange = (file: string) => {
        if (!inContent(file)) return;
        clearTimeout(pending);
        pending = setTimeout(refresh, DEBOUNCE_MS);
        pending.unref?.();
      };
      server.watcher.on('add', onContentChange).on('change', onContentChange).on('unlink', onContentChange);
    },
    hotUpdate({ file }) {
      // configureServer's watcher handles content files: no module-level HMR for them.
      return inContent(file) ? [] : undefined;
    },
  };
}

function invalidate(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    for (const id of [RESOLVED_ID, LEVELS_RESOLVED_ID, LANGUAGES_RESOLVED_ID, LETTERS_RESOLVED_ID]) {
      const module = environment.moduleGraph.getModuleById(id);
      if (module) environment.moduleGraph.invalidateModule(module);
    }
  }
}
