import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadContent } from '../content/load.ts';
import { copyFixture } from '../content/test-fixtures.ts';
import { usedFontSubsetPatterns } from './font-subsets.ts';

describe('the precached font subsets', () => {
  // Latin and Arabic letters are precached anyway; a language in another script adds its subset.
  it('add the Cyrillic subset as soon as a text uses Cyrillic letters, and none for Latin and Arabic texts', () => {
    const fixture = copyFixture('valid');
    onTestFinished(fixture.remove);
    const before = usedFontSubsetPatterns(undefined, loadContent(fixture.options));
    expect(before).toEqual([]);
    const file = join(fixture.dir, 'questions/01-count-and-forgotten.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('situationText: Dikkatli bak.', 'situationText: Дивись уважно.'),
    );
    expect(usedFontSubsetPatterns(undefined, loadContent(fixture.options))).toEqual([
      'assets/noto-sans-cyrillic-[0-9]*-normal-*.woff2',
    ]);
  });
});
