import { useTranslation } from 'react-i18next';
import type { DifResult } from './api';
import { languageName, number } from './format';
import { Scroll } from './tables';

export function DifSection({ items, languageFiltered }: { items: DifResult[]; languageFiltered: boolean }) {
  const { t } = useTranslation();
  const focals = [...new Set(items.map((row) => row.focal))];
  const questions = [...new Set(items.map((row) => row.question))];
  const flagged = items.filter((row) => row.category === 'C');
  // No item could be classified: too few children per score group in one of the languages.
  const computable = items.some((row) => row.category !== null);
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
          <Scroll label={t('auswertung.dif.heading')}>
            <table className="auswertung-table auswertung-table--dif">
              <thead>
                <tr>
                  <th scope="col" rowSpan={2}>
                    {t('auswertung.items.question')}
                  </th>
                  {focals.map((focal) => (
                    <th scope="colgroup" colSpan={3} key={focal} className="group-start">
                      {t('auswertung.dif.against', { language: languageName(t, focal) })}
                    </th>
                  ))}
                </tr>
                <tr>
                  {focals.map((focal) => (
                    <DifColumns key={focal} />
                  ))}
                </tr>
              </thead>
              <tbody>
                {questions.map((question) => {
                  const rows = focals.map((focal) =>
                    items.find((row) => row.focal === focal && row.question === question),
                  );
                  return (
                    <tr key={question}>
                      <th scope="row">{question}</th>
                      {rows.map((row, index) => (
                        <DifCells key={focals[index]} row={row} />
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Scroll>
        </>
      )}
    </section>
  );
}

function DifColumns() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col" className="num group-start">
        {t('auswertung.dif.alpha')}
      </th>
      <th scope="col" className="num">
        {t('auswertung.dif.delta')}
      </th>
      <th scope="col">{t('auswertung.dif.category')}</th>
    </>
  );
}

function DifCells({ row }: { row: DifResult | undefined }) {
  const { t } = useTranslation();
  const category = row?.category ?? null;
  const flagged = category === 'C' ? ' dif-c' : '';
  return (
    <>
      <td className={`num group-start${flagged}`}>{number(row?.alpha ?? null)}</td>
      <td className={`num${flagged}`}>{number(row?.delta ?? null)}</td>
      <td className={`dif-category${flagged}`} data-category={category ?? ''}>
        {category ?? t('auswertung.dif.notComputable')}
      </td>
    </>
  );
}
