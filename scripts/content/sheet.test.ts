import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { reviewState } from '../../schemas/language-facts.ts';
import { parseCsv, writeCsv } from './csv.ts';
import { buildSheet, importSheet, sheetRows, writeImport } from './sheet.ts';

const CONTENT = resolve(import.meta.dirname, '../../content');
const childLanguages = readdirSync(join(CONTENT, 'languages'))
  .map((name) => name.replace(/\.yaml$/, ''))
  .filter((code) => code !== 'de');

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the real content/ to write into. */
function contentCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zaehltest-sheet-'));
  temporary.push(dir);
  cpSync(CONTENT, join(dir, 'content'), { recursive: true });
  return join(dir, 'content');
}

/** Every file of a folder with its bytes. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(dir.length), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

/** The sheet of a language with the target cells replaced by `fill(row)`. */
function filledSheet(contentDir: string, language: string, fill: (row: string[]) => string): string {
  const [header, ...rows] = parseCsv(buildSheet(contentDir, language)).map((record) => record.cells);
  return writeCsv([
    header as string[],
    ...rows.map((row) => [...row.slice(0, 4), fill(row), row[5] ?? '', row[6] ?? '']),
  ]);
}

const questionFiles = (contentDir: string) =>
  readdirSync(join(contentDir, 'questions')).filter((name) => name.endsWith('.yaml'));

describe('the translation sheet', () => {
  it('lists every German text of the question packs and the language pack once, beside the target text', () => {
    const rows = sheetRows(CONTENT, childLanguages[0] as string);
    let germanTexts = 0;
    for (const name of questionFiles(CONTENT)) {
      const pack = parse(readFileSync(join(CONTENT, 'questions', name), 'utf8'));
      const german = Object.entries(pack.texts.de as Record<string, string>);
      germanTexts += german.length;
      for (const [field, text] of german) {
        expect(rows).toContainEqual(
          expect.objectContaining({
            file: `questions/${name}`,
            question: String(pack.id),
            field,
            german: text,
          }),
        );
      }
    }
    const reference = parse(readFileSync(join(CONTENT, 'languages', 'de.yaml'), 'utf8'));
    const packRows = rows.filter((row) => row.file.startsWith('languages/'));
    expect(packRows.map((row) => row.field)).toEqual(
      expect.arrayContaining([
        'yes',
        'no',
        'practiceWrongNumber',
        'soundCheck',
        'numberWords.0.word',
        'numberWords.20.say',
      ]),
    );
    expect(packRows.filter((row) => row.field.startsWith('numberWords.'))).toHaveLength(
      2 * reference.numberWords.length,
    );
    expect(rows.length - packRows.length).toBe(germanTexts);
    expect(new Set(rows.map((row) => `${row.file} ${row.field}`)).size).toBe(rows.length);
  });

  it('writes German column headers and names the target language', () => {
    const [header] = parseCsv(buildSheet(CONTENT, 'uk'));
    expect(header?.cells).toEqual([
      'Datei',
      'Frage',
      'Feld',
      'Deutsch',
      expect.stringMatching(/\buk\)?$/),
      'geprüft',
      'Hinweis',
    ]);
  });

  it.each(childLanguages)(
    'changes no byte of content/ when the unchanged %s sheet is imported',
    (language) => {
      const contentDir = contentCopy();
      const before = snapshot(contentDir);
      const result = importSheet(contentDir, buildSheet(contentDir, language));
      expect(result.problems).toEqual([]);
      expect(result.missing).toEqual([]);
      expect(result.stale).toEqual([]);
      expect(result.placed).toBe(sheetRows(contentDir, language).length);
      expect(writeImport(result)).toEqual([]);
      expect(snapshot(contentDir)).toEqual(before);
    },
  );

  it('rewrites only the line of a changed text, keeping its quotes and the comments', () => {
    const contentDir = contentCopy();
    const language = childLanguages[0] as string;
    const file = join(contentDir, 'questions', questionFiles(contentDir)[0] as string);
    const before = readFileSync(file, 'utf8');
    const packFile = join(contentDir, 'languages', `${language}.yaml`);
    const packBefore = readFileSync(packFile, 'utf8');
    const sheet = filledSheet(contentDir, language, (row) =>
      row[0]?.startsWith('questions/01') && row[2] === 'questionText'
        ? 'Neu: "zitiert"; mit #'
        : row[2] === 'numberWords.7.say'
          ? 'neu, "7"'
          : (row[4] ?? ''),
    );
    expect(writeImport(importSheet(contentDir, sheet))).toEqual([file, packFile]);
    const packAfter = readFileSync(packFile, 'utf8');
    const packChanged = packAfter.split('\n').filter((line, i) => line !== packBefore.split('\n')[i]);
    expect(packChanged).toHaveLength(1);
    expect(packChanged[0]).toMatch(/^ {2}- \{ word: ".+", say: "neu, \\"7\\"" \} # 7$/);
    expect(parse(packAfter).numberWords[7].say).toBe('neu, "7"');
    const after = readFileSync(file, 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toEqual([`    questionText: "Neu: \\"zitiert\\"; mit #"`]);
    expect(parse(after).texts[language].questionText).toBe('Neu: "zitiert"; mit #');
    expect(after.split('\n')[0]).toBe(before.split('\n')[0]);
  });

  it('adds a new language: its block in every question pack and a new language pack, read back the same', () => {
    const contentDir = contentCopy();
    const empty = importSheet(contentDir, buildSheet(contentDir, 'xx'));
    expect(empty.missing).toHaveLength(sheetRows(contentDir, 'xx').length);
    expect(empty.changes.size).toBe(0);

    const text = (row: string[]) =>
      row[2]?.endsWith('.say')
        ? `say ${row[3]}`
        : row[2] === 'practiceWrongNumber'
          ? 'XX: {answer}'
          : `xx ${row[3]}\nline two`;
    const sheet = filledSheet(contentDir, 'xx', text);
    const result = importSheet(contentDir, sheet);
    expect(result.problems).toEqual([]);
    expect(result.created).toEqual([join(contentDir, 'languages', 'xx.yaml')]);
    expect(result.notes.join('\n')).toContain('add name, resultCode, dir and speechLang');
    const before = snapshot(contentDir);
    writeImport(result);

    for (const name of questionFiles(contentDir)) {
      const source = readFileSync(join(contentDir, 'questions', name), 'utf8');
      const pack = parse(source);
      expect(Object.keys(pack.texts).at(-1)).toBe('xx');
      for (const [field, german] of Object.entries(pack.texts.de as Record<string, string>)) {
        expect(pack.texts.xx[field]).toBe(`xx ${german}\nline two`);
      }
      // The old part of the file is untouched: the new block only adds lines at the end of texts.
      expect(source.startsWith(before.get(`/questions/${name}`) as string)).toBe(true);
      expect(source).toMatch(/\n {2}xx:\n {4}situationText: "xx /);
    }
    const packSource = readFileSync(join(contentDir, 'languages', 'xx.yaml'), 'utf8');
    const pack = parse(packSource);
    expect(pack.practiceWrongNumber).toBe('XX: {answer}');
    expect(pack.numberWords).toHaveLength(21);
    expect(pack.numberWords[7]).toEqual({ word: 'xx sieben\nline two', say: 'say sieben' });
    expect(packSource).toContain('# 20\n');

    // The sheet written from the new packs is the sheet that was imported, and importing it again changes nothing.
    expect(buildSheet(contentDir, 'xx')).toBe(sheet);
    expect(importSheet(contentDir, sheet).changes.size).toBe(0);
  });

  it('reports every row it cannot place with its line, writes the others and counts the empty cells', () => {
    const contentDir = contentCopy();
    const language = childLanguages[0] as string;
    const [header, ...rows] = parseCsv(buildSheet(contentDir, language)).map((record) => record.cells);
    const first = rows[0] as string[];
    const sheet = writeCsv([
      header as string[],
      [first[0] as string, first[1] as string, first[2] as string, first[3] as string, 'neuer Text', ''],
      ['questions/99-missing.yaml', '99', 'questionText', 'x', 'y', ''],
      [first[0] as string, '5', 'questionText', 'x', 'y', ''],
      [first[0] as string, first[1] as string, 'hint', 'x', 'y', ''],
      [first[0] as string, first[1] as string, first[2] as string, first[3] as string, 'nochmal', ''],
      ['languages/de.yaml', '', 'yes', 'Ja', 'y', ''],
      [`languages/${language}.yaml`, '', 'maybe', 'x', 'y', ''],
      [`languages/${language}.yaml`, '', 'numberWords.21.word', 'x', 'y', ''],
      ['kurz'],
      [first[0] as string, first[1] as string, 'questionText', 'Eine alte Frage?', '', ''],
    ]);
    const result = importSheet(contentDir, sheet);
    expect(result.problems.map((p) => [p.line, p.message])).toEqual([
      [3, expect.stringContaining('questions/99-missing.yaml, which is not a question pack')],
      [4, expect.stringContaining('says question 5, but questions/01')],
      [5, expect.stringContaining("'hint', which questions/01")],
      [6, expect.stringContaining('repeats questions/01')],
      [7, expect.stringContaining(`this sheet is for ${language}`)],
      [8, expect.stringContaining("'maybe', which a language pack does not have")],
      [9, expect.stringContaining('number words 0 to 20 only')],
      [10, expect.stringContaining('has 1 cell(s)')],
    ]);
    expect(result.missing.map((p) => p.line)).toEqual([11]);
    expect(result.stale.map((p) => [p.line, p.message])).toEqual([
      [11, expect.stringContaining('German text changed')],
    ]);
    writeImport(result);
    const pack = parse(readFileSync(join(contentDir, first[0] as string), 'utf8'));
    expect(pack.texts[language][first[2] as string]).toBe('neuer Text');
  });

  it('refuses a sheet without its header or without a language in the fifth column', () => {
    expect(() => importSheet(CONTENT, 'Datei;Frage\r\n')).toThrow(/line 1: the first row must be the header/);
    expect(() => importSheet(CONTENT, 'Datei;Frage;Feld;Deutsch;Übersetzung\r\n')).toThrow(
      /fifth column's header 'Übersetzung' names no language/,
    );
    expect(() => importSheet(CONTENT, 'Datei;Frage;Feld;Deutsch;de\r\n')).toThrow(
      /de is the German reference/,
    );
    expect(() => buildSheet(CONTENT, 'Ukrainian')).toThrow(/not a language code/);
  });

  it('leaves the packs alone when nothing is placed', () => {
    const contentDir = contentCopy();
    expect(existsSync(join(contentDir, 'languages', 'xx.yaml'))).toBe(false);
    const sheet = buildSheet(contentDir, 'xx');
    writeFileSync(join(contentDir, '..', 'xx.csv'), sheet);
    expect(writeImport(importSheet(contentDir, sheet))).toEqual([]);
    expect(existsSync(join(contentDir, 'languages', 'xx.yaml'))).toBe(false);
  });
});

// Each case starts the command through tsx once or twice: seconds on a busy machine.
describe('npm run content:sheet', { timeout: 60_000 }, () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'sheet.ts'), ...args], {
      encoding: 'utf8',
    });

  it('writes the sheet to --out and imports it back, naming the rows it cannot place with file:line', () => {
    const contentDir = contentCopy();
    const out = join(contentDir, '..', 'uk.csv');
    const written = run(['uk', '--out', out, '--content', contentDir]);
    expect(written.status).toBe(0);
    expect(written.stdout).toMatch(/wrote .*uk\.csv: \d+ texts, \d+ of them not yet translated into uk/);
    expect(readFileSync(out, 'utf8').startsWith('\uFEFFDatei;Frage;Feld;Deutsch;')).toBe(true);

    const [header, first] = parseCsv(readFileSync(out, 'utf8')).map((record) => record.cells);
    writeFileSync(
      out,
      writeCsv([
        header as string[],
        [...(first as string[]).slice(0, 4), 'Слухай уважно.', ''],
        ['questions/99-gone.yaml', '99', 'questionText', 'x', 'y', ''],
      ]),
    );
    const imported = run(['--import', out, '--content', contentDir]);
    expect(imported.status).toBe(1);
    expect(imported.stderr).toContain(`${out}:3: names questions/99-gone.yaml, which is not a question pack`);
    expect(imported.stdout).toContain(
      '1 text(s) placed, 0 marked geprüft, 1 file(s) changed, 0 not translated yet',
    );
    expect(imported.stdout).toContain(`updated ${join(contentDir, first?.[0] as string)}`);
  });

  it('refuses a sheet that Excel saved in its old encoding instead of UTF-8', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zaehltest-sheet-'));
    temporary.push(dir);
    const file = join(dir, 'uk.csv');
    writeFileSync(
      file,
      Buffer.from('Datei;Frage;Feld;Deutsch;uk\r\nquestions/a.yaml;1;questionText;H\xf6r;x\r\n', 'latin1'),
    );
    const result = run(['--import', file]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not UTF-8 — in Excel save it as "CSV UTF-8');
  });
});

describe('a new language whose pack names it first', () => {
  it('gets its texts and number words after the lines an author wrote, and the sheet names it', () => {
    const contentDir = contentCopy();
    const packFile = join(contentDir, 'languages', 'xx.yaml');
    const head =
      '# yaml-language-server: $schema=../../schemas/language-pack.schema.json\n# Kommentar bleibt.\nname: "Testisch"\nresultCode: "9"\ndir: ltr\n';
    writeFileSync(packFile, head);
    const sheet = filledSheet(contentDir, 'xx', (row) =>
      row[2] === 'practiceWrongNumber' ? 'X {answer}' : `x ${row[3]}`,
    );
    expect(parseCsv(sheet)[0]?.cells[4]).toBe('Testisch (xx)');
    const result = importSheet(contentDir, sheet);
    expect(result.problems).toEqual([]);
    expect(result.created).toEqual([]);
    writeImport(result);
    const source = readFileSync(packFile, 'utf8');
    expect(source.startsWith(`${head}yes: "x Ja"\nno: "x Nein"\n`)).toBe(true);
    const pack = parse(source);
    expect(pack.name).toBe('Testisch');
    expect(pack.soundCheck).toBe('x Hallo! Kannst du mich gut hören?');
    expect(pack.numberWords[20]).toEqual({ word: 'x zwanzig', say: 'x zwanzig' });
    expect(buildSheet(contentDir, 'xx')).toBe(sheet);
  });
});

describe('a pack that does not parse', () => {
  it('stops the import before anything is written, naming the pack', () => {
    const contentDir = contentCopy();
    const language = childLanguages[0] as string;
    const sheet = filledSheet(contentDir, language, (row) => `${row[4]} !`);
    const broken = join(contentDir, 'questions', questionFiles(contentDir)[1] as string);
    writeFileSync(broken, `${readFileSync(broken, 'utf8')}  "unclosed: [\n`);
    expect(() => importSheet(contentDir, sheet)).toThrow(
      /^questions\/02-[a-z-]+\.yaml does not parse \(.+\) — fix it first/,
    );
  });
});

describe('the sheets kept in content/translations/', () => {
  const sheets = readdirSync(join(CONTENT, 'translations')).filter((name) => name.endsWith('.csv'));

  it.each(sheets)('%s holds the texts that stand in the packs (importing it changes nothing)', (name) => {
    const result = importSheet(CONTENT, readFileSync(join(CONTENT, 'translations', name), 'utf8'));
    expect(result.problems).toEqual([]);
    expect(
      [...result.changes.keys()],
      `the packs' ${result.language} texts changed after ${name} was written — write it again: npm run content:sheet -- ${result.language} --out content/translations/${name}`,
    ).toEqual([]);
  });
});

describe('the review column "geprüft"', () => {
  const rowOf = (rows: string[][], file: string, field: string) =>
    rows.find((row) => row[0] === file && row[2] === field) as string[];

  it('says ja for a text reviewed as it stands and nothing for one never reviewed', () => {
    const [header, ...rows] = parseCsv(buildSheet(CONTENT, 'tr')).map((record) => record.cells);
    expect(header?.[5]).toBe('geprüft');
    expect(rowOf(rows, 'questions/01-count-and-forgotten.yaml', 'situationText')[5]).toBe('ja');
    // Question 21 was rewritten (issue 36) and no native speaker has seen the new texts.
    expect(rowOf(rows, 'questions/21-five-fingers.yaml', 'situationText')[5]).toBe('');
    expect(rowOf(rows, 'languages/tr.yaml', 'numberWords.1.say')[5]).toBe('');
  });

  it('records a review marked ja: the text counts as geprüft, and again as not once its German changes', () => {
    const contentDir = contentCopy();
    const before = reviewState(contentDir, 'tr');
    expect(before.unreviewed.map((text) => text.key)).toContain('21.situationText');
    const sheet = filledSheet(contentDir, 'tr', (row) => row[4] ?? '');
    const [header, ...rows] = parseCsv(sheet).map((record) => record.cells);
    const marked = writeCsv([
      header as string[],
      ...rows.map((row) =>
        row[0] === 'questions/21-five-fingers.yaml' ? [...row.slice(0, 5), 'Ja', row[6] ?? ''] : row,
      ),
    ]);
    const result = importSheet(contentDir, marked);
    expect(result.reviewed).toEqual(['21.situationText', '21.questionText']);
    expect(result.notReviewed).toEqual([]);
    expect(writeImport(result)).toEqual([join(contentDir, 'reviews', 'tr.yaml')]);
    const after = reviewState(contentDir, 'tr');
    expect(after.unreviewed.map((text) => text.key)).not.toContain('21.situationText');
    expect(after.unreviewed).toHaveLength(before.unreviewed.length - 2);
    // Importing the same sheet again records nothing new and changes no byte.
    expect(writeImport(importSheet(contentDir, marked))).toEqual([]);

    // The German reference changes: the Turkish text is 'nicht geprüft' again, as changed.
    const file = join(contentDir, 'questions', '21-five-fingers.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'situationText: "Zeige mir fünf Finger mit beiden Händen zusammen."',
        'situationText: "Zeig mir fünf Finger mit beiden Händen zusammen."',
      ),
    );
    expect(reviewState(contentDir, 'tr').unreviewed).toContainEqual(
      expect.objectContaining({ key: '21.situationText', reason: 'geändert' }),
    );
    expect(reviewState(contentDir, 'tr').unreviewed.map((text) => text.key)).not.toContain('21.questionText');
  });

  it('does not record ja beside a text changed in the same sheet: the reviewer confirms what stands in the packs', () => {
    const contentDir = contentCopy();
    const sheet = filledSheet(contentDir, 'tr', (row) =>
      row[0] === 'questions/21-five-fingers.yaml' && row[2] === 'situationText'
        ? 'Bana beş parmak göster.'
        : (row[4] ?? ''),
    );
    const [header, ...rows] = parseCsv(sheet).map((record) => record.cells);
    const marked = writeCsv([
      header as string[],
      ...rows.map((row) =>
        row[0] === 'questions/21-five-fingers.yaml' && row[2] === 'situationText'
          ? [...row.slice(0, 5), 'ja', row[6] ?? '']
          : row,
      ),
    ]);
    const result = importSheet(contentDir, marked);
    expect(result.reviewed).toEqual([]);
    expect(result.notReviewed.map((problem) => problem.message)).toEqual([
      expect.stringMatching(
        /^questions\/21-five-fingers\.yaml situationText: marked geprüft, but the text in the sheet differs from the pack/,
      ),
    ]);
    writeImport(result);
    expect(reviewState(contentDir, 'tr').unreviewed).toContainEqual(
      expect.objectContaining({ key: '21.situationText', own: 'Bana beş parmak göster.' }),
    );
  });

  it('carries the letters to the parents: a missing letter text is written into the letter map, a ja is recorded', () => {
    const contentDir = contentCopy();
    const pack = join(contentDir, 'languages', 'tr.yaml');
    writeFileSync(pack, readFileSync(pack, 'utf8').replace(/^ {2}consentDate: .*\n/m, ''));
    const rows = sheetRows(contentDir, 'tr');
    const consentDate = rows.find((row) => row.field === 'letter.consentDate');
    expect(consentDate).toMatchObject({ file: 'languages/tr.yaml', german: 'Ort, Datum', target: '' });
    expect(consentDate?.note).toContain('Platzhalter');
    const sheet = filledSheet(contentDir, 'tr', (row) =>
      row[2] === 'letter.consentDate' ? 'Yer, tarih' : (row[4] ?? ''),
    );
    const [header, ...records] = parseCsv(sheet).map((record) => record.cells);
    const marked = writeCsv([
      header as string[],
      ...records.map((row) =>
        row[2] === 'letter.greeting' ? [...row.slice(0, 5), 'ja', row[6] ?? ''] : row,
      ),
    ]);
    const result = importSheet(contentDir, marked);
    expect(result.problems).toEqual([]);
    expect(result.reviewed).toEqual(['letter.greeting']);
    writeImport(result);
    const written = parse(readFileSync(pack, 'utf8')) as { letter: Record<string, string> };
    expect(written.letter.consentDate).toBe('Yer, tarih');
    expect(written.letter.greeting).toBe('Sevgili anne ve babalar,');
    expect(
      parse(readFileSync(join(contentDir, 'reviews', 'tr.yaml'), 'utf8')).reviewed['letter.greeting'],
    ).toMatch(/^[0-9a-f]{12}$/);
  });
});
