import { reviewState } from '../../schemas/language-facts.ts';
import { textKeyOfRecording } from '../../schemas/text-keys.ts';
import { type AudioResult, PHRASES_FOLDER, RECORDED_PHRASES, TEXT_FIELDS } from './audio.ts';
import type { loadContent } from './load.ts';

/**
 * How far the native review of each language is (docs/product.md §50), as `npm run content:check`
 * prints it: how many of its texts a native speaker confirmed (content/reviews/<code>.yaml) and how
 * many of its spoken texts have a current recording (content/audio/), so an association sees when a
 * language is complete. `npm run content:pull` brings the server's confirmations and recordings here.
 */
export function formatProgress(
  contentDir: string,
  languages: readonly string[],
  questions: ReturnType<typeof loadContent>['questions'],
  audio: Pick<AudioResult, 'questionRecordings' | 'phraseRecordings'>,
): string {
  const spoken =
    questions.reduce(
      (sum, question) => sum + TEXT_FIELDS.filter((field) => question.texts.de?.[field]).length,
      0,
    ) + RECORDED_PHRASES.length;
  const recorded = new Map<string, number>();
  for (const recording of [...audio.questionRecordings, ...audio.phraseRecordings]) {
    const key = recording.key.includes('/') ? recording.key : `${PHRASES_FOLDER}/${recording.key}`;
    const language = textKeyOfRecording(key)?.language;
    if (language) recorded.set(language, (recorded.get(language) ?? 0) + 1);
  }
  return languages
    .map((language) => {
      const state = reviewState(contentDir, language);
      const texts = state.reviewed + state.unreviewed.length;
      return `${language}: ${state.reviewed} of ${texts} texts confirmed, ${recorded.get(language) ?? 0} of ${spoken} spoken texts recorded`;
    })
    .join('\n');
}
