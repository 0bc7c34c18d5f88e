import { useTranslation } from 'react-i18next';
import type { ItemAnalysis } from './api';
import { FewChildrenWarning, markedName } from './few-children';
import { number } from './format';
import { fewGroups, groupName, orderedGroups } from './item-section';
import { NumberTable, Scroll } from './tables';

export function ReliabilitySection({ groups, minChildren }: { groups: ItemAnalysis[]; minChildren: number }) {
  const { t } = useTranslation();
  const ordered = orderedGroups(groups);
  const scopes = ordered[0]?.reliability.map((row) => row.level) ?? [];
  return (
    <section className="auswertung-card" aria-labelledby="reliability-heading">
      <h2 id="reliability-heading">{t('auswertung.reliability.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.reliability.intro')}</p>
      <FewChildrenWarning min={minChildren} groups={fewGroups(t, ordered)} />
      <Scroll label={t('auswertung.reliability.heading')}>
        <NumberTable
          corner={t('auswertung.reliability.scope')}
          columns={ordered.map((group) => markedName(groupName(t, group), group.fewChildren))}
          rows={scopes.map((scope, index) => ({
            label:
              scope === 'all'
                ? t('auswertung.reliability.whole')
                : t('auswertung.reliability.level', { level: scope }),
            cells: ordered.map((group) => number(group.reliability[index]?.kr20 ?? null)),
          }))}
        />
      </Scroll>
    </section>
  );
}
