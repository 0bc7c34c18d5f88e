import { useTranslation } from 'react-i18next';
import type { ChildTest } from './api';

/** A group's name, marked with * (explained by FewChildrenWarning) when it has too few children. */
export const markedName = (name: string, few: boolean) => (few ? `${name} *` : name);

/**
 * The warning under a statistic whose groups include some from fewer than `min` children
 * (MIN_CHILDREN_FOR_STATISTICS, docs/product.md §24); nothing when there are none.
 */
export function FewChildrenWarning({ min, groups }: { min: number; groups: { name: string; n: number }[] }) {
  const { t } = useTranslation();
  if (groups.length === 0) return null;
  return (
    <p className="auswertung-warning" data-testid="few-children">
      {t('auswertung.perChild.few', {
        min,
        groups: groups.map((group) => t('auswertung.perChild.fewGroup', group)).join(', '),
      })}
    </p>
  );
}

/** What the statistics from here on count: children, one test each. */
export function PerChildNote({ count, test }: { count: number; test: ChildTest }) {
  const { t } = useTranslation();
  return (
    <p className="auswertung-hint" data-testid="per-child">
      {t('auswertung.perChild.note', {
        count,
        test: t(test === 'erster' ? 'auswertung.perChild.first' : 'auswertung.perChild.last'),
      })}
    </p>
  );
}
