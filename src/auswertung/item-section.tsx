import { useTranslation } from 'react-i18next';
import type { ItemAnalysis } from './api';
import { languageName, number, percent, type T } from './format';
import { Scroll } from './tables';

/** A column group's heading: its language, or all children together. */
export function groupName(t: T, group: ItemAnalysis): string {
  return group.language === null ? t('auswertung.all') : languageName(t, group.language);
}

/** Groups in column order: the languages present, then all together. */
export function orderedGroups(groups: ItemAnalysis[]): ItemAnalysis[] {
  return [
    ...groups.filter((group) => group.language !== null),
    ...groups.filter((group) => group.language === null),
  ];
}

export function ItemSection({ groups }: { groups: ItemAnalysis[] }) {
  const { t } = useTranslation();
  const ordered = orderedGroups(groups);
  const questions = ordered[0]?.items ?? [];
  return (
    <section className="auswertung-card" aria-labelledby="items-heading">
      <h2 id="items-heading">{t('auswertung.items.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.items.intro')}</p>
      <Scroll label={t('auswertung.items.caption')}>
        <table className="auswertung-table auswertung-table--items">
          <caption className="visually-hidden">{t('auswertung.items.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {t('auswertung.items.question')}
              </th>
              <th scope="col" rowSpan={2}>
                {t('auswertung.items.level')}
              </th>
              {ordered.map((group) => (
                <th scope="colgroup" colSpan={4} key={group.language ?? 'all'} className="group-start">
                  {groupName(t, group)}
                </th>
              ))}
            </tr>
            <tr>
              {ordered.map((group) => (
                <GroupColumns key={group.language ?? 'all'} />
              ))}
            </tr>
          </thead>
          <tbody>
            {questions.map((question, index) => (
              <tr key={question.question}>
                <th scope="row">{question.question}</th>
                <td>{question.level}</td>
                {ordered.map((group) => {
                  const item = group.items[index];
                  return (
                    <ItemCells
                      key={group.language ?? 'all'}
                      rate={item?.solutionRate ?? null}
                      noAnswer={item?.noAnswerRate ?? null}
                      correlation={item?.itemTotalCorrelation ?? null}
                      n={item?.n ?? 0}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </section>
  );
}

function GroupColumns() {
  const { t } = useTranslation();
  return (
    <>
      <th scope="col" className="num group-start">
        {t('auswertung.items.rate')}
      </th>
      <th scope="col" className="num">
        {t('auswertung.items.noAnswer')}
      </th>
      <th scope="col" className="num">
        {t('auswertung.items.correlation')}
      </th>
      <th scope="col" className="num">
        {t('auswertung.items.n')}
      </th>
    </>
  );
}

function ItemCells({
  rate,
  noAnswer,
  correlation,
  n,
}: {
  rate: number | null;
  noAnswer: number | null;
  correlation: number | null;
  n: number;
}) {
  return (
    <>
      <td className="num group-start">{rate === null ? '–' : percent.format(rate)}</td>
      <td className="num" data-column="no-answer">
        {noAnswer === null ? '–' : percent.format(noAnswer)}
      </td>
      <td className="num">{number(correlation)}</td>
      <td className="num">{n}</td>
    </>
  );
}
