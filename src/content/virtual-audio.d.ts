/** The authored recordings under content/audio/, by scripts/content/audio-plugin.ts: key → built URL. */
declare module 'virtual:zaehltest-audio' {
  /** `q01/tr-situationText` → URL */
  export const questionRecordings: Readonly<Record<string, string>>;
  /** `tr-soundCheck` → URL */
  export const phraseRecordings: Readonly<Record<string, string>>;
}
