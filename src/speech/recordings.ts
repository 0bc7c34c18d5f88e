import { phraseRecordings, questionRecordings } from 'virtual:zaehltest-audio';
import { questions } from 'virtual:zaehltest-content';
import { languagePack } from '../content/language-packs';
import type { ChildLanguage } from '../content/types';
import { snapshotOf } from '../updates/active';
import { chooseRecording, correctedTexts, questionTextKey } from '../updates/snapshot';
import type { PromptSessionOptions, TextField } from './prompt-session';

/** The file of a question text's recording under content/audio/, e.g. `q01/tr-situationText`. */
export function questionRecordingKey(questionId: number, language: ChildLanguage, field: TextField): string {
  return `q${String(questionId).padStart(2, '0')}/${language}-${field}`;
}

/**
 * The URL of the recording of a question's text, when there is one: an approved recording of the
 * test's snapshot (docs/product.md §50) before the build's, which a confirmed correction makes stale.
 */
export function recordingUrl(
  questionId: number,
  language: ChildLanguage,
  field: TextField,
): string | undefined {
  const built = questionRecordings[questionRecordingKey(questionId, language, field)];
  const snapshot = snapshotOf(language);
  if (!snapshot) return built;
  const own = questions.find((question) => question.id === questionId)?.texts[language];
  const current = own ? correctedTexts(own, questionId, snapshot)[field] : undefined;
  const chosen = chooseRecording(snapshot, questionTextKey(questionId, field), current, built);
  return chosen?.url;
}

/** The URL of the recording of a phrase of the language pack (soundCheck, practiceCorrect …). */
export function phraseRecordingUrl(language: ChildLanguage, phrase: string): string | undefined {
  const built = phraseRecordings[`${language}-${phrase}`];
  const snapshot = snapshotOf(language);
  if (!snapshot) return built;
  const current = (languagePack(language) as unknown as Record<string, unknown>)[phrase];
  const chosen = chooseRecording(snapshot, phrase, typeof current === 'string' ? current : undefined, built);
  return chosen?.url;
}

/** The recordings of this build and of the test's snapshot, as a prompt session looks them up. */
export const builtRecordings: PromptSessionOptions['recordings'] = {
  question: recordingUrl,
  phrase: phraseRecordingUrl,
};
