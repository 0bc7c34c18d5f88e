import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ANSWER_TYPES } from '../../src/contract.ts';
import {
  CONTENT_DIR,
  type ContentIssue,
  formatIssue,
  type LoadOptions,
  loadContent,
  REAL_CONTENT,
} from './load.ts';
import { copyFixture, FIXTURES_DIR as FIXTURES } from './test-fixtures.ts';

/**
 * Each fixture under fixtures/ is a small content folder with one deliberate mistake (or a few of
 * one kind). The assertions pin the whole printed line: file, line, column, field path, what is wrong
 * and what to do, because that line is what an author reads.
 */
function problems(fixture: string, options: LoadOptions = {}): string[] {
  return loadContent({ contentDir: join(FIXTURES, fixture), ...options }).issues.map(formatIssue);
}

const pack = (fixture: string, file: string) => `scripts/content/fixtures/${fixture}/questions/${file}`;

describe('loadContent on a valid content folder', () => {
  it('returns the questions sorted by id with no issues', () => {
    const content = loadContent({ contentDir: join(FIXTURES, 'valid') });
    expect(content.issues).toEqual([]);
    expect(content.questions.map((q) => [q.id, q.answerType])).toEqual([
      [1, 'CountAndForgotten'],
      [2, 'TimerTextInput'],
      [3, 'MoveDots'],
    ]);
    expect(content.pictureFiles).toEqual([join(FIXTURES, 'valid/pictures/dots-3-row.svg')]);
  });

  it('reports a question count that differs from the expected one', () => {
    expect(problems('valid', { expectedCount: 23 })).toEqual([
      'scripts/content/fixtures/valid/questions:1:1  (question count)  found 3 questions, expected 23 — add the missing question files so that ids run 1..23',
    ]);
  });
});

describe('the real content', () => {
  it('keeps the practice questions at the ids the uploaded result leaves out', () => {
    const root = mkdtempSync(join(tmpdir(), 'zaehltest-content-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    cpSync(CONTENT_DIR, join(root, 'content'), { recursive: true });
    const questions = join(root, 'content/questions');
    // Swap the move-dots practice (7) with the scored move-dots question (8).
    const practice = readFileSync(join(questions, '07-move-dots-practice.yaml'), 'utf8');
    const scored = readFileSync(join(questions, '08-move-six-dots.yaml'), 'utf8');
    rmSync(join(questions, '07-move-dots-practice.yaml'));
    rmSync(join(questions, '08-move-six-dots.yaml'));
    writeFileSync(join(questions, '08-move-dots-practice.yaml'), practice.replace(/^id: 7$/m, 'id: 8'));
    writeFileSync(join(questions, '07-move-six-dots.yaml'), scored.replace(/^id: 8$/m, 'id: 7'));
    const { issues } = loadContent({
      ...REAL_CONTENT,
      contentDir: join(root, 'content'),
      schemaFile: join(root, 'schemas/question.schema.json'),
    });
    expect(
      issues.map((issue) => [issue.file.split('/').pop(), issue.path, issue.line, issue.message]),
    ).toEqual([
      [
        '07-move-six-dots.yaml',
        'answerType',
        4,
        'is MoveDots, but question 7 is a practice question the result leaves out',
      ],
      [
        '08-move-dots-practice.yaml',
        'answerType',
        4,
        'is the practice type MoveDotsExample, but question 8 is scored and sent with the result',
      ],
    ]);
  });
});

describe('loadContent reports every broken pack at the YAML node', () => {
  it("the educator's hint: kept when given, an empty or non-text one reported at its line", () => {
    const { dir, options, remove } = copyFixture('valid');
    onTestFinished(remove);
    const file = join(dir, 'questions/01-count-and-forgotten.yaml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      original.replace('correctAnswer: 4\n', 'correctAnswer: 4\nhint: "Tragen Sie die Zahl ein."\n'),
    );
    const valid = loadContent(options);
    expect(valid.issues).toEqual([]);
    expect(valid.questions[0]?.hint).toBe('Tragen Sie die Zahl ein.');

    writeFileSync(file, original.replace('correctAnswer: 4\n', 'correctAnswer: 4\nhint: " "\n'));
    expect(loadContent(options).issues.map(formatIssue)).toEqual([
      expect.stringMatching(
        /01-count-and-forgotten\.yaml:6:7 {2}hint {2}must not be empty — write the German note for the educator, or remove "hint:"$/,
      ),
    ]);
    writeFileSync(file, original.replace('correctAnswer: 4\n', 'correctAnswer: 4\nhint: [Tragen]\n'));
    expect(loadContent(options).issues.map(formatIssue)[0]).toMatch(
      /:6:7 {2}hint {2}must be a text — write the German note for the educator/,
    );
  });

  it('a YAML syntax error, and still checks the other files', () => {
    // Biome refuses to format a broken YAML file in the repository, so this one is written here.
    const { dir, options, remove } = copyFixture('yaml-syntax-error');
    onTestFinished(remove);
    writeFileSync(
      join(dir, 'questions/01-unquoted-colon.yaml'),
      [
        '# yaml-language-server: $schema=../../../../../schemas/question.schema.json',
        'id: 1',
        'level: 1',
        'answerType: TextInput',
        'correctAnswer: 4',
        'texts:',
        '  de:',
        '    situationText: Ich zähle: 1, 2, 3, 5',
        '    questionText: Welche Zahl fehlt?',
        '',
      ].join('\n'),
    );
    const issues = loadContent(options).issues.map((issue): Partial<ContentIssue> & { name: string } => ({
      name: issue.file.split('/').pop() ?? '',
      line: issue.line,
      col: issue.col,
      path: issue.path,
      message: issue.message,
      hint: issue.hint,
    }));
    expect(issues).toEqual([
      {
        name: '01-unquoted-colon.yaml',
        line: 8,
        col: 20,
        path: '(YAML syntax)',
        message: 'YAML syntax error: nested mappings are not allowed in compact mappings',
        hint: 'put a text that contains ": " in double quotes, e.g. situationText: "Ich zähle: 1, 2, 3"; otherwise check the indentation',
      },
      {
        name: '02-empty-text.yaml',
        line: 12,
        col: 19,
        path: 'texts.tr.questionText',
        message: 'must not be empty',
        hint: 'write the Turkish question text',
      },
    ]);
  });

  it('an unknown answerType', () => {
    const [problem, ...more] = problems('unknown-answer-type');
    expect(more).toEqual([]);
    const prefix = `${pack('unknown-answer-type', '01-typo.yaml')}:4:13  answerType  is not a known answer type — use one of `;
    expect(problem?.startsWith(prefix)).toBe(true);
    // It offers every answer type of the registry an author can write (all but the error question).
    const offered = problem?.slice(prefix.length).split(', ') ?? [];
    expect(offered.sort()).toEqual(
      Object.keys(ANSWER_TYPES)
        .filter((type) => type !== 'Error')
        .sort(),
    );
  });

  it('a missing language, at the texts key', () => {
    expect(problems('missing-language')).toEqual([
      `${pack('missing-language', '01-no-arabic.yaml')}:6:1  texts.ar  is missing — add the Arabic texts (situationText, questionText)`,
    ]);
  });

  it('an empty text, at the value or at the key when nothing follows it', () => {
    expect(problems('empty-text')).toEqual([
      `${pack('empty-text', '01-empty.yaml')}:15:19  texts.ar.questionText  must not be empty — write the Arabic question text`,
      `${pack('empty-text', '01-empty.yaml')}:17:5  texts.ro.situationText  must not be empty — write the Romanian situation text`,
    ]);
  });

  it('a duplicate id, at the id of every file that shares it', () => {
    expect(problems('duplicate-id')).toEqual([
      `${pack('duplicate-id', '02-second.yaml')}:2:5  id  2 is also the id of 02-third.yaml — give every question its own id; 3 is not used yet`,
      `${pack('duplicate-id', '02-third.yaml')}:2:5  id  2 is also the id of 02-second.yaml — give every question its own id; 3 is not used yet`,
    ]);
  });

  it('a gap in the ids, at the id that lies outside 1..N', () => {
    expect(problems('gap-in-ids')).toEqual([
      `${pack('gap-in-ids', '04-fourth.yaml')}:2:5  id  4 is outside 1..3: ids must run from 1 to the number of questions without gaps — renumber this question to 3, the first id that is missing`,
    ]);
  });

  it('a correctAnswer that is not among possibleAnswers, and a repeated choice', () => {
    expect(problems('correct-answer-not-a-choice')).toEqual([
      `${pack('correct-answer-not-a-choice', '01-larger-number.yaml')}:5:16  correctAnswer  5 is not among possibleAnswers [3, 8, 3] — make correctAnswer one of the choices or add it to possibleAnswers`,
      `${pack('correct-answer-not-a-choice', '01-larger-number.yaml')}:6:25  possibleAnswers[2]  offers 3 twice — remove the repeated choice`,
    ]);
  });

  it('a picture that does not exist, with the closest existing name', () => {
    expect(problems('picture-missing')).toEqual([
      `${pack('picture-missing', '01-flash.yaml')}:6:13  timerImage  names the picture "dots-3-rwo.svg", which is not in scripts/content/fixtures/picture-missing/pictures/ — add the file or use "dots-3-row.svg"`,
    ]);
  });

  it('a dotImages key that is not in dotRow (at the key), and a picture box without picture', () => {
    expect(problems('dot-images-mismatch')).toEqual([
      `${pack('dot-images-mismatch', '01-surplus-picture.yaml')}:9:3  dotImages.-2  box -2 is not in dotRow [-1, 0] — remove it from dotImages or add -2 to dotRow`,
      `${pack('dot-images-mismatch', '02-box-without-picture.yaml')}:6:13  dotRow[1]  box -1 has no picture — add "-1: <picture>.svg" under dotImages`,
    ]);
  });

  it('level 0 on a scored type and a scored level on a practice type', () => {
    expect(problems('practice-level')).toEqual([
      `${pack('practice-level', '01-scored-at-zero.yaml')}:3:8  level  must be 1, 2 or 3 for a scored question — use level 0 only for the practice types MoveDotsExample and TimerImageExample`,
      `${pack('practice-level', '02-practice-at-one.yaml')}:3:8  level  must be 0 for a practice question — set "level: 0"; practice questions are not scored`,
    ]);
  });

  it('a negative timerInterval', () => {
    expect(problems('negative-interval')).toEqual([
      `${pack('negative-interval', '01-flash.yaml')}:7:16  timerInterval  must be at least 200 ms — show the picture for 200 to 10000 ms (usually 1500, 2000 for larger dot counts)`,
    ]);
  });

  it('a question file saved with another ending, instead of only reporting its id as missing', () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const questions = join(fixture.dir, 'questions');
    const [name] = readdirSync(questions).filter((file) => file.startsWith('03-'));
    renameSync(join(questions, name!), join(questions, `${name}.txt`));
    writeFileSync(join(questions, `${name}~`), 'an editor backup is not a question');
    const printed = loadContent({ ...fixture.options, expectedCount: 3 }).issues.map(formatIssue);
    expect(
      printed
        .filter((line) => line.includes('(file name)'))
        .map((line) => line.slice(line.indexOf('/questions/'))),
    ).toEqual([
      `/questions/${name}.txt:1:1  (file name)  is not read: question files must end in ".yaml" — rename it to "${name}" (Windows may hide an ending such as ".txt")`,
    ]);
    expect(printed.filter((line) => line.includes('~'))).toEqual([]);
  });

  it('a timerInterval written in seconds', () => {
    expect(problems('seconds-interval')).toEqual([
      `${pack('seconds-interval', '01-flash.yaml')}:7:16  timerInterval  must be whole milliseconds, not seconds — for 1.5 seconds write "timerInterval: 1500"`,
    ]);
  });

  it('values of the wrong type', () => {
    expect(problems('wrong-value-type')).toEqual([
      `${pack('wrong-value-type', '01-words.yaml')}:2:5  id  must be a number — write the position of the question in the test, e.g. "id: 4"`,
      `${pack('wrong-value-type', '01-words.yaml')}:5:16  correctAnswer  must be a number — write the right answer in digits, e.g. "correctAnswer: 4"`,
      `${pack('wrong-value-type', '01-words.yaml')}:6:8  image  must be a picture file name — name the picture shown with the question, e.g. "dots-3-row.svg"`,
    ]);
  });

  it('unknown keys, at the key, with the right name when it is a misspelling', () => {
    expect(problems('unknown-key')).toEqual([
      `${pack('unknown-key', '01-snake-case.yaml')}:7:1  timer_interval  is not a field of a TimerTextInput question — rename it to "timerInterval" (field names are camelCase)`,
      `${pack('unknown-key', '01-snake-case.yaml')}:11:5  texts.de.questonText  is not a field of the German texts — rename it to "questionText"`,
      `${pack('unknown-key', '01-snake-case.yaml')}:21:3  texts.en  is not a language of the test — add content/languages/en.yaml to make it one, or remove it; the languages are de, tr, ar, ro`,
    ]);
  });

  it('a CountAndForgotten question without answerText in one language, at that language', () => {
    expect(problems('missing-answer-text')).toEqual([
      `${pack('missing-answer-text', '01-count-and-forgotten.yaml')}:11:3  texts.tr.answerText  is missing — write the Turkish answer text`,
    ]);
  });

  it('a Ja/Nein answer other than 0 or 1', () => {
    expect(problems('yes-no-answer')).toEqual([
      `${pack('yes-no-answer', '01-compare.yaml')}:5:16  correctAnswer  must be 0 (Ja) or 1 (Nein) — write 0 when the right answer is Ja, 1 when it is Nein`,
    ]);
  });

  it('file conventions: the schema comment, the file name, the id matching the file name', () => {
    expect(problems('file-conventions')).toEqual([
      `${pack('file-conventions', '01-no-schema-comment.yaml')}:1:1  (schema comment)  the first line does not name the question JSON Schema — make the first line exactly "# yaml-language-server: $schema=../../../../../schemas/question.schema.json" so VS Code checks the file while you type`,
      `${pack('file-conventions', '03-wrong-number.yaml')}:2:5  id  is 4 but the file name starts with 03 — rename the file to start with 04- or fix the id`,
      `${pack('file-conventions', '03-wrong-number.yaml')}:2:5  id  4 is outside 1..3: ids must run from 1 to the number of questions without gaps — renumber this question to 3, the first id that is missing`,
      `${pack('file-conventions', '2-bad-name.yaml')}:1:1  (file name)  "2-bad-name.yaml" does not follow the naming scheme — name the file after its id and content, like "04-count-dots-row.yaml" (two digits, lower case, dashes, .yaml)`,
    ]);
  });
});
