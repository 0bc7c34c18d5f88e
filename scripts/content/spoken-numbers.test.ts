import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CONTENT_DIR, formatIssue } from './load.ts';
import { spokenNumberWarnings } from './spoken-numbers.ts';
import { copyFixture } from './test-fixtures.ts';

/** content:check warns when a spoken number ends with a full stop ("3." may be read "the third"). */
describe('spoken numbers', () => {
  it('in content/ never end with a full stop', () => {
    const rel = (path: string) => relative(CONTENT_DIR, path);
    expect(spokenNumberWarnings(join(CONTENT_DIR, 'questions'), join(CONTENT_DIR, 'languages'), rel)).toEqual(
      [],
    );
  });

  it('followed by a full stop are warned about at file:line:col, in child texts and pack sentences', () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const pack = join(fixture.dir, 'languages/tr.yaml');
    writeFileSync(
      pack,
      readFileSync(pack, 'utf8').replace(
        /^practiceWrongNumber: .*$/m,
        'practiceWrongNumber: "Doğru cevap: {answer}."',
      ),
    );
    const question = join(fixture.dir, 'questions/01-count-and-forgotten.yaml');
    const source = readFileSync(question, 'utf8');
    const ro = source.split('\n').findIndex((line) => /^\s+ro:/.test(line));
    const lines = source.split('\n');
    lines[ro + 1] = '    situationText: "Eu număr până la 7."';
    writeFileSync(question, lines.join('\n'));
    const rel = (path: string) => relative(fixture.dir, path);
    const warnings = spokenNumberWarnings(
      join(fixture.dir, 'questions'),
      join(fixture.dir, 'languages'),
      rel,
    ).map(formatIssue);
    expect(warnings).toEqual([
      `questions/01-count-and-forgotten.yaml:${ro + 2}:20  texts.ro.situationText  a spoken number is followed by a full stop ("7.") — a voice may read it as an ordinal (Turkish "3." is "üçüncü", the third) — end the sentence without the full stop after 7, or write the number as a word`,
      expect.stringMatching(
        /^languages\/tr\.yaml:5:22 {2}practiceWrongNumber {2}a spoken number is followed by a full stop \("\{answer\}\."\)/,
      ),
    ]);
  });

  it('as decimals or ordinals written out are not warned about', () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const question = join(fixture.dir, 'questions/01-count-and-forgotten.yaml');
    writeFileSync(
      question,
      readFileSync(question, 'utf8').replace(/situationText: .*/, 'situationText: "Es sind 2.5 Äpfel"'),
    );
    expect(
      spokenNumberWarnings(join(fixture.dir, 'questions'), join(fixture.dir, 'languages'), (p) => p),
    ).toEqual([]);
  });
});
