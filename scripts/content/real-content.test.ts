import { describe, expect, it } from 'vitest';
import { LANGUAGES, QUESTION_COUNT } from '../../schemas/question.ts';
import { SCORED_QUESTION_LEVELS } from '../../src/contract.ts';
import { formatIssue, loadContent, REAL_CONTENT } from './load.ts';

describe('the question packs in content/', () => {
  const content = loadContent(REAL_CONTENT);

  it('have no problems', () => {
    expect(content.issues.map(formatIssue)).toEqual([]);
  });

  it(`hold ${QUESTION_COUNT} questions with ids 1..${QUESTION_COUNT}`, () => {
    expect(content.questions.map((question) => question.id)).toEqual(
      Array.from({ length: QUESTION_COUNT }, (_, i) => i + 1),
    );
  });

  it(`are translated into all ${LANGUAGES.length} languages`, () => {
    const untranslated = content.questions.flatMap((question) =>
      LANGUAGES.filter((language) => {
        const texts = question.texts[language]!;
        return !texts.situationText || !texts.questionText;
      }).map((language) => `${question.id}.${language}`),
    );
    expect(untranslated).toEqual([]);
    expect(content.questions.length * LANGUAGES.length).toBe(QUESTION_COUNT * 4);
  });

  it('put each scored question on the level the results server scores it on', () => {
    const levels = Object.fromEntries(
      content.questions
        .filter((question) => question.level > 0)
        .map((question) => [question.id, question.level]),
    );
    expect(levels).toEqual(SCORED_QUESTION_LEVELS);
  });
});
