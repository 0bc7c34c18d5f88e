import { languages } from 'virtual:zaehltest-languages';
import { describe, expect, it } from 'vitest';
import { deAuswertung } from '../i18n/de-auswertung';
import { i18n } from './i18n';
import { fillLanguages, LANGUAGE_VARIABLES } from './language-texts';

const children = languages.filter((language) => language.resultCode !== undefined);
const reference = children.find((language) => language.default);

describe("the Auswertung's texts that name languages", () => {
  it('take the DIF reference group from the pack marked default', () => {
    expect(reference).toBeDefined();
    expect(LANGUAGE_VARIABLES.reference).toBe(reference?.name);
    expect(i18n.t('auswertung.dif.intro')).toContain(`Referenzgruppe ist ${reference?.name}.`);
    expect(
      i18n.t('auswertung.dif.against', { language: 'Arabisch', reference: LANGUAGE_VARIABLES.reference }),
    ).toBe(`Arabisch gegen ${reference?.name}`);
    expect(i18n.t('auswertung.dif.noFocal')).toContain(`Ergebnisse auf ${reference?.name} oder`);
  });

  it('list every child language of the packs with its result code in the column explanations', () => {
    const texts = deAuswertung.columns.list.map((column) => fillLanguages(column.text)).join('\n');
    for (const language of children) {
      expect(texts).toContain(`${language.resultCode} ${language.name}`);
    }
    expect(texts).not.toMatch(/\{\{/);
  });
});
