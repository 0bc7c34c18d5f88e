import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileQuestionsModule } from './compile.ts';
import { loadContent } from './load.ts';
import { FIXTURES_DIR } from './test-fixtures.ts';

describe('compileQuestionsModule', () => {
  const content = loadContent({ contentDir: join(FIXTURES_DIR, 'valid') });
  const code = compileQuestionsModule(content.questions, content.picturesDir);

  it('imports each named picture once, so Vite emits it and the client gets its URL', () => {
    expect(code.match(/^import .*$/gm)).toEqual([
      `import picture0 from ${JSON.stringify(join(FIXTURES_DIR, 'valid/pictures/dots-3-row.svg'))};`,
    ]);
    expect(code).toContain('"timerImage":picture0');
    expect(code).toContain('"dotImages":{"-1":picture0}');
  });

  it('exports the questions as plain data in id order', () => {
    const line = code.split('\n').find((l) => l.startsWith('export const questions = ')) ?? '';
    const data = line.slice('export const questions = '.length);
    const questions = JSON.parse(data.replace(/picture\d+/g, '"url"').replace(/;\s*$/, '')) as {
      id: number;
    }[];
    expect(questions.map((question) => question.id)).toEqual([1, 2, 3]);
    expect(questions[0]).toMatchObject({
      answerType: 'CountAndForgotten',
      texts: { de: { situationText: 'Schau genau hin.', answerText: 'Wie viele Punkte hast du gesehen?' } },
    });
  });

  it('exports a content version that changes with the questions and stays the same otherwise', () => {
    const version = /^export const contentVersion = "([0-9a-f]{12})";$/m.exec(code)?.[1];
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(compileQuestionsModule(content.questions, content.picturesDir)).toContain(version);
    const edited = content.questions.map((question, index) =>
      index === 0 ? { ...question, correctAnswer: 99 } : question,
    ) as typeof content.questions;
    expect(compileQuestionsModule(edited, content.picturesDir)).not.toContain(`"${version}"`);
  });
});
