import { describe, expect, it } from 'vitest';
import { QUESTION_COUNT } from '../../schemas/question.ts';
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

  it('are translated into every language of the packs', () => {
    const untranslated = content.questions.flatMap((question) =>
      content.languages
        .filter((language) => {
          const texts = question.texts[language]!;
          return !texts.situationText || !texts.questionText;
        })
        .map((language) => `${question.id}.${language}`),
    );
    expect(untranslated).toEqual([]);
    expect(content.languages).toEqual([
      'de',
      ...Object.keys(content.languagePacks).filter((code) => code !== 'de'),
    ]);
    expect(content.languages.length).toBeGreaterThan(1);
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
