import type { AnswerDetail } from '../schemas/result-payload.ts';

/** How the child heard a whole test, from the prompt of each scored answer (docs/product.md §14). */
export type ResultSound = 'recording' | 'synthesis' | 'mixed' | 'none';

/** The CSV's `Ton` values. */
export const SOUND_NAMES: Record<ResultSound, string> = {
  recording: 'Aufnahme',
  synthesis: 'Gerätestimme',
  mixed: 'gemischt',
  none: 'ohne',
};

/**
 * One source for the whole test: the one every prompt had, else 'mixed'; null when the result
 * records no prompt at all (sent before prompts were recorded).
 */
export function resultSound(
  answers: readonly Pick<AnswerDetail, 'prompt'>[] | undefined,
): ResultSound | null {
  const sources = new Set((answers ?? []).flatMap((answer) => (answer.prompt ? [answer.prompt.source] : [])));
  if (sources.size === 0) return null;
  if (sources.size > 1) return 'mixed';
  return [...sources][0]!;
}
