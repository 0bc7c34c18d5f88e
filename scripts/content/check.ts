/**
 * `npm run content:check`: validates every question pack and language pack, prints the translation coverage and every
 * problem at once, and exits 1 when there is one. Also rewrites schemas/question.schema.json and
 * schemas/language-pack.schema.json.
 *
 * Usage: tsx scripts/content/check.ts [content-folder]
 * Without a folder it checks content/, expects all 23 questions and rewrites the JSON Schema; with one
 * (a test fixture, say) it only requires the ids to run 1..N and leaves the schema file alone.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { REFERENCE_LANGUAGE } from '../../schemas/language-pack.ts';
import { fontCodePoints, glyphIssues, pdfFontFile } from '../pdf-fonts/glyphs.ts';
import { formatAudioCoverage, loadAudio } from './audio.ts';
import { compileQuestionsModule } from './compile.ts';
import { formatCoverage, translationCoverage } from './coverage.ts';
import { writeLanguagePackJsonSchema, writeQuestionJsonSchema } from './json-schema.ts';
import { packsWithoutLetters } from './languages.ts';
import { LEVELS_FILE, loadLevels } from './levels.ts';
import {
  formatIssue,
  formatReport,
  LANGUAGE_PACK_SCHEMA_FILE,
  type LoadOptions,
  loadContent,
  REAL_CONTENT,
  ROOT_DIR,
  SCHEMA_FILE,
} from './load.ts';
import { formatProgress } from './progress.ts';
import { formatStaleRecordings } from './recorded-text.ts';
import { formatReviewReport } from './review.ts';
import { spokenNumberWarnings } from './spoken-numbers.ts';

const folder = process.argv[2];
const options: LoadOptions = folder ? { contentDir: resolve(folder) } : REAL_CONTENT;

if (!folder && writeQuestionJsonSchema()) console.log(`Wrote ${relative(ROOT_DIR, SCHEMA_FILE)}`);
if (!folder && writeLanguagePackJsonSchema()) {
  console.log(`Wrote ${relative(ROOT_DIR, LANGUAGE_PACK_SCHEMA_FILE)}`);
}

const started = performance.now();
const content = loadContent(options);
if (content.issues.length === 0) {
  compileQuestionsModule(content.questions, content.picturesDir, content.languagePacks);
}
// The level descriptions: content/levels.yaml, or a fixture folder's levels.yaml when it has one.
const levelsFile = folder ? join(resolve(folder), 'levels.yaml') : LEVELS_FILE;
const levels = !folder || existsSync(levelsFile) ? loadLevels(levelsFile) : undefined;
content.issues.push(...(levels?.issues ?? []));
const milliseconds = Math.round(performance.now() - started);

console.log(`\nTranslations (${relative(ROOT_DIR, content.questionsDir)})\n`);
console.log(formatCoverage(translationCoverage(content.packs, content.languages), content.languages));
console.log('');
const packLanguages = Object.keys(content.languagePacks);
if (packLanguages.length > 0) {
  console.log(
    `Language packs (${relative(ROOT_DIR, content.languagesDir)}): ${packLanguages.join(', ')} valid\n`,
  );
  // Not an error: a language with unreviewed texts is tested as a draft, marked '(Entwurf)'.
  console.log(`Review (${relative(ROOT_DIR, join(dirname(content.languagesDir), 'reviews'))})\n`);
  console.log(`${formatReviewReport(dirname(content.languagesDir), packLanguages)}\n`);
  // Not an error either: the letters to the parents of these languages are printed in German only.
  const withoutLetters = packsWithoutLetters(content.languagePacks);
  if (withoutLetters.length > 0)
    console.log(
      `Letters to the parents: no letter texts in ${withoutLetters.map((code) => `${code}.yaml`).join(', ')}; these families get the Elternbrief and Ergebnisbrief in German only (add a "letter:" map, see content/README.md)\n`,
    );
}

// Recordings are checked against valid questions only; a fixture folder without audio/ has none.
const audio = await loadAudio(content.questions, folder ? resolve(folder, 'audio') : undefined);
console.log(`Recordings (${relative(ROOT_DIR, audio.audioDir)})\n`);
console.log(formatAudioCoverage(content.questions, audio));
console.log('');
if (audio.staleRecordings.length > 0) {
  // A warning, not an error: the device voice speaks the new text until it is recorded again.
  console.warn(
    `⚠ ${audio.staleRecordings.length} recording(s) made for an older text, left out of the test:\n${formatStaleRecordings(audio.staleRecordings)}\n`,
  );
}
content.issues.push(...audio.issues);

// Per language, how far the native review is (docs/product.md §50); npm run content:pull brings in
// what native speakers confirmed and recorded on the results server.
const childLanguages = packLanguages.filter((code) => code !== REFERENCE_LANGUAGE);
if (childLanguages.length > 0) {
  console.log("Native review (npm run content:pull brings in the server's)\n");
  console.log(`${formatProgress(dirname(content.languagesDir), childLanguages, content.questions, audio)}\n`);
}

// Every character of the texts must be in the results PDF's font, or the PDF would leave it out.
const pdfFont = fontCodePoints(pdfFontFile('DejaVuSans.ttf'));
const packDirections = Object.entries(content.languagePacks).flatMap(([code, pack]) =>
  pack ? [{ code, dir: pack.dir }] : [],
);
content.issues.push(...glyphIssues(content.packs, packDirections, { ltr: pdfFont, rtl: pdfFont }));

// Warnings do not fail the check: the text is valid, but may be read wrongly aloud.
const warnings = spokenNumberWarnings(content.questionsDir, content.languagesDir, (path) =>
  relative(ROOT_DIR, path),
);
for (const warning of warnings) console.warn(`Warning: ${formatIssue(warning)}`);
if (warnings.length > 0) console.warn('');

if (content.issues.length > 0) {
  console.error(formatReport(content.issues));
  console.error(`Checked in ${milliseconds} ms. Fix the problems above and run npm run content:check again.`);
  process.exit(1);
}
console.log(
  `✓ ${content.questions.length} questions × ${content.languages.length} languages valid${levels ? ', levels valid' : ''}; read, validated and compiled in ${milliseconds} ms`,
);
