import { dataKinds, letters } from 'virtual:zaehltest-letters';
import { describe, expect, it } from 'vitest';
import { DATA_KINDS } from '../../schemas/letter-texts';
import { resultPayloadSchema } from '../../schemas/result-payload';
import { BLANK, fillPlaceholders, parentLetter, resultLetter } from './letter-document';

const german = { texts: letters.de!.texts, dir: 'ltr' as const, lang: 'de-DE' };
const arabic = {
  side: { texts: letters.ar!.texts, dir: 'rtl' as const, lang: 'ar-SA' },
  status: letters.ar!.status,
};
const facts = { serverRetentionMonths: 36, deviceRetentionMonths: 18 };

/** Every text of a letter, both columns, as one string. */
function allText(doc: ReturnType<typeof parentLetter>): string {
  return JSON.stringify(doc);
}

describe('the Elternbrief (docs/product.md §49)', () => {
  it('fills in the deployment’s facts and prints a blank line for a fact left unset, in both columns', () => {
    const doc = parentLetter({
      german,
      own: arabic,
      facts: { ...facts, controller: 'Kita Regenbogen' },
      dataKinds,
    });
    const text = allText(doc);
    expect(text).toContain(
      `Verantwortlich für die Daten: Kita Regenbogen. Fragen zum Datenschutz beantwortet: ${BLANK}`,
    );
    expect(text).toContain('المسؤول عن البيانات: Kita Regenbogen.');
    expect(text).toContain('36 Monate nach dem letzten Test');
    expect(text).toContain('18 Monate lang nicht getestet');
    expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
    expect(doc.ownDir).toBe('rtl');
    // The translations are unreviewed: the letter says so.
    expect(doc.draft).toBe(true);
  });

  it('lists what the upload holds, read from the upload schema: the child code, never a name', () => {
    expect(Object.keys(resultPayloadSchema.shape)).toContain('childCode');
    // Every kind has a field in today's upload; the code comes first, the technical details last.
    expect(dataKinds).toEqual([...DATA_KINDS]);
    expect(dataKinds.at(0)).toBe('dataChildCode');
    const list = parentLetter({ german, facts, dataKinds }).parts.find((part) => part.kind === 'list');
    expect(list?.kind === 'list' && list.items.map((item) => item.german)).toContain(
      'ein Kind-Code aus 6 Zeichen statt des Namens',
    );
  });

  it('puts the child’s name on the consent form, and none on the blank letter', () => {
    const named = parentLetter({ german, facts, dataKinds, childName: 'Zeynep Kaya' });
    const blank = parentLetter({ german, facts, dataKinds });
    const nameLine = (doc: typeof named) => doc.parts.find((part) => part.kind === 'line');
    expect(nameLine(named)).toMatchObject({ value: 'Zeynep Kaya' });
    expect(nameLine(blank)).not.toHaveProperty('value');
    expect(blank.ownDir).toBeUndefined();
    expect(blank.draft).toBe(false);
  });
});

describe('the Ergebnisbrief', () => {
  it('names the level the child works on and prints three play ideas', () => {
    const doc = resultLetter({
      german,
      own: arabic,
      childName: 'Amal',
      testDate: '03.11.2026',
      level: 2,
      activities: [
        { german: 'eins', own: 'واحد' },
        { german: 'zwei' },
        { german: 'drei' },
        { german: 'vier' },
      ],
    });
    const text = allText(doc);
    expect(text).toContain('Amal arbeitet gerade an: Zahlen ordnen und vergleichen.');
    expect(text).toContain('Amal hat am 03.11.2026 beim Zähltest mitgemacht');
    expect(text).toContain('ترتيب الأرقام ومقارنتها');
    const list = doc.parts.find((part) => part.kind === 'list');
    expect(list?.kind === 'list' && list.items).toEqual([
      { german: 'eins', own: 'واحد' },
      { german: 'zwei' },
      { german: 'drei' },
    ]);
    // Not every play idea is translated: the Arabic column says where they stand.
    expect(text).toContain(letters.ar!.texts.resultActivitiesNote);
  });
});

describe('fillPlaceholders', () => {
  it('replaces every placeholder and leaves a blank line for one without a value', () => {
    expect(fillPlaceholders('{a} und {b}', { a: 'eins' })).toBe(`eins und ${BLANK}`);
  });
});
