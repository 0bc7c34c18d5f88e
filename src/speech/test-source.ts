import type { ChildLanguage, Question } from '../content/types';
import type { PromptSessionOptions, TextField } from './prompt-session';
import type { PromptSource } from './source';

const FIELDS: readonly TextField[] = ['situationText', 'questionText', 'answerText'];

export interface TestSource {
  /** What the test will mostly use: every text recorded, else the device's voice, else none. */
  source: PromptSource;
  /** Texts of the test in the language that have a recording. */
  recorded: number;
  total: number;
  /** Texts nothing can speak on this device: neither recorded nor a device voice of the language. */
  unspoken: number;
}

/** Where the voice of the whole test in one language comes from on this device ('Ton prüfen'). */
export function testSource(
  questions: readonly Question[],
  language: ChildLanguage,
  hasVoice: boolean,
  recordings: PromptSessionOptions['recordings'],
): TestSource {
  let total = 0;
  let recorded = 0;
  for (const question of questions) {
    for (const field of FIELDS) {
      if (!question.texts[language]?.[field]) continue;
      total++;
      if (recordings.question(question.id, language, field)) recorded++;
    }
  }
  const source: PromptSource =
    total > 0 && recorded === total
      ? 'recording'
      : hasVoice
        ? 'synthesis'
        : recorded > 0
          ? 'recording'
          : 'none';
  return { source, recorded, total, unspoken: hasVoice ? 0 : total - recorded };
}
