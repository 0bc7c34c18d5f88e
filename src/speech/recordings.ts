import { phraseRecordings, questionRecordings } from 'virtual:zaehltest-audio';
import type { ChildLanguage } from '../content/types';
import type { PromptSessionOptions, TextField } from './prompt-session';

/** The file of a question text's recording under content/audio/, e.g. `q01/tr-situationText`. */
export function questionRecordingKey(questionId: number, language: ChildLanguage, field: TextField): string {
  return `q${String(questionId).padStart(2, '0')}/${language}-${field}`;
}

/** The URL of the authored recording of a question's text, when there is one. */
export function recordingUrl(
  questionId: number,
  language: ChildLanguage,
  field: TextField,
): string | undefined {
  return questionRecordings[questionRecordingKey(questionId, language, field)];
}

/** The URL of the recording of a phrase of the language pack (soundCheck, practiceCorrect …). */
export function phraseRecordingUrl(language: ChildLanguage, phrase: string): string | undefined {
  return phraseRecordings[`${language}-${phrase}`];
}

/** The recordings of this build, as a prompt session looks them up. */
export const builtRecordings: PromptSessionOptions['recordings'] = {
  question: recordingUrl,
  phrase: phraseRecordingUrl,
};
