/** The compiled question and language packs, produced at build time by scripts/content/vite-plugin.ts. */
declare module 'virtual:zaehltest-content' {
  import type { Language, LanguagePack, Question } from './types';
  /** Short hash of the compiled questions, language packs and pictures (scripts/content/compile.ts). */
  export const contentVersion: string;
  export const questions: readonly Question[];
  /** content/languages/<language>.yaml; the build guarantees one pack per language. */
  export const languagePacks: Readonly<Record<Language, LanguagePack>>;
}
