import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToAuswertung } from './support/auswertung.ts';
import { openBrowser, type Session, screenshot } from './support/browser.ts';
import { ROOT } from './support/build-app.ts';
import {
  loadQuestions,
  login,
  persistedSession,
  reloadAndUnlock,
  STORAGE_KEY,
  tapStart,
  waitForNextScreen,
  waitForScreen,
} from './support/flow.ts';
import { listStoredResults, TEST_EXPORT_TOKEN } from './support/server.ts';

/**
 * Issue 26, "no code is needed for a language": a copy of content/ gains Persian (fa, right to
 * left, result code 6) — one language pack and a text block in each question pack, nothing else, as
 * docs/architecture.md ("Adding a language") says — and the app built from that copy offers it, shows
 * it right to left (questions, results page, PDF), uploads it and reports it. No native speaker has
 * reviewed its texts (no content/reviews/fa.yaml), so it is a draft everywhere (issue 36).
 * No file of the repository changes.
 */

/** Persian number words 0–20 with a German reading aid. */
const NUMBER_WORDS: [string, string][] = [
  ['صفر', 'sefr'],
  ['یک', 'jek'],
  ['دو', 'do'],
  ['سه', 'se'],
  ['چهار', 'tschahar'],
  ['پنج', 'pandsch'],
  ['شش', 'schesch'],
  ['هفت', 'haft'],
  ['هشت', 'hascht'],
  ['نه', 'noh'],
  ['ده', 'dah'],
  ['یازده', 'jas-dah'],
  ['دوازده', 'da-was-dah'],
  ['سیزده', 'sis-dah'],
  ['چهارده', 'tscha-har-dah'],
  ['پانزده', 'pans-dah'],
  ['شانزده', 'schans-dah'],
  ['هفده', 'hef-dah'],
  ['هجده', 'hedsch-dah'],
  ['نوزده', 'nus-dah'],
  ['بیست', 'bist'],
];

const SCHEMA_COMMENT = '# yaml-language-server: $schema=../../schemas/';
const LANGUAGE_PACK = `# Persisch, nur für den Test „Sprache ohne Code“ (tests/language-as-content.test.ts).
name: "Persisch"
resultCode: "6"
dir: rtl
speechLang: "fa-IR"
yes: "بله"
no: "نه"
practiceCorrect: "درست است!"
practiceWrongNumber: "جواب درست: {answer}"
practiceWrongNo: "جواب درست: نه."
practiceWrongYes: "جواب درست: بله."
soundCheck: "سلام! صدای من را خوب می‌شنوی؟"
numberWords:
${NUMBER_WORDS.map(([word, say]) => `  - { word: "${word}", say: "${say}" }`).join('\n')}
`;

/** One short Persian text per field a question has ("Listen well.", "What is your answer?", "Which number?"). */
const FIELD_TEXTS: Record<string, string> = {
  situationText: 'خوب گوش کن.',
  questionText: 'جواب تو چیست؟',
  answerText: 'کدام عدد؟',
};

/** Adds a `fa:` block with the fields of the `de:` block after the `uk:` block of a question pack. */
function withPersian(yaml: string, file: string): string {
  const lines = yaml.split('\n');
  const fieldsOf = (block: string): { start: number; end: number; fields: string[] } => {
    const start = lines.indexOf(`  ${block}:`);
    if (start < 0) throw new Error(`${file}: no ${block}: block`);
    let end = start + 1;
    while (lines[end]?.startsWith('    ')) end++;
    const fields = lines.slice(start + 1, end).map((line) => line.trim().split(':')[0] as string);
    return { start, end, fields };
  };
  const { fields } = fieldsOf('de');
  const { end } = fieldsOf('uk');
  const block = fields.map((field) => {
    const text = FIELD_TEXTS[field];
    if (!text) throw new Error(`${file}: no Persian text for ${field}`);
    return `    ${field}: "${text}"`;
  });
  lines.splice(end, 0, '  fa:', ...block);
  return lines.join('\n');
}

const gitStatus = () => execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' });

let before: string;
let work: string;
let content: string;
let app: ChildProcess | undefined;
let url: string;
let session: Session | undefined;

beforeAll(async () => {
  before = gitStatus();
  work = mkdtempSync(join(tmpdir(), 'zaehltest-fa-'));
  content = join(work, 'content');
  cpSync(join(ROOT, 'content'), content, { recursive: true });
  writeFileSync(
    join(content, 'languages/fa.yaml'),
    `${SCHEMA_COMMENT}language-pack.schema.json\n${LANGUAGE_PACK}`,
  );
  const questionsDir = join(content, 'questions');
  for (const file of readdirSync(questionsDir).filter((name) => name.endsWith('.yaml'))) {
    const path = join(questionsDir, file);
    writeFileSync(path, withPersian(readFileSync(path, 'utf8'), file));
  }
  // As an author who copies content/ elsewhere does: the schema comments point at the schemas again.
  for (const folder of ['languages', 'questions']) {
    for (const file of readdirSync(join(content, folder)).filter((name) => name.endsWith('.yaml'))) {
      const path = join(content, folder, file);
      const schemas = relative(dirname(path), join(ROOT, 'schemas'));
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(
          /^(# yaml-language-server: \$schema=).*\/([^/\n]+)$/m,
          `$1${schemas}/$2`,
        ),
      );
    }
  }
  app = spawn('npx', ['tsx', 'tests/support/content-dir-app.ts', join(work, 'dist')], {
    cwd: ROOT,
    env: { ...process.env, ZAEHLTEST_CONTENT_DIR: content },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    app?.once('exit', (code) => reject(new Error(`the app build or server stopped (exit ${code})`))),
  );
  const ready = new Promise<string>((resolve) => {
    createInterface({ input: app?.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('{')) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  url = await Promise.race([ready, exited]);
}, 300_000);

afterAll(async () => {
  await session?.close();
  if (app && app.exitCode === null) {
    const stopped = new Promise((resolve) => app?.once('exit', resolve));
    app.stdin?.end();
    await stopped;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a language added by content alone (Persian in a copy of content/)', () => {
  it('passes content:check', () => {
    const out = execFileSync('npx', ['tsx', 'scripts/content/check.ts'], {
      cwd: ROOT,
      env: { ...process.env, ZAEHLTEST_CONTENT_DIR: content },
      encoding: 'utf8',
    });
    expect(out).not.toMatch(/error/i);
  });

  it('is offered, shown right to left, printed, uploaded as code 6 and named in the CSV and /auswertung', async () => {
    session = await openBrowser();
    const { page } = session;
    await login(page, url);
    const options = await page.getByLabel('Sprache').locator('option').allTextContents();
    expect(options).toContain('Persisch (Entwurf)');
    await page.getByLabel('Sprache').selectOption({ label: 'Persisch (Entwurf)' });
    await page.getByRole('button', { name: 'Test beginnen' }).click();
    await waitForScreen(page, 'startscreen');
    await tapStart(page);
    await waitForNextScreen(page);
    const text = page.locator('[lang="fa"]').first();
    await text.waitFor();
    expect(await text.getAttribute('dir')).toBe('rtl');
    expect(await text.textContent()).toContain(FIELD_TEXTS.situationText);
    await screenshot(page, 'language-as-content-fa-question');

    // The rest of the run seeded as finished (the full run is tests/result.test.ts's): results page.
    const questions = loadQuestions();
    const answeredAt = new Date(Date.now() - 60_000).toISOString();
    const submissionId = crypto.randomUUID();
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: STORAGE_KEY,
      value: persistedSession({
        screen: 'result',
        submissionId,
        // With the parents' research consent, so that /auswertung counts the result (docs/product.md §48).
        user: {
          name: 'Sara',
          birthdate: '2019-03-07',
          school: 'Kita',
          schoolLevel: '1',
          language: 'fa',
          researchConsent: 'yes',
        },
        answers: questions.map((q) => ({
          question: {
            id: q.id,
            level: q.level,
            answerType: q.answerType,
            currentTexts: {
              situationText: FIELD_TEXTS.situationText ?? '',
              questionText: FIELD_TEXTS.questionText ?? '',
            },
          },
          givenAnswer: String(q.correctAnswer),
          correct: true,
          responseTimeMs: 2000,
          ...(q.answerType.startsWith('Timer') || q.answerType === 'ImageCompare'
            ? { exposureMs: 1500, pageHiddenDuringExposure: false }
            : {}),
          answeredAt,
        })),
      }),
    });
    const uploads: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/results')
        uploads.push(request.postDataJSON() as Record<string, unknown>);
    });
    await reloadAndUnlock(page);
    await waitForScreen(page, 'result');
    expect(await page.locator('main').textContent()).toContain('Persisch (Entwurf)');
    // The child's texts on the results page run right to left, as the pack's dir says.
    const resultTexts = page.locator('.result-questions [lang="fa"]');
    expect(await resultTexts.count()).toBeGreaterThan(0);
    expect(new Set(await resultTexts.evaluateAll((els) => els.map((el) => el.getAttribute('dir'))))).toEqual(
      new Set(['rtl']),
    );
    // Not one Persian text is reviewed: the results page says so beside the language.
    expect(await page.locator('main').textContent()).toMatch(
      /Entwurf: \d+ Texte nicht von Muttersprachlern geprüft/,
    );
    await screenshot(page, 'language-as-content-fa-result');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Als PDF speichern' }).click(),
    ]);
    const pdf = join(work, 'result.pdf');
    await download.saveAs(pdf);
    const pdfText = execFileSync('pdftotext', [pdf, '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(pdfText).toContain('Persisch (Entwurf)');
    // jsPDF writes Arabic script as shaped presentation forms; NFKC gives the letters back.
    const letters = pdfText.normalize('NFKC');
    expect(letters).toContain('گوش');
    expect(letters).toContain('جواب');

    await expect
      .poll(async () => (await listStoredResults(url)).filter((r) => r.submissionId === submissionId), {
        timeout: 30_000,
        interval: 250,
      })
      .toHaveLength(1);
    const [stored] = (await listStoredResults(url)).filter((r) => r.submissionId === submissionId);
    expect(stored?.language).toBe('6');
    expect(uploads.at(-1)).toMatchObject({
      submissionId,
      language: '6',
      translationStatus: 'Entwurf',
      researchConsent: 'yes',
    });

    const csv = await fetch(`${url}/api/results.csv`, {
      headers: { authorization: `Bearer ${TEST_EXPORT_TOKEN}` },
    });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('Persisch (Entwurf)');

    await signInToAuswertung(page, url);
    const languages = await page.getByLabel('Sprache', { exact: true }).locator('option').allTextContents();
    expect(languages.join('|')).toContain('Persisch');
    // The column explanations name the languages from the packs, the new one with its code.
    expect(await page.locator('.auswertung-columns').textContent()).toContain('6 Persisch');
    await expect.poll(async () => (await page.locator('main').textContent()) ?? '').toContain('Persisch');
    await screenshot(page, 'language-as-content-fa-auswertung');
  }, 180_000);

  it('changes no file of the repository', () => {
    expect(gitStatus()).toBe(before);
  });
});
