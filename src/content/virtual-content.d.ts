/** The compiled question packs, produced at build time by scripts/content/vite-plugin.ts. */
declare module 'virtual:zaehltest-content' {
  import type { Question } from './types';
  export const questions: readonly Question[];
}
