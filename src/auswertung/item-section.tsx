import { useTranslation } from 'react-i18next';
import type { ItemAnalysis } from './api';
import { FewChildrenWarning, markedName } from './few-children';
import { languageName, number, percent, type T } from './format';
import { GroupedTable } from './tables';

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

/** The groups from fewer children than the threshold, for FewChildrenWarning. */
export function fewGroups(t: T, groups: ItemAnalysis[]): { name: string; n: number }[] {
  return groups
    .filter((group) => group.fewChildren)
    .map((group) => ({ name: groupName(t, group), n: group.n }));
}

export function ItemSection({ groups, minChildren }: { groups: ItemAnalysis[]; minChildren: number }) {
  const { t } = useTranslation();
  const ordered = orderedGroups(groups);
  const questions = ordered[0]?.items ?? [];
  return (
    <section className="auswertung-card" aria-labelledby="items-heading">
      <h2 id="items-heading">{t('auswertung.items.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.items.intro')}</p>
      <FewChildrenWarning min={minChildren} groups={fewGroups(t, ordered)} />
      <GroupedTable
        className="auswertung-table--items"
        caption={t('auswertung.items.caption')}
        label={t('auswertung.items.caption')}
        leading={[t('auswertung.items.question'), t('auswertung.items.level')]}
        groups={ordered.map((group) => ({
          key: group.language ?? 'all',
          heading: markedName(groupName(t, group), group.fewChildren),
        }))}
        columns={[
          { heading: t('auswertung.items.rate'), numeric: true },
          { heading: t('auswertung.items.noAnswer'), numeric: true },
          { heading: t('auswertung.items.correlation'), numeric: true },
          { heading: t('auswertung.items.n'), numeric: true },
        ]}
        rows={questions.map((question, index) => ({
          key: question.question,
          leading: [question.question, question.level],
          cells: ordered.map((group) => {
            const item = group.items[index];
            const rate = item?.solutionRate ?? null;
            const noAnswer = item?.noAnswerRate ?? null;
            return [
              { value: rate === null ? '–' : percent.format(rate) },
              {
                value: noAnswer === null ? '–' : percent.format(noAnswer),
                data: { 'data-column': 'no-answer' },
              },
              { value: number(item?.itemTotalCorrelation ?? null) },
              { value: item?.n ?? 0 },
            ];
          }),
        }))}
      />
    </section>
  );
}
