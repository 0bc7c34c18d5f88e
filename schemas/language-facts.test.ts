import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeReviews } from '../scripts/content/review.ts';
import { languageTexts, readLanguageFacts, reviewHash, reviewState } from './language-facts.ts';

const CONTENT = resolve(import.meta.dirname, '../content');
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function contentCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zaehltest-review-'));
  temporary.push(dir);
  // The texts and their reviews are all the review state reads.
  for (const folder of ['languages', 'questions', 'reviews'])
    cpSync(join(CONTENT, folder), join(dir, 'content', folder), { recursive: true });
  return join(dir, 'content');
}

describe('the review hash', () => {
  it('changes with the German reference and with the own text, not with outer spaces', () => {
    const hash = reviewHash('Ja', 'Evet');
    expect(hash).toMatch(/^[0-9a-f]{12}$/);
    expect(reviewHash(' Ja', 'Evet ')).toBe(hash);
    expect(reviewHash('Ja!', 'Evet')).not.toBe(hash);
    expect(reviewHash('Ja', 'Evet!')).not.toBe(hash);
    // The two texts are kept apart: moving a character from one to the other is another pair.
    expect(reviewHash('JaE', 'vet')).not.toBe(hash);
  });
});

describe('the review state of a language', () => {
  it('is geprüft only when every text is reviewed as it stands', () => {
    const contentDir = contentCopy();
    const all = languageTexts(contentDir, 'ro').map((text) => text.key);
    writeReviews(contentDir, 'ro', all);
    expect(reviewState(contentDir, 'ro')).toMatchObject({ status: 'geprüft', unreviewed: [] });
    expect(readLanguageFacts(contentDir).find((language) => language.code === 'ro')).toMatchObject({
      status: 'geprüft',
      unreviewed: 0,
    });

    // One own text changes: that text, and so the language, is 'nicht geprüft'.
    const pack = join(contentDir, 'languages', 'ro.yaml');
    writeFileSync(pack, readFileSync(pack, 'utf8').replace('yes: "Da"', 'yes: "Da!"'));
    const state = reviewState(contentDir, 'ro');
    expect(state.status).toBe('Entwurf');
    expect(state.unreviewed.map((text) => [text.key, text.reason])).toEqual([['yes', 'geändert']]);
    expect(readLanguageFacts(contentDir).find((language) => language.code === 'ro')).toMatchObject({
      status: 'Entwurf',
      unreviewed: 1,
    });
  }, 30_000);

  it('in content/: question 21 and the number words are not reviewed in any child language (issue 36)', () => {
    for (const language of ['tr', 'ar', 'ro', 'uk']) {
      const keys = reviewState(CONTENT, language).unreviewed.map((text) => text.key);
      expect(keys).toEqual(
        expect.arrayContaining(['21.situationText', '21.questionText', 'numberWords.1.word']),
      );
    }
    const facts = readLanguageFacts(CONTENT);
    expect(facts.filter((language) => language.status === 'geprüft')).toEqual([]);
  });
});

describe('the languages of a content folder', () => {
  it('put de first, then the specification codes, and mark the default language from its pack', () => {
    const facts = readLanguageFacts(CONTENT);
    expect(facts.map((language) => language.code).slice(0, 4)).toEqual(['de', 'tr', 'ar', 'ro']);
    expect(facts.filter((language) => language.default).map((language) => language.code)).toEqual(['tr']);
    expect(facts[0]).not.toHaveProperty('status');
  });

  it('take the default from whichever pack says default: true', () => {
    const contentDir = contentCopy();
    const tr = join(contentDir, 'languages', 'tr.yaml');
    writeFileSync(tr, readFileSync(tr, 'utf8').replace('default: true\n', ''));
    const ro = join(contentDir, 'languages', 'ro.yaml');
    writeFileSync(
      ro,
      readFileSync(ro, 'utf8').replace('resultCode: "4"\n', 'resultCode: "4"\ndefault: true\n'),
    );
    expect(
      readLanguageFacts(contentDir)
        .filter((language) => language.default)
        .map((l) => l.code),
    ).toEqual(['ro']);
  });
});
