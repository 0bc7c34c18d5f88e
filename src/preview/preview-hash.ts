import { childLanguages, defaultChildLanguage } from '../content/languages';
import type { Language } from '../content/types';

/** The languages a question can be previewed in: every child language of the packs and the German reference. */
export const PREVIEW_LANGUAGES: readonly Language[] = [
  ...childLanguages.filter((language) => language !== 'de'),
  'de',
];
export type PreviewLanguage = Language;

/** Screen sizes the child's screen is shown at, in CSS pixels of the tablet. */
export const DEVICES = {
  landscape: { width: 1024, height: 768 },
  portrait: { width: 768, height: 1024 },
} as const;
export type Device = keyof typeof DEVICES;

/** What the author has chosen; kept in the address's hash so a reload shows the same question. */
export interface PreviewSelection {
  /** Question id, or null for the first question. */
  id: number | null;
  language: PreviewLanguage;
  showGerman: boolean;
  device: Device;
}

/** What the child's-screen frame renders: one question in one language, fresh for every run. */
export interface FrameSelection {
  id: number | null;
  language: PreviewLanguage;
  /** Raised by 'Nochmal': a new run is a fresh render of the question. */
  run: number;
  /**
   * Texts shown instead of the pack's, by field (situationText …): the wording a native speaker is
   * editing on /verwaltung/sprachen (docs/product.md §50).
   */
  texts?: Readonly<Record<string, string>>;
}

/** The hash keys of FrameSelection.texts: `t.situationText=…`. */
const TEXT_PREFIX = 't.';

/** Marks the address of the frame that shows the child's screen (same page, other mode). */
const FRAME_KEY = 'frame';

function params(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

function readId(value: string | null): number | null {
  if (value === null || !/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

function readLanguage(value: string | null): PreviewLanguage {
  return PREVIEW_LANGUAGES.find((language) => language === value) ?? defaultChildLanguage;
}

/** Whether this page is the frame that shows the child's screen. */
export function isFrameHash(hash: string): boolean {
  return params(hash).has(FRAME_KEY);
}

/** `#q=12&lang=ar` (with `&de=1` and `&screen=portrait` when chosen). */
export function parseSelection(hash: string): PreviewSelection {
  const p = params(hash);
  return {
    id: readId(p.get('q')),
    language: readLanguage(p.get('lang')),
    showGerman: p.get('de') === '1',
    device: p.get('screen') === 'portrait' ? 'portrait' : 'landscape',
  };
}

export function selectionHash(selection: PreviewSelection): string {
  const p = new URLSearchParams();
  if (selection.id !== null) p.set('q', String(selection.id));
  p.set('lang', selection.language);
  if (selection.showGerman) p.set('de', '1');
  if (selection.device !== 'landscape') p.set('screen', selection.device);
  return `#${p.toString()}`;
}

export function parseFrameSelection(hash: string): FrameSelection {
  const p = params(hash);
  const run = Number(p.get('run'));
  const texts = Object.fromEntries(
    [...p]
      .filter(([key]) => key.startsWith(TEXT_PREFIX))
      .map(([key, value]) => [key.slice(TEXT_PREFIX.length), value]),
  );
  return {
    id: readId(p.get('q')),
    language: readLanguage(p.get('lang')),
    run: Number.isSafeInteger(run) ? run : 0,
    ...(Object.keys(texts).length > 0 && { texts }),
  };
}

export function frameHash(selection: FrameSelection): string {
  const p = new URLSearchParams({ [FRAME_KEY]: '' });
  if (selection.id !== null) p.set('q', String(selection.id));
  p.set('lang', selection.language);
  p.set('run', String(selection.run));
  for (const [field, text] of Object.entries(selection.texts ?? {})) p.set(`${TEXT_PREFIX}${field}`, text);
  return `#${p.toString()}`;
}
