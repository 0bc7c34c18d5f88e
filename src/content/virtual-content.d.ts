/** The compiled question and language packs, produced at build time by scripts/content/vite-plugin.ts. */
declare module 'virtual:zaehltest-content' {
  import type { Language, LanguagePack, Question } from './types';
  /** Short hash of the compiled questions, language packs and pictures (scripts/content/compile.ts). */
  export const contentVersion: string;
  export const questions: readonly Question[];
  /** content/languages/<language>.yaml; the build guarantees one pack per language. */
  export const languagePacks: Readonly<Record<Language, LanguagePack>>;
}

/** content/levels.yaml as data, produced at build time by scripts/content/vite-plugin.ts. */
declare module 'virtual:zaehltest-levels' {
  import type { LevelDescription, LevelKey } from '../../schemas/levels';
  /** Without `translations`: those travel in virtual:zaehltest-letters. */
  export const levels: Readonly<Record<LevelKey, Omit<LevelDescription, 'translations'>>>;
}

/** The results PDF's fonts (subset TrueType, base64), produced by scripts/pdf-fonts/plugin.ts. */
declare module 'virtual:zaehltest-pdf-fonts' {
  export const regular: string;
  export const bold: string;
  export const arabic: string;
}

/** The languages of the packs (content/languages/), produced by scripts/content/vite-plugin.ts. */
declare module 'virtual:zaehltest-languages' {
  import type { LanguageFact } from '../../schemas/language-pack';
  /** de first, then the child languages in the order of the educator's list. */
  export const languages: readonly LanguageFact[];
}

/** The letters to the parents per language (content/languages/*.yaml `letter:`), by scripts/content/vite-plugin.ts. */
declare module 'virtual:zaehltest-letters' {
  import type { TranslationStatus } from '../../schemas/language-pack';
  import type { DataKind, LetterTexts } from '../../schemas/letter-texts';
  /** Per language code with letter texts: the texts and whether they are a draft. */
  export const letters: Readonly<Record<string, { texts: LetterTexts; status: TranslationStatus }>>;
  /** The kinds of data a result sent to the server holds, in the upload schema's order. */
  export const dataKinds: readonly DataKind[];
  /** Per level of content/levels.yaml and language code: its Förderhinweise translated, in order. */
  export const activityTranslations: Readonly<
    Partial<Record<import('../../schemas/levels').LevelKey, Readonly<Record<string, readonly string[]>>>>
  >;
}
