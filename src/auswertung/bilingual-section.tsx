import { useTranslation } from 'react-i18next';
import type { Bilingual, BilingualGroup } from './api';
import { FewChildrenWarning, markedName } from './few-children';
import { languageName, number, type T } from './format';
import { NumberTable, Scroll } from './tables';

const groupName = (t: T, group: BilingualGroup) =>
  group.language === null ? t('auswertung.all') : languageName(t, group.language);

/**
 * 'Zweisprachige Profile' (docs/product.md §44): per home language the children tested in it and in
 * German within a few weeks, how their assigned levels compare, and the mean level in each language.
 */
export function BilingualSection({ bilingual }: { bilingual: Bilingual }) {
  const { t } = useTranslation();
  // German's name from its pack; the days from the server's rule (src/children/bilingual.ts).
  const german = languageName(t, bilingual.german);
  const names = { german, pairDays: bilingual.pairDays };
  const all = bilingual.groups.find((group) => group.language === null);
  const languages = bilingual.groups.filter((group) => group.language !== null);
  // 'Gesamt' only beside more than one home language.
  const shown = languages.length > 1 ? bilingual.groups : languages;
  return (
    <section className="auswertung-card" aria-labelledby="bilingual-heading" data-testid="bilingual">
      <h2 id="bilingual-heading">{t('auswertung.bilingual.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.bilingual.intro', names)}</p>
      <p className="auswertung-hint" data-testid="bilingual-meaning">
        {t('auswertung.bilingual.meaning')}
      </p>
      <p className="auswertung-total" data-testid="bilingual-children">
        {t('auswertung.bilingual.children', { count: all?.n ?? 0 })}
      </p>
      {!all || all.n === 0 ? (
        <p>{t('auswertung.bilingual.none')}</p>
      ) : (
        <>
          <FewChildrenWarning
            min={bilingual.minChildren}
            groups={shown
              .filter((group) => group.fewChildren)
              .map((group) => ({ name: groupName(t, group), n: group.n }))}
          />
          <Scroll label={t('auswertung.bilingual.caption', names)}>
            <NumberTable
              className="auswertung-table--bilingual"
              caption={t('auswertung.bilingual.caption', names)}
              corner={t('auswertung.bilingual.homeLanguage')}
              columns={[
                t('auswertung.bilingual.n'),
                t('auswertung.bilingual.higher', names),
                t('auswertung.bilingual.same'),
                t('auswertung.bilingual.lower', names),
                t('auswertung.bilingual.meanHome'),
                t('auswertung.bilingual.meanGerman', names),
              ]}
              rows={shown.map((group) => ({
                label: markedName(groupName(t, group), group.fewChildren),
                cells: [
                  group.n,
                  group.higher,
                  group.same,
                  group.lower,
                  number(group.meanHome),
                  number(group.meanGerman),
                ],
              }))}
            />
          </Scroll>
          <p className="auswertung-hint">{t('auswertung.bilingual.meanNote')}</p>
        </>
      )}
    </section>
  );
}
