import { describe, expect, it } from 'vitest';
import { languagePack, practiceWrongNumberText } from './language-packs';

describe('languagePack', () => {
  it('reads the compiled packs of content/languages/', () => {
    expect(languagePack('tr').yes).toBe('Evet');
    expect(languagePack('ar').no).toBe('لا');
    expect(languagePack('ro').yes).toBe('Da');
    expect(languagePack('de').practiceCorrect).toBe('Richtig!');
  });

  it('fills the right number into practiceWrongNumber', () => {
    expect(practiceWrongNumberText('tr', 3)).toBe('Doğru cevap: 3');
    expect(practiceWrongNumberText('de', 3)).toBe('Die richtige Antwort ist: 3');
  });
});
