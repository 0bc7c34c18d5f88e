import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { compileQuestionsModule } from './compile.ts';
import { languagePackJsonSchema } from './json-schema.ts';
import { packsWithoutLetters } from './languages.ts';
import {
  CONTENT_DIR,
  formatIssue,
  LANGUAGE_PACK_SCHEMA_FILE,
  type LoadOptions,
  loadContent,
  REAL_CONTENT,
} from './load.ts';
import { copyFixture, FIXTURES_DIR } from './test-fixtures.ts';

/**
 * The language packs (content/languages/<language>.yaml) are checked with the question packs: the
 * same `file:line:col  field  what is wrong — what to do` lines, all problems of all packs at once.
 */
function problems(fixture: string, options: LoadOptions = {}): string[] {
  return loadContent({ contentDir: join(FIXTURES_DIR, fixture), ...options }).issues.map(formatIssue);
}

const languages = (fixture: string, file: string) => `scripts/content/fixtures/${fixture}/languages/${file}`;
const questions = (fixture: string, file: string) => `scripts/content/fixtures/${fixture}/questions/${file}`;

describe('the language packs', () => {
  it('of a valid folder are read into plain data by language', () => {
    const content = loadContent({ contentDir: join(FIXTURES_DIR, 'valid'), requireLanguagePacks: true });
    expect(content.issues).toEqual([]);
    expect(Object.keys(content.languagePacks)).toEqual(['de', 'tr', 'ar', 'ro']);
    expect(content.languagePacks.tr).toMatchObject({ yes: 'Evet', no: 'Hayır' });
    expect(content.languagePacks.ar?.practiceWrongNumber).toBe('الجواب الصحيح هو: {answer}');
  });

  it('report every problem of every pack at once, beside the problems of the question packs', () => {
    const fixture = 'broken-language-packs';
    expect(problems(fixture)).toEqual([
      `${languages(fixture, 'ar.yaml')}:4:1  practiceCorect  is not a field of a language pack — rename it to "practiceCorrect"`,
      `${languages(fixture, 'ar.yaml')}:5:22  practiceWrongNumber  has the placeholder {antwort}, which the app does not fill in — write {answer} exactly (lower case, curly braces) where the right number goes`,
      `${languages(fixture, 'ar.yaml')}:5:22  practiceWrongNumber  has no {answer} — write {answer} where the right number is said, e.g. "Die richtige Antwort ist: {answer}"`,
      `${languages(fixture, 'ar.yaml')}:7:19  practiceWrongYes  has the placeholder {answer}, which the app does not fill in here — write the sentence without it; only practiceWrongNumber has {answer}`,
      `${languages(fixture, 'ar.yaml')}:8:1  soundCheck  must not be empty — write the Arabic sound-check sentence (German: "Hallo! Kannst du mich gut hören?")`,
      `${languages(fixture, 'french.yaml')}:1:1  (file name)  is not named by a language code — rename it to the two-letter ISO 639-1 code of its language, e.g. "uk.yaml"; the packs are de.yaml, tr.yaml, ar.yaml`,
      `${languages(fixture, 'tr.yaml')}:2:1  no  is missing — add "no:" and write the Turkish word for "Nein" (German: "Nein")`,
      `${languages(fixture, 'tr.yaml')}:4:22  practiceWrongNumber  has no {answer} — write {answer} where the right number is said, e.g. "Die richtige Antwort ist: {answer}"`,
      `${questions(fixture, '01-empty.yaml')}:15:19  texts.ar.questionText  must not be empty — write the Arabic question text`,
      // Without ro.yaml Romanian is no language of this folder.
      `${questions(fixture, '01-empty.yaml')}:16:3  texts.ro  is not a language of the test — add content/languages/ro.yaml to make it one, or remove it; the languages are de, tr, ar`,
      `${questions(fixture, '01-empty.yaml')}:17:5  texts.ro.situationText  must not be empty — write the Romanian situation text`,
    ]);
  });

  it('report a YAML syntax error and a wrong schema line at their position', () => {
    // Written by the test: the linter would refuse a broken YAML file in the repository.
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const file = join(fixture.dir, 'languages/ro.yaml');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[0] = '# Rumänisch';
    lines[4] = 'practiceWrongNumber: Răspunsul corect este: {answer}.';
    writeFileSync(file, lines.join('\n'));
    const issues = loadContent(fixture.options).issues.map(formatIssue);
    expect(issues).toEqual([
      expect.stringMatching(
        /languages\/ro\.yaml:1:1 {2}\(schema comment\) {2}the first line does not name the language pack JSON Schema — make the first line exactly "# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/schemas\/language-pack\.schema\.json" so VS Code checks the file while you type$/,
      ),
      expect.stringMatching(
        /languages\/ro\.yaml:5:22 {2}\(YAML syntax\) {2}YAML syntax error: nested mappings are not allowed in compact mappings — put a text that contains ": " in double quotes/,
      ),
    ]);
  });

  it('are required for the real content: a missing folder or file is a problem', () => {
    expect(problems('empty-text', { requireLanguagePacks: true })).toContain(
      'scripts/content/fixtures/empty-text/languages:1:1  (folder)  the language packs folder does not exist — create scripts/content/fixtures/empty-text/languages/ with de.yaml, a pack with "default: true" and a pack per further child language',
    );
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    rmSync(join(fixture.dir, 'languages/de.yaml'));
    rmSync(join(fixture.dir, 'languages/tr.yaml'));
    const issues = loadContent({ ...fixture.options, requireLanguagePacks: true }).issues.map(formatIssue);
    expect(issues).toContainEqual(
      expect.stringMatching(
        /languages\/de\.yaml:1:1 {2}\(language pack\) {2}the German language pack is missing — restore de\.yaml/,
      ),
    );
    // Without tr.yaml no pack says "default: true": the app would not know a new child's language.
    expect(issues).toContainEqual(
      expect.stringMatching(/languages\/ar\.yaml:1:1 {2}default {2}no language pack says "default: true"/),
    );
  });

  it('name a key that is not a language pack field, with the fields allowed', () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const file = join(fixture.dir, 'languages/tr.yaml');
    writeFileSync(file, `${readFileSync(file, 'utf8')}colour: "mavi"\nstatus: geprüft\n`);
    const issues = loadContent(fixture.options).issues.map(formatIssue);
    expect(issues).toEqual([
      expect.stringContaining(
        'languages/tr.yaml:36:1  colour  is not a field of a language pack — remove it; the fields are name, resultCode, default, dir, speechLang, yes, no, practiceCorrect, practiceWrongNumber, practiceWrongNo, practiceWrongYes, soundCheck, numberWords',
      ),
      // The status is derived from the review record, never written in the pack.
      expect.stringContaining(
        'languages/tr.yaml:37:1  status  is no longer written — remove it; whether the texts are reviewed comes from reviews/tr.yaml',
      ),
    ]);
  });

  it('need the 21 number words 0 to 20, each with a word and a German pronunciation aid', () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const file = join(fixture.dir, 'languages/ro.yaml');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const first = lines.findIndex((line) => line.startsWith('numberWords:')) + 1;
    lines[first + 3] = '  - { word: "trei" }';
    lines.splice(first + 20, 1);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const issues = loadContent(fixture.options).issues.map(formatIssue);
    expect(issues).toEqual([
      expect.stringMatching(
        new RegExp(
          `languages/ro\\.yaml:${first + 1}:3 {2}numberWords {2}must list exactly 21 number words — 0 to 20`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `languages/ro\\.yaml:${first + 4}:5 {2}numberWords\\[3\\]\\.say {2}is missing — write how a German speaker reads it aloud`,
        ),
      ),
    ]);
  });

  it('in content/ are complete and fill {answer} in practiceWrongNumber', () => {
    const content = loadContent(REAL_CONTENT);
    expect(content.issues.map(formatIssue)).toEqual([]);
    for (const pack of Object.values(content.languagePacks)) {
      expect(pack?.practiceWrongNumber).toContain('{answer}');
    }
  });

  it('are compiled into the content module as languagePacks, by language', () => {
    const content = loadContent({ contentDir: join(FIXTURES_DIR, 'valid') });
    const code = compileQuestionsModule(content.questions, content.picturesDir, content.languagePacks);
    const line = code.split('\n').find((l) => l.startsWith('export const languagePacks = '));
    const packs = JSON.parse(line?.slice('export const languagePacks = '.length, -1) ?? '{}');
    expect(packs.ro).toEqual(content.languagePacks.ro);
    expect(packs.ar.yes).toBe('نعم');
  });
});

describe('schemas/language-pack.schema.json', () => {
  it('is exactly what the generator writes (run npm run content:check to update it)', () => {
    expect(readFileSync(LANGUAGE_PACK_SCHEMA_FILE, 'utf8')).toBe(languagePackJsonSchema());
  });

  it('is closed and describes every field for the editor', () => {
    const schema = JSON.parse(languagePackJsonSchema()) as {
      properties: Record<string, { description?: string }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.additionalProperties).toBe(false);
    // Every field but default, which only the one pack a new child starts with writes, and the
    // letters' texts, which content:check asks for one by one (scripts/content/languages.ts).
    expect(schema.required).toEqual(
      Object.keys(schema.properties).filter((field) => field !== 'default' && field !== 'letter'),
    );
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['resultCode', 'default']));
    for (const [field, property] of Object.entries(schema.properties)) {
      expect(property.description, field).toBeTruthy();
    }
    const pattern = new RegExp((schema.properties.practiceWrongNumber as { pattern: string }).pattern);
    expect(pattern.test('Doğru cevap: {answer}.')).toBe(true);
    expect(pattern.test('Doğru cevap bu.')).toBe(false);
  });
});

describe('the letter texts of the real content (docs/product.md §49)', () => {
  /** A copy of content/ whose ro.yaml has its `letter:` map changed by `edit`. */
  function withRomanianLetter(edit: (letter: string) => string) {
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-letters-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(CONTENT_DIR, dir, { recursive: true });
    const file = join(dir, 'languages', 'ro.yaml');
    const text = readFileSync(file, 'utf8');
    const start = text.indexOf('\nletter:\n') + 1;
    const end = text.slice(start).search(/\n[A-Za-z]/);
    const letter = end < 0 ? text.slice(start) : text.slice(start, start + end + 1);
    writeFileSync(file, text.replace(letter, edit(letter)));
    const content = loadContent({ ...REAL_CONTENT, contentDir: dir });
    // Outside the repository every pack's schema comment points elsewhere: only the letters count here.
    return { ...content, issues: content.issues.filter((issue) => issue.path.startsWith('letter')) };
  }

  it('lets a language without letter texts be tested, its families getting the letters in German only', () => {
    const content = withRomanianLetter(() => '');
    expect(content.issues.map(formatIssue)).toEqual([]);
    expect(packsWithoutLetters(content.languagePacks)).toEqual(['ro']);
  });

  it('refuses a half-translated letter, naming each missing text', () => {
    const content = withRomanianLetter((letter) => letter.replace(/^ {2}greeting: .*\n/m, ''));
    expect(content.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'letter.greeting: the Romanian letter text "greeting" is missing',
    ]);
    expect(packsWithoutLetters(content.languagePacks)).toEqual([]);
  });
});
