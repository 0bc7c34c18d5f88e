import { useTranslation } from 'react-i18next';
import type { DifResult } from './api';
import { FewChildrenWarning, markedName } from './few-children';
import { languageName, number } from './format';
import { LANGUAGE_VARIABLES } from './language-texts';
import { type GroupedCell, GroupedTable } from './tables';

export function DifSection({
  items,
  languageFiltered,
  minChildren,
}: {
  items: DifResult[];
  languageFiltered: boolean;
  minChildren: number;
}) {
  const { t } = useTranslation();
  const focals = [...new Set(items.map((row) => row.focal))];
  const questions = [...new Set(items.map((row) => row.question))];
  const flagged = items.filter((row) => row.category === 'C');
  // No item could be classified: too few children per score group in one of the languages.
  const computable = items.some((row) => row.category !== null);
  // The children compared are the same for every item of a focal language.
  const comparisons = focals.map((focal) => {
    const row = items.find((entry) => entry.focal === focal) as DifResult;
    return {
      focal,
      name: t('auswertung.dif.against', {
        language: languageName(t, focal),
        reference: LANGUAGE_VARIABLES.reference,
      }),
      n: Math.min(row.referenceN, row.focalN),
      few: row.fewChildren,
    };
  });
  return (
    <section className="auswertung-card" aria-labelledby="dif-heading">
      <h2 id="dif-heading">{t('auswertung.dif.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.dif.intro')}</p>
      {languageFiltered && <p className="auswertung-hint">{t('auswertung.dif.ignoresLanguage')}</p>}
      {focals.length === 0 ? (
        <p>{t('auswertung.dif.noFocal')}</p>
      ) : (
        <>
          <p className="auswertung-flagged">
            {!computable
              ? t('auswertung.dif.tooFewData')
              : flagged.length
                ? t('auswertung.dif.flagged', {
                    questions: flagged
                      .map((row) => `${row.question} (${languageName(t, row.focal)})`)
                      .join(', '),
                  })
                : t('auswertung.dif.noneFlagged')}
            {computable &&
              items.some((row) => row.category === null) &&
              ` ${t('auswertung.dif.someNotComputable')}`}
          </p>
          <FewChildrenWarning min={minChildren} groups={comparisons.filter((comparison) => comparison.few)} />
          <GroupedTable
            className="auswertung-table--dif"
            label={t('auswertung.dif.heading')}
            leading={[t('auswertung.items.question')]}
            groups={comparisons.map((comparison) => ({
              key: comparison.focal,
              heading: markedName(comparison.name, comparison.few),
            }))}
            columns={[
              { heading: t('auswertung.dif.alpha'), numeric: true },
              { heading: t('auswertung.dif.delta'), numeric: true },
              { heading: t('auswertung.dif.category'), numeric: false },
            ]}
            rows={questions.map((question) => ({
              key: question,
              leading: [question],
              cells: focals.map((focal) =>
                difCells(
                  t('auswertung.dif.notComputable'),
                  items.find((row) => row.focal === focal && row.question === question),
                ),
              ),
            }))}
          />
        </>
      )}
    </section>
  );
}

/** α, delta and category of one item and focal language; a category C is highlighted. */
function difCells(notComputable: string, row: DifResult | undefined): GroupedCell[] {
  const category = row?.category ?? null;
  const flagged = category === 'C' ? 'dif-c' : undefined;
  return [
    { value: number(row?.alpha ?? null), className: flagged },
    { value: number(row?.delta ?? null), className: flagged },
    {
      value: category ?? notComputable,
      className: flagged ? `dif-category ${flagged}` : 'dif-category',
      data: { 'data-category': category ?? '' },
    },
  ];
}
