import './group-overview.css';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildOverview,
  filterRows,
  MAX_RETEST_WEEKS,
  type OverviewFilter,
  type OverviewRow,
  type SortDirection,
  type SortKey,
  sortRows,
} from '../children/overview';
import { childrenRepository } from '../children/repository';
import { isRetestWeeks, loadRetestWeeks, saveRetestWeeks } from '../children/retest-interval';
import type { Child, LocalResult } from '../children/types';
import { buildVerlauf } from '../children/verlauf';
import { childLanguages, languageLabel } from '../content/languages';
import { germanDate } from '../domain/date';
import type { ChildLanguage } from '../domain/facts';
import { localDay } from '../results/format';
import { useStore } from '../store';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { COLUMN_KEYS, type OverviewCells, overviewCells } from './group-overview-model';
import { verlaufSection } from './verlauf-document';
import { VerlaufTable } from './verlauf-table';

type Data =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; children: Child[]; results: LocalResult[] };

/**
 * The Gruppenübersicht (docs/product.md, Gruppenübersicht): every child of the device with its
 * newest test, sortable by each column and filtered by language and Förderbedarf, 'erneut testen
 * ab' from a remembered interval, printable as A4 landscape PDF, each child's Verlauf and its
 * deletion, and the children not tested for 18 months offered for deletion.
 */
export function GroupOverviewScreen() {
  const { t } = useTranslation();
  const closeOverview = useStore((s) => s.closeOverview);
  const [data, setData] = useState<Data>({ kind: 'loading' });
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'name',
    direction: 'ascending',
  });
  const [filter, setFilter] = useState<OverviewFilter>({ language: '', supportOnly: false });
  const [weeks, setWeeks] = useState(loadRetestWeeks);
  const [weeksText, setWeeksText] = useState(() => String(weeks));
  const [opened, setOpened] = useState<string | null>(null);
  /** Children to delete after confirmation; `one` for 'Kind löschen' in a child's Verlauf. */
  const [toDelete, setToDelete] = useState<{ children: Child[]; one: boolean } | null>(null);
  const [problem, setProblem] = useState<'delete' | 'print' | null>(null);
  const [printing, setPrinting] = useState(false);
  const today = useMemo(() => localDay(new Date().toISOString()), []);
  const ids = {
    language: useId(),
    support: useId(),
    weeks: useId(),
    weeksProblem: useId(),
    heading: useId(),
  };

  const load = useCallback(() => {
    const repository = childrenRepository();
    Promise.all([repository.listChildren(), repository.allResults()]).then(
      ([children, results]) => setData({ kind: 'ready', children, results }),
      (error: unknown) => {
        console.error('The children of this device could not be read', error);
        setData({ kind: 'failed' });
      },
    );
  }, []);
  useEffect(load, [load]);

  const rows = useMemo(
    () => (data.kind === 'ready' ? buildOverview(data.children, data.results, today, weeks) : []),
    [data, today, weeks],
  );
  // Every row stays in the table; a filter only hides rows, so it never re-creates them.
  const sorted = useMemo(() => sortRows(rows, sort.key, sort.direction), [rows, sort]);
  const visible = useMemo(
    () => new Set(filterRows(rows, filter).map((row) => row.child.code)),
    [rows, filter],
  );
  const shown = useMemo(() => sorted.filter((row) => visible.has(row.child.code)), [sorted, visible]);
  // The texts of every row once per data set, not per sort or filter (docs/product.md: fast with 300 children).
  const cells = useMemo(
    () => new Map(rows.map((row) => [row.child.code, overviewCells(row, today, t)])),
    [rows, today, t],
  );
  const openLabels = useMemo(
    () => new Map([...cells].map(([code, row]) => [code, t('overview.openNamed', { name: row.name })])),
    [cells, t],
  );
  const expired = useMemo(() => rows.filter((row) => row.expired), [rows]);
  const openedRow = rows.find((row) => row.child.code === opened);

  const sortBy = (key: SortKey) =>
    setSort((now) => ({
      key,
      direction: now.key === key && now.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  const remove = async (children: Child[]) => {
    setToDelete(null);
    try {
      const repository = childrenRepository();
      for (const child of children) await repository.deleteChild(child.code);
      setOpened(null);
      setProblem(null);
    } catch (error) {
      console.error('Deleting children failed', error);
      setProblem('delete');
    }
    load();
  };

  const columnLabel = (key: SortKey) => t(`overview.columns.${key}`);
  const openText = t('overview.open');
  const filterText = [
    filter.language ? languageLabel(filter.language) : t('overview.allLanguages'),
    ...(filter.supportOnly ? [t('overview.supportOnly')] : []),
  ].join(', ');

  async function print() {
    if (printing) return;
    setPrinting(true);
    try {
      const { saveOverviewPdf } = await import('./group-overview-pdf');
      const result = saveOverviewPdf(
        shown.map((row) => ({ cells: cells.get(row.child.code)!, needsSupport: row.needsSupport })),
        {
          title: t('overview.printTitle'),
          date: t('overview.printDate', { date: germanDate(today) }),
          filter: t('overview.printFilter', { filter: filterText }),
          columns: COLUMN_KEYS.map(columnLabel),
          disclaimer: t('result.disclaimer'),
          pageLabel: (page, pages) => t('overview.printPage', { page, pages }),
        },
        `Gruppenuebersicht_${today}.pdf`,
      );
      console.info('Overview PDF saved', result);
      setProblem(null);
    } catch (error) {
      console.error('Overview PDF failed', error);
      setProblem('print');
    } finally {
      setPrinting(false);
    }
  }

  return (
    <div className="group-overview">
      <div className="overview-toolbar">
        <button type="button" className="button button-secondary" onClick={closeOverview}>
          {t('overview.back')}
        </button>
        <h1 className="overview-title">{t('overview.title')}</h1>
        <button
          type="button"
          className="button button-secondary button-primary"
          onClick={print}
          disabled={printing || data.kind !== 'ready'}
        >
          {printing ? t('overview.printing') : t('overview.print')}
        </button>
      </div>
      {problem && (
        <p className="field-problem overview-problem" role="alert">
          {problem === 'print' ? t('overview.printFailed') : t('overview.deleteFailed')}
        </p>
      )}
      {data.kind === 'loading' && <p className="overview-note">{t('overview.loading')}</p>}
      {data.kind === 'failed' && (
        <p className="field-problem overview-problem" role="alert">
          {t('overview.loadFailed')}
        </p>
      )}
      {expired.length > 0 && (
        <section className="overview-retention" aria-labelledby={`${ids.heading}-retention`}>
          <h2 id={`${ids.heading}-retention`}>{t('overview.retention.heading')}</h2>
          <p>{t('overview.retention.text', { count: expired.length })}</p>
          <ul>
            {expired.map((row) => (
              <li key={row.child.code} dir="auto">
                {row.child.name || t('children.noName')} ({t('overview.childCode', { code: row.child.code })},{' '}
                {row.last
                  ? `${t('overview.columns.lastTest')}: ${germanDate(row.last.testDate)}`
                  : t('overview.notTested')}
                )
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button-secondary button-danger"
            onClick={() => setToDelete({ children: expired.map((row) => row.child), one: false })}
          >
            {t('overview.retention.delete', { count: expired.length })}
          </button>
        </section>
      )}
      {data.kind === 'ready' && (
        <>
          <fieldset className="overview-filters">
            <legend className="visually-hidden">{t('overview.filters')}</legend>
            <div className="overview-field">
              <label htmlFor={ids.language}>{t('overview.language')}</label>
              <select
                id={ids.language}
                className="select"
                value={filter.language}
                onChange={(e) => setFilter((f) => ({ ...f, language: e.target.value as ChildLanguage | '' }))}
              >
                <option value="">{t('overview.allLanguages')}</option>
                {childLanguages.map((language) => (
                  <option key={language} value={language}>
                    {languageLabel(language)}
                  </option>
                ))}
              </select>
            </div>
            <label className="overview-check" htmlFor={ids.support}>
              <input
                id={ids.support}
                type="checkbox"
                checked={filter.supportOnly}
                onChange={(e) => setFilter((f) => ({ ...f, supportOnly: e.target.checked }))}
              />
              <span>{t('overview.supportOnly')}</span>
            </label>
            <div className="overview-field">
              <label htmlFor={ids.weeks}>{t('overview.interval')}</label>
              <input
                id={ids.weeks}
                className="text-input overview-weeks"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_RETEST_WEEKS}
                value={weeksText}
                aria-invalid={!isRetestWeeks(Number(weeksText))}
                aria-describedby={isRetestWeeks(Number(weeksText)) ? undefined : ids.weeksProblem}
                onChange={(e) => {
                  setWeeksText(e.target.value);
                  const value = Number(e.target.value);
                  if (e.target.value !== '' && isRetestWeeks(value)) {
                    setWeeks(value);
                    saveRetestWeeks(value);
                  }
                }}
              />
            </div>
          </fieldset>
          {!isRetestWeeks(Number(weeksText)) && (
            <p id={ids.weeksProblem} className="field-problem" role="alert">
              {t('overview.intervalProblem', { max: MAX_RETEST_WEEKS })}
            </p>
          )}
          <p className="overview-note" role="status">
            {t('overview.count', { count: shown.length, total: rows.length })} · {t('overview.supportHint')}
          </p>
          {rows.length === 0 ? (
            <p className="overview-note">{t('overview.empty')}</p>
          ) : (
            <div className="overview-scroll">
              <table className="overview-table" aria-labelledby={ids.heading}>
                <caption id={ids.heading} className="visually-hidden">
                  {t('overview.title')}
                </caption>
                <thead>
                  <tr>
                    {COLUMN_KEYS.map((key) => (
                      <th
                        key={key}
                        scope="col"
                        aria-sort={sort.key === key ? sort.direction : undefined}
                        className={`col-${key}`}
                      >
                        <button
                          type="button"
                          className="overview-sort"
                          onClick={() => sortBy(key)}
                          title={t('overview.sortBy', { column: columnLabel(key) })}
                        >
                          {columnLabel(key)}
                          <span aria-hidden="true" className="overview-sort-mark">
                            {sort.key === key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}
                          </span>
                        </button>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sorted.map((row) => (
                    <OverviewTableRow
                      key={row.child.code}
                      hidden={!visible.has(row.child.code)}
                      code={row.child.code}
                      needsSupport={row.needsSupport}
                      cells={cells.get(row.child.code)!}
                      openLabel={openLabels.get(row.child.code)!}
                      openText={openText}
                      onOpen={setOpened}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="overview-disclaimer">{t('result.disclaimer')}</p>
        </>
      )}
      {openedRow && !toDelete && (
        <ChildVerlauf
          row={openedRow}
          onClose={() => setOpened(null)}
          onDelete={() => setToDelete({ children: [openedRow.child], one: true })}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={toDelete.one ? t('overview.deleteTitle') : t('overview.retention.title')}
          message={
            toDelete.one
              ? t('overview.deleteText', { name: toDelete.children[0]!.name || t('children.noName') })
              : t('overview.retention.confirmText', { count: toDelete.children.length })
          }
          back={t('overview.deleteKeep')}
          goOn={t('overview.deleteConfirm')}
          danger
          onBack={() => setToDelete(null)}
          onGoOn={() => void remove(toDelete.children)}
        />
      )}
    </div>
  );
}

/** One child's row; memoised, so a sort or a filter only moves rows and never re-renders them. */
const OverviewTableRow = memo(function OverviewTableRow({
  code,
  hidden,
  needsSupport,
  cells,
  openLabel,
  openText,
  onOpen,
}: {
  code: string;
  hidden: boolean;
  needsSupport: boolean;
  cells: OverviewCells;
  openLabel: string;
  openText: string;
  onOpen(code: string): void;
}) {
  return (
    <tr className={needsSupport ? 'needs-support' : undefined} hidden={hidden}>
      <th scope="row" className="col-name">
        <span dir="auto">{cells.name}</span>
        <button type="button" className="overview-open" aria-label={openLabel} onClick={() => onOpen(code)}>
          {openText}
        </button>
      </th>
      <td>{cells.age}</td>
      <td>{cells.language}</td>
      <td>{cells.lastTest}</td>
      <td className="col-points">{cells.level1}</td>
      <td className="col-points">{cells.level2}</td>
      <td className="col-points">{cells.level3}</td>
      <td className="col-assigned">{cells.assigned}</td>
      <td className={needsSupport ? 'col-unmet is-unmet' : 'col-unmet'}>{cells.unmet}</td>
      <td>{cells.retest}</td>
    </tr>
  );
});

/** A child's Verlauf, opened from the overview, with 'Kind löschen'. */
function ChildVerlauf({ row, onClose, onDelete }: { row: OverviewRow; onClose(): void; onDelete(): void }) {
  const { t } = useTranslation();
  const name = row.child.name || t('children.noName');
  const section = verlaufSection(buildVerlauf(row.results), t);
  return (
    <Dialog title={t('overview.childHeading', { name })} onClose={onClose}>
      <div className="overview-child">
        <p className="dialog-text">{t('overview.childCode', { code: row.child.code })}</p>
        {row.results.length === 0 ? (
          <p className="dialog-text">{t('overview.notTested')}</p>
        ) : (
          <VerlaufTable verlauf={section} caption={t('overview.childHeading', { name })} />
        )}
      </div>
      <div className="dialog-buttons">
        <button type="button" className="button button-danger" onClick={onDelete}>
          {t('overview.delete')}
        </button>
        <button type="button" className="button" data-autofocus onClick={onClose}>
          {t('overview.close')}
        </button>
      </div>
    </Dialog>
  );
}
