import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from './load.ts';

function check(fixture: string) {
  const result = spawnSync(
    join(ROOT_DIR, 'node_modules/.bin/tsx'),
    ['scripts/content/check.ts', `scripts/content/fixtures/${fixture}`],
    { cwd: ROOT_DIR, encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run content:check', () => {
  it('prints the translation coverage and a summary with the time taken, and exits 0', {
    timeout: 30_000,
  }, () => {
    const { status, stdout } = check('valid');
    expect(status).toBe(0);
    expect(stdout).toContain('id  answerType         de  tr  ar  ro  texts');
    expect(stdout).toContain(' 1  CountAndForgotten  ✓   ✓   ✓   ✓   situation, question, answer');
    expect(stdout).toContain(
      'Language packs (scripts/content/fixtures/valid/languages): de, tr, ar, ro valid',
    );
    expect(stdout).toMatch(/✓ 3 questions × 4 languages valid; read, validated and compiled in \d+ ms/);
  });

  it('lists per language how many texts are not reviewed and which', { timeout: 60_000 }, () => {
    const result = spawnSync(join(ROOT_DIR, 'node_modules/.bin/tsx'), ['scripts/content/check.ts'], {
      cwd: ROOT_DIR,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Review (content/reviews)');
    // Question 21 was rewritten and the number words were never seen by a native speaker (issue 36).
    expect(result.stdout).toMatch(/^tr: Entwurf — \d+ of \d+ texts nicht geprüft:$/m);
    expect(result.stdout).toContain(
      '  questions/21-five-fingers.yaml (question 21) situationText: nie geprüft',
    );
    expect(result.stdout).toContain('  languages/tr.yaml numberWords 0–20 (word, say): nie geprüft');
    expect(result.stdout).toMatch(/^uk: Entwurf — (\d+) of \1 texts nicht geprüft:$/m);
  });

  it('prints every problem at once and exits 1', { timeout: 30_000 }, () => {
    const { status, stdout, stderr } = check('empty-text');
    expect(status).toBe(1);
    expect(stdout).toContain(' 1  TextInput   ✓   ✓   ✗   ✗   situation, question');
    expect(stderr).toContain(
      'scripts/content/fixtures/empty-text/questions/01-empty.yaml:15:19  texts.ar.questionText  must not be empty — write the Arabic question text\n' +
        'scripts/content/fixtures/empty-text/questions/01-empty.yaml:17:5  texts.ro.situationText  must not be empty — write the Romanian situation text\n',
    );
    expect(stderr).toContain('2 problems in 1 file of the question packs.');
  });

  it('names a letter text a language lacks, at the file:line of its letter map', { timeout: 30_000 }, () => {
    const { status, stderr } = check('missing-letter-text');
    expect(status).toBe(1);
    expect(stderr).toContain(
      'scripts/content/fixtures/missing-letter-text/languages/tr.yaml:36:1  letter.consentDate  the Turkish letter text "consentDate" is missing — add "consentDate:" under "letter:" with the Turkish text (German: "Ort, Datum")',
    );
    expect(stderr).toContain('1 problem in 1 file');
  });
});
