import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fontCodePoints, glyphIssues, pdfFontFile } from '../pdf-fonts/glyphs.ts';
import { readLanguageFacts } from './language-facts.ts';
import { formatIssue, loadContent } from './load.ts';
import { copyFixture } from './test-fixtures.ts';

/**
 * What content:check says about a language (docs/product.md, languages as content): a pack without
 * resultCode, two packs with one code, a question without the texts of a pack's language, and a
 * character the results PDF's font cannot draw — each with file:line.
 */

function validCopy() {
  const fixture = copyFixture('valid');
  onTestFinished(fixture.remove);
  const languages = join(fixture.dir, 'languages');
  const edit = (file: string, change: (text: string) => string) => {
    const path = join(fixture.dir, file);
    writeFileSync(path, change(readFileSync(path, 'utf8')));
  };
  return { fixture, languages, edit };
}

/** A copy of ro.yaml as a further language: Persian, right to left, with its own code. */
function addLanguage(languages: string, code: string, resultCode: string | undefined) {
  const ro = readFileSync(join(languages, 'ro.yaml'), 'utf8')
    .replace('name: "Rumänisch"', 'name: "Persisch"')
    .replace('dir: ltr', 'dir: rtl')
    .replace('speechLang: "ro-RO"', 'speechLang: "fa-IR"')
    .replace('resultCode: "4"\n', resultCode === undefined ? '' : `resultCode: "${resultCode}"\n`);
  writeFileSync(join(languages, `${code}.yaml`), ro);
}

describe('content:check on the languages', () => {
  it('reports a child language pack without resultCode at its file', () => {
    const { fixture, languages } = validCopy();
    addLanguage(languages, 'fa', undefined);
    const issues = loadContent(fixture.options).issues.map(formatIssue);
    expect(issues).toContainEqual(
      expect.stringMatching(
        /languages\/fa\.yaml:\d+:\d+ {2}resultCode {2}is missing — add "resultCode:" with the number that stands for Persian in the uploaded result/,
      ),
    );
  });

  it('reports a duplicate resultCode at the line of each pack that has it', () => {
    const { fixture, languages } = validCopy();
    addLanguage(languages, 'fa', '3');
    const issues = loadContent(fixture.options).issues.map(formatIssue);
    const line = (file: string) =>
      readFileSync(join(languages, file), 'utf8')
        .split('\n')
        .findIndex((text) => text.startsWith('resultCode:')) + 1;
    expect(issues).toContainEqual(
      expect.stringContaining(
        `languages/ar.yaml:${line('ar.yaml')}:13  resultCode  "3" is also the resultCode of fa.yaml: their results could not be told apart — give every language its own code; the next free one is "5"`,
      ),
    );
    expect(issues).toContainEqual(
      expect.stringContaining(
        `languages/fa.yaml:${line('fa.yaml')}:13  resultCode  "3" is also the resultCode of ar.yaml`,
      ),
    );
  });

  it('reports every question that lacks the texts of a language the packs define', () => {
    const { fixture, languages } = validCopy();
    addLanguage(languages, 'fa', '5');
    const content = loadContent(fixture.options);
    expect(content.languages).toEqual(['de', 'tr', 'ar', 'ro', 'fa']);
    const issues = content.issues.map(formatIssue);
    const missing = issues.filter((issue) => /texts\.fa {2}is missing — add the Persian texts/.test(issue));
    // One line per question pack of the fixture, at the file's texts:.
    expect(missing).toHaveLength(content.packs.length);
    for (const pack of content.packs) {
      const textsLine =
        readFileSync(pack.absolutePath, 'utf8')
          .split('\n')
          .findIndex((text) => text.startsWith('texts:')) + 1;
      expect(missing).toContainEqual(
        expect.stringContaining(`${pack.file}:${textsLine}:1  texts.fa  is missing`),
      );
    }
  });

  it('a further language with every text is valid and ordered after tr, ar, ro', () => {
    const { fixture, languages, edit } = validCopy();
    addLanguage(languages, 'fa', '5');
    const content = loadContent(fixture.options);
    for (const pack of content.packs) {
      const file = pack.file.slice(pack.file.indexOf('questions/'));
      edit(file, (text) => {
        const de = text.slice(text.indexOf('\n  de:') + 1).split('\n');
        const block = [
          de[0] as string,
          ...de.slice(1).filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('    '))),
        ];
        return `${text.trimEnd()}\n${block.join('\n').replace('  de:', '  fa:')}\n`;
      });
    }
    const after = loadContent(fixture.options);
    expect(after.issues.map(formatIssue)).toEqual([]);
    expect(readLanguageFacts(fixture.dir).map((language) => language.code)).toEqual([
      'de',
      'tr',
      'ar',
      'ro',
      'fa',
    ]);
  });

  it('reports a character the PDF font cannot draw, at the text that has it', () => {
    const { fixture, edit } = validCopy();
    const content = loadContent(fixture.options);
    const pack = content.packs[0];
    if (!pack) throw new Error('the fixture has no question');
    const file = pack.file.slice(pack.file.indexOf('questions/'));
    edit(file, (text) => text.replace(/(\n {2}tr:\n {4}situationText: )/, '$1数 '));
    const font = fontCodePoints(pdfFontFile('DejaVuSans.ttf'));
    const edited = loadContent(fixture.options);
    const issues = glyphIssues(edited.packs, [{ code: 'tr', dir: 'ltr' }], { ltr: font, rtl: font }).map(
      formatIssue,
    );
    const line =
      readFileSync(pack.absolutePath, 'utf8')
        .split('\n')
        .findIndex((text) => /^ {4}situationText: 数 /.test(text)) + 1;
    expect(issues).toEqual([
      `${pack.file}:${line}:20  texts.tr.situationText  has "数" (U+6570), which the results PDF's font cannot draw: the PDF would leave it out — write the text without it, or add a font that has it in scripts/pdf-fonts/subset.ts`,
    ]);
    // Cyrillic, Persian and the languages of today are drawn.
    expect(['Ж', 'ї', 'گ', 'پ', 'ğ', 'ș', 'ع'].every((char) => font.has(char.codePointAt(0) ?? 0))).toBe(
      true,
    );
  });
});
