import { describe, expect, it } from 'vitest';
import { reviewState } from '../../schemas/language-facts.ts';
import { RECORDED_LANGUAGES } from './audio.ts';
import { CONTENT_DIR, loadContent, REAL_CONTENT } from './load.ts';
import { formatProgress } from './progress.ts';
import { textsToRecord } from './texts-to-record.ts';

describe("content:check's native review progress", () => {
  const { questions } = loadContent(REAL_CONTENT);
  const recording = (key: string) => ({ key, absolutePath: `/x/${key}.mp3` });

  it('says per language how many texts are confirmed and how many spoken texts recorded', () => {
    const lines = formatProgress(CONTENT_DIR, ['tr', 'uk'], questions, {
      questionRecordings: [recording('q01/tr-situationText'), recording('q02/tr-questionText')],
      // As virtual:zaehltest-audio keys them, without the folder.
      phraseRecordings: [recording('phrases/tr-soundCheck')],
    }).split('\n');
    const tr = reviewState(CONTENT_DIR, 'tr');
    // Every recorded language has the same spoken texts: the coverage table's total, per language.
    const spoken = textsToRecord(questions) / RECORDED_LANGUAGES.length;
    expect(lines).toEqual([
      `tr: ${tr.reviewed} of ${tr.reviewed + tr.unreviewed.length} texts confirmed, 3 of ${spoken} spoken texts recorded`,
      `uk: ${reviewState(CONTENT_DIR, 'uk').reviewed} of ${tr.reviewed + tr.unreviewed.length} texts confirmed, 0 of ${spoken} spoken texts recorded`,
    ]);
  });
});
