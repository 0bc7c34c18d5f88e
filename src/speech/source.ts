/** How a prompt reached the child (recorded with every answer, docs/product.md §14). */
export type PromptSource = 'recording' | 'synthesis' | 'none';

/**
 * Where one text's voice comes from: an authored recording of it, else the device's voice of the
 * language, else none.
 */
export function chooseSource(recordingUrl: string | undefined, hasVoice: boolean): PromptSource {
  if (recordingUrl) return 'recording';
  return hasVoice ? 'synthesis' : 'none';
}

/**
 * One source for a screen whose texts came from several: a recording only when every text was
 * recorded, none only when nothing could be spoken.
 */
export function combineSources(sources: readonly PromptSource[]): PromptSource {
  if (sources.length === 0) return 'none';
  if (sources.every((s) => s === 'recording')) return 'recording';
  return sources.some((s) => s !== 'none') ? 'synthesis' : 'none';
}
