import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { fullRun, USER } from '../results/test-fixtures';
import { buildResultDocument } from './use-result-document';

const t = i18n.t.bind(i18n);

describe('the understanding recorded on the start screen in the results document (docs/product.md §39)', () => {
  it.each([
    ['yes', 'ja'],
    ['partly', 'teilweise'],
    ['no', 'nein'],
  ] as const)("shows %s as 'Sprachverständnis: %s' right after the language", (understanding, words) => {
    const doc = buildResultDocument(USER, fullRun([1, 2]), t, undefined, null, understanding);
    const at = doc.details.findIndex((detail) => detail.id === 'understanding');
    expect(doc.details[at]).toEqual({ label: 'Sprachverständnis', value: words, id: 'understanding' });
    expect(doc.details[at - 1]?.label).toBe('Sprache');
  });

  it('keeps it in a test ended early', () => {
    const doc = buildResultDocument(
      USER,
      fullRun([1]).slice(0, 2),
      t,
      undefined,
      { reason: 'language', lastQuestion: 3 },
      'no',
    );
    expect(doc.details.find((detail) => detail.id === 'understanding')?.value).toBe('nein');
  });

  it('leaves it out of a session saved before it was asked', () => {
    const doc = buildResultDocument(USER, fullRun([1, 2]), t);
    expect(doc.details.map((detail) => detail.label)).not.toContain('Sprachverständnis');
  });
});
