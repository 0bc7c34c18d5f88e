import { resolve, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { AUDIO_DIR, type AudioResult, compileAudioModule, loadAudio } from './audio.ts';
import { formatReport, type LoadOptions, loadContent, REAL_CONTENT } from './load.ts';
import { formatStaleRecordings } from './recorded-text.ts';

export const AUDIO_VIRTUAL_ID = 'virtual:zaehltest-audio';
const RESOLVED_ID = `\0${AUDIO_VIRTUAL_ID}`;
const PLUGIN_NAME = 'zaehltest-audio';
const DEBOUNCE_MS = 80;

export interface AudioPluginOptions extends LoadOptions {
  /** Folder of the recordings (default content/audio/; the audio browser test builds with its own). */
  audioDir?: string;
}

/**
 * Checks the recordings under content/audio/ and serves them as `virtual:zaehltest-audio`: `vite
 * build` fails on a broken recording (a missing one is fine: the device's voice speaks); the dev
 * server logs the problem, leaves the file out and picks up new recordings (the preview saves them).
 */
export function audioPlugin(options: AudioPluginOptions = REAL_CONTENT): Plugin {
  const audioDir = resolve(options.audioDir ?? AUDIO_DIR);
  let command: 'build' | 'serve' = 'build';
  let audio: Promise<AudioResult> | undefined;
  const check = () => {
    const { questions } = loadContent(options);
    audio = loadAudio(questions, audioDir);
    return audio;
  };

  return {
    name: PLUGIN_NAME,
    configResolved(config) {
      command = config.command;
    },
    async buildStart() {
      const { issues, staleRecordings } = await check();
      if (staleRecordings.length > 0) {
        this.warn(`Recordings made for an older text (left out):\n${formatStaleRecordings(staleRecordings)}`);
      }
      if (issues.length === 0) return;
      if (command === 'build') this.error(`The recordings have problems:\n${formatReport(issues)}`);
      this.warn(`The recordings have problems (left out):\n${formatReport(issues)}`);
    },
    resolveId(id) {
      return id === AUDIO_VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      return compileAudioModule(await (audio ?? check()));
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(audioDir);
      let pending: ReturnType<typeof setTimeout> | undefined;
      const onChange = (file: string) => {
        if (!resolve(file).startsWith(audioDir + sep)) return;
        clearTimeout(pending);
        pending = setTimeout(() => {
          void check().then(({ issues, staleRecordings }) => {
            if (issues.length > 0) server.config.logger.warn(formatReport(issues), { timestamp: true });
            if (staleRecordings.length > 0) {
              server.config.logger.warn(formatStaleRecordings(staleRecordings), { timestamp: true });
            }
            for (const environment of Object.values(server.environments)) {
              const module = environment.moduleGraph.getModuleById(RESOLVED_ID);
              if (module) environment.moduleGraph.invalidateModule(module);
            }
          });
        }, DEBOUNCE_MS);
        pending.unref?.();
      };
      server.watcher.on('add', onChange).on('change', onChange).on('unlink', onChange);
    },
  };
}
