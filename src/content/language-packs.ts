import { languagePacks } from 'virtual:zaehltest-content';
import { snapshotOf } from '../updates/active';
import { correctedPack } from '../updates/snapshot';
import type { Language, LanguagePack } from './types';

/** The placeholder of practiceWrongNumber (schemas/language-pack.ts). */
const ANSWER_PLACEHOLDER = '{answer}';

/**
 * The words said or shown to the child in one language (content/languages/<language>.yaml):
 * `languagePack('tr').yes` is "Evet". German ('de') is the authors' reference. During a test, with
 * the native review's confirmed corrections the test began with (docs/product.md §50).
 */
export function languagePack(language: Language): LanguagePack {
  const snapshot = snapshotOf(language);
  if (!snapshot) return languagePacks[language];
  // One corrected pack per snapshot: components may hold on to it (effects, memos).
  let pack = corrected.get(snapshot);
  if (!pack) {
    pack = correctedPack(languagePacks[language], snapshot);
    corrected.set(snapshot, pack);
  }
  return pack;
}

const corrected = new WeakMap<object, LanguagePack>();

/** practiceWrongNumber with the right number filled in: "Doğru cevap: 3" */
export function practiceWrongNumberText(language: Language, answer: number): string {
  return languagePack(language).practiceWrongNumber.replace(ANSWER_PLACEHOLDER, String(answer));
}
