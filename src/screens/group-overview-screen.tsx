import './group-overview.css';
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../schemas/test-languages';
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
import { userOfChild } from '../children/user-of-child';
import { buildVerlauf } from '../children/verlauf';
import { childLanguages, isDraftLanguage, languageLabel, textDirection } from '../content/languages';
import { germanDate, localDay } from '../domain/date';
import type { ChildLanguage } from '../domain/facts';
import { ParentLetterButton } from '../letters/letter-button';
import { pdfFileName } from '../results/pdf-file-name';
import { readSite } from '../settings/site';
import { useStore } from '../store';
import { ConfirmDialog, Dialog } from '../ui/dialog';
import { ConsentPanel, recordConsent } from './consent-panel';
import { DraftLanguageNote } from './draft-language-note';
import {
  COLUMN_KEYS,
  type NextStep,
  nextStep,
  type OverviewCells,
  overviewCells,
} from './group-overview-model';
import { lastResultDocument } from './last-result-document';
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
  /** The child whose last result is shown ('Letztes Ergebnis'). */
  const [resultOf, setResultOf] = useState<string | null>(null);
  const setUser = useStore((s) => s.setUser);
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
  // Sorting and filtering work on the plain rows; only the rows in view are ever rendered.
  const sorted = useMemo(() => sortRows(rows, sort.key, sort.direction), [rows, sort]);
  const shown = useMemo(() => filterRows(sorted, filter), [sorted, filter]);
  // The German texts of a row, made when the row first shows (or for the PDF), once per data set.
  // (The rows are made anew with new data or a new interval, so their texts are too.)
  const cellsOf = useMemo(() => {
    const made = new WeakMap<OverviewRow, { cells: OverviewCells; next: NextStep }>();
    return (row: OverviewRow) => {
      let texts = made.get(row);
      if (!texts) {
        texts = { cells: overviewCells(row, today, t), next: nextStep(row, today, t) };
        made.set(row, texts);
      }
      return texts;
    };
  }, [today, t]);
  const expired = useMemo(() => rows.filter((row) => row.expired), [rows]);
  const openedRow = rows.find((row) => row.child.code === opened);
  const resultRow = rows.find((row) => row.child.code === resultOf);
  const labels = useMemo(() => COLUMN_KEYS.map((key) => t(`overview.columns.${key}`)), [t]);
  const rowTexts = useMemo(
    () => ({
      open: t('overview.open'),
      result: t('overview.lastResult'),
      start: t('overview.startTest'),
      support: t('overview.next.support'),
      german: t('bilingual.testInGerman'),
    }),
    [t],
  );
  // The buttons' names with the child's name; one function, so the memoised rows stay equal.
  const namedLabel = useCallback(
    (button: 'open' | 'result' | 'start' | 'german', name: string) =>
      t(
        button === 'open'
          ? 'overview.openNamed'
          : button === 'result'
            ? 'overview.lastResultNamed'
            : button === 'german'
              ? 'bilingual.testInGermanNamed'
              : 'overview.startTestNamed',
        { name },
      ),
    [t],
  );
  // 'Test beginnen' for a child: the details form opens with it filled in, as choosing it in
  // 'Kinder auf diesem Gerät' does (user-data-screen.tsx takes a child code it knows as that child).
  // 'Auf Deutsch testen' gives the language (docs/product.md §44); the child keeps its home language.
  const startWith = useCallback(
    (code: string, language?: ChildLanguage) => {
      const child = data.kind === 'ready' ? data.children.find((c) => c.code === code) : undefined;
      if (!child) return;
      setUser(language ? { ...userOfChild(child), language } : userOfChild(child));
      closeOverview();
    },
    [data, setUser, closeOverview],
  );

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
        shown.map((row) => ({
          ...cellsOf(row),
          needsSupport: row.needsSupport,
          dir: textDirection(row.child.language),
        })),
        {
          title: t('overview.printTitle'),
          date: t('overview.printDate', { date: germanDate(today) }),
          filter: t('overview.printFilter', { filter: filterText }),
          columns: COLUMN_KEYS.map(columnLabel),
          // '(Entwurf)' in the language column is explained under the table, as on the screen.
          disclaimer: shown.some((row) => isDraftLanguage(row.child.language))
            ? `${t('result.disclaimer')} ${t('languages.draftNote')}`
            : t('result.disclaimer'),
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
          <DraftLanguageNote languages={rows.map((row) => row.child.language)} className="overview-note" />
          {rows.length === 0 ? (
            <p className="overview-note">{t('overview.empty')}</p>
          ) : (
            <div className="overview-scroll">
              <table
                className="overview-table"
                aria-labelledby={ids.heading}
                // Only the rows in view are in the page: the count and each row's number tell
                // assistive technology where it is in the whole list (docs/product.md).
                aria-rowcount={shown.length + 1}
              >
                <caption id={ids.heading} className="visually-hidden">
                  {t('overview.title')}
                </caption>
                <thead>
                  <tr aria-rowindex={1}>
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
                <VirtualRows
                  rows={shown}
                  render={(row, index) => {
                    const { cells, next } = cellsOf(row);
                    return (
                      <OverviewTableRow
                        key={row.child.code}
                        index={index}
                        code={row.child.code}
                        needsSupport={row.needsSupport}
                        tested={row.last !== undefined}
                        cells={cells}
                        next={next}
                        labels={labels}
                        texts={rowTexts}
                        named={namedLabel}
                        onOpen={setOpened}
                        onResult={setResultOf}
                        onStart={startWith}
                      />
                    );
                  }}
                />
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
          onChanged={load}
        />
      )}
      {resultRow?.last && <LastResult row={resultRow} onClose={() => setResultOf(null)} />}
      {toDelete && (
        <ConfirmDialog
          title={toDelete.one ? t('overview.deleteTitle') : t('overview.retention.title')}
          message={[
            toDelete.one
              ? t('overview.deleteText', {
                  name: toDelete.children[0]!.name || t('children.noName'),
                  code: toDelete.children[0]!.code,
                })
              : t('overview.retention.confirmText', { count: toDelete.children.length }),
            toDelete.one
              ? t('overview.deleteStaysCode', { code: toDelete.children[0]!.code })
              : t('overview.deleteStays'),
          ]}
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

/** A row's height before any row was measured; the measured mean replaces it (a larger first guess
 * left the end of 300 rows unreachable by one scroll in tests/children-overview-large.test.ts). */
const ESTIMATED_ROW_PX = 80;
/** Rows rendered above and below the window, so a quick scroll or a tab never meets a gap. */
const OVERSCAN_PX = 800;

/**
 * The body of the overview's table with only the rows in (and near) the window rendered; two
 * empty rows stand in for the rest, so the page scrolls as if every row were there. With 300
 * children a sort, a filter or the first render lays out some 30 rows, not 300 (docs/product.md,
 * Gruppenübersicht). The rows' height is measured once they show. Tab and Shift+Tab from the
 * last or first rendered row render the next row first, so the keyboard reaches every child;
 * a row with the focus stays rendered while the page scrolls away from it.
 */
function VirtualRows({
  rows,
  render,
}: {
  rows: readonly OverviewRow[];
  render(row: OverviewRow, index: number): ReactNode;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [height, setHeight] = useState(ESTIMATED_ROW_PX);
  /**
   * Every row measured so far at this window width (a row's texts never change, but its height does
   * with the width: a tablet turned, or a table that becomes cards on a phone).
   */
  const measured = useRef({ rows: new WeakSet<OverviewRow>(), count: 0, sum: 0, width: 0 });
  const [width, setWidth] = useState(globalThis.innerWidth || 0);
  const [view, setWindow] = useState({ top: 0, bottom: globalThis.innerHeight || 1000 });
  const [focused, setFocused] = useState<number | null>(null);

  const measureWindow = useCallback(() => {
    const element = body.current;
    if (!element) return;
    const top = -element.getBoundingClientRect().top;
    const next = { top: Math.max(0, top), bottom: Math.max(0, top + globalThis.innerHeight) };
    setWindow((now) => (now.top === next.top && now.bottom === next.bottom ? now : next));
  }, []);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measureWindow);
    };
    const onResize = () => {
      setWidth(globalThis.innerWidth);
      onScroll();
    };
    globalThis.addEventListener('scroll', onScroll, { passive: true });
    globalThis.addEventListener('resize', onResize);
    measureWindow();
    return () => {
      cancelAnimationFrame(frame);
      globalThis.removeEventListener('scroll', onScroll);
      globalThis.removeEventListener('resize', onResize);
    };
  }, [measureWindow]);

  let start = Math.max(0, Math.floor((view.top - OVERSCAN_PX) / height));
  let end = Math.min(rows.length, Math.ceil((view.bottom + OVERSCAN_PX) / height));
  if (start > end) start = end = Math.max(0, Math.min(start, rows.length));
  if (focused !== null && focused < rows.length) {
    start = Math.min(start, focused);
    end = Math.max(end, focused + 1);
  }

  // The rows' mean height, for the window and the stand-in rows (rows differ little: a long name
  // or a cell may wrap). It settles as more rows are measured. Without layout (unit tests) the
  // estimate stays.
  useLayoutEffect(() => {
    // Heights measured at another width say nothing about this one (rows measured as phone cards
    // left the end of the list out of reach at 1024 px, seen in a clean-clone rehearsal).
    if (measured.current.width !== width)
      measured.current = { rows: new WeakSet<OverviewRow>(), count: 0, sum: 0, width };
    const seen = measured.current;
    for (const element of body.current?.querySelectorAll<HTMLElement>('tr[aria-rowindex]') ?? []) {
      const row = rows[Number(element.getAttribute('aria-rowindex')) - 2];
      const rowHeight = element.getBoundingClientRect().height;
      if (!row || seen.rows.has(row) || rowHeight <= 0) continue;
      seen.rows.add(row);
      seen.count++;
      seen.sum += rowHeight;
    }
    if (seen.count > 0 && Math.abs(seen.sum / seen.count - height) > 1) setHeight(seen.sum / seen.count);
  });

  const indexOf = (target: EventTarget | null) => {
    const row = target instanceof Element ? target.closest('tr[aria-rowindex]') : null;
    return row ? Number(row.getAttribute('aria-rowindex')) - 2 : null;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const index = indexOf(event.target);
    if (index === null) return;
    const next = index + (event.shiftKey ? -1 : 1);
    // Rendered before the browser moves the focus, so the focus lands on that row's button.
    if (next >= 0 && next < rows.length && (next < start || next >= end)) flushSync(() => setFocused(next));
  };

  return (
    <tbody
      ref={body}
      onKeyDown={onKeyDown}
      onFocus={(event) => setFocused(indexOf(event.target))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
      }}
    >
      {start > 0 && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a plain table row is not focusable; it only holds the height of rows not rendered
        <tr aria-hidden="true" className="overview-spacer">
          <td colSpan={COLUMN_KEYS.length} style={{ height: start * height }} />
        </tr>
      )}
      {rows.slice(start, end).map((row, offset) => render(row, start + offset))}
      {end < rows.length && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a plain table row is not focusable; it only holds the height of rows not rendered
        <tr aria-hidden="true" className="overview-spacer">
          <td colSpan={COLUMN_KEYS.length} style={{ height: (rows.length - end) * height }} />
        </tr>
      )}
    </tbody>
  );
}

/** One child's row; memoised, so a scroll or a sort re-renders only the rows that change. */
const OverviewTableRow = memo(function OverviewTableRow({
  index,
  code,
  needsSupport,
  tested,
  cells,
  next,
  labels,
  texts,
  named,
  onOpen,
  onResult,
  onStart,
}: {
  index: number;
  code: string;
  needsSupport: boolean;
  tested: boolean;
  cells: OverviewCells;
  next: NextStep;
  /** The column names: each cell shows its own when the table is laid out as cards. */
  labels: readonly string[];
  texts: { open: string; result: string; start: string; support: string; german: string };
  named(button: 'open' | 'result' | 'start' | 'german', name: string): string;
  onOpen(code: string): void;
  onResult(code: string): void;
  onStart(code: string, language?: ChildLanguage): void;
}) {
  const values = [
    cells.age,
    cells.language,
    cells.lastTest,
    cells.level1,
    cells.level2,
    cells.level3,
    cells.assigned,
    cells.unmet,
  ];
  const classes = [
    '',
    '',
    '',
    'col-points',
    'col-points',
    'col-points',
    'col-assigned',
    needsSupport ? 'col-unmet is-unmet' : 'col-unmet',
  ];
  /** A button of the row's child, named with the child for a screen reader. */
  const action = (button: 'open' | 'result' | 'start', run: (code: string) => void) => (
    <button
      type="button"
      className="overview-open"
      aria-label={named(button, cells.name)}
      onClick={() => run(code)}
    >
      {texts[button]}
    </button>
  );
  return (
    <tr className={needsSupport ? 'needs-support' : undefined} aria-rowindex={index + 2}>
      <th scope="row" className="col-name">
        <span dir="auto" className="overview-name">
          {cells.name}
        </span>
        <span className="overview-actions">
          {action('open', onOpen)}
          {tested && action('result', onResult)}
          {action('start', onStart)}
        </span>
      </th>
      {values.map((value, i) => (
        <td key={labels[i + 1]} className={classes[i] || undefined} data-label={labels[i + 1]}>
          {value}
        </td>
      ))}
      <td className="col-next" data-label={labels[9]}>
        <span className={next.due ? 'overview-due' : undefined}>{next.retest}</span>
        {next.marks.map((mark) => (
          <span key={mark} className="overview-mark">
            {mark}
          </span>
        ))}
        {next.unusual && <span className="overview-unusual">{next.unusual}</span>}
        {next.bilingual && (
          <span className="overview-bilingual" data-testid="overview-bilingual">
            <strong>{next.bilingual.pair}</strong> {next.bilingual.note}
          </span>
        )}
        {next.otherLanguage && (
          <span className="overview-other-language">
            {next.otherLanguage.text}
            {next.otherLanguage.offerGerman && (
              <button
                type="button"
                className="overview-open"
                aria-label={named('german', cells.name)}
                onClick={() => onStart(code, GERMAN)}
              >
                {texts.german}
              </button>
            )}
          </span>
        )}
        {next.support.length > 0 && (
          <details className="overview-support">
            <summary>{texts.support}</summary>
            {next.support.map((group) => (
              <div key={group.heading}>
                <p className="overview-support-heading">{group.heading}</p>
                <ul>
                  {group.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </details>
        )}
      </td>
    </tr>
  );
});

/**
 * 'Letztes Ergebnis': the child's newest test as a read-only results document (built by
 * last-result-document.ts from what the device keeps) with 'Als PDF speichern'.
 */
function LastResult({ row, onClose }: { row: OverviewRow; onClose(): void }) {
  const { t } = useTranslation();
  const [site] = useState(readSite);
  const [pdf, setPdf] = useState<'idle' | 'working' | 'failed'>('idle');
  const doc = useMemo(() => lastResultDocument(row.child, row.last!, row.results, t, site), [row, t, site]);
  const name = row.child.name || t('children.noName');
  async function save() {
    if (pdf === 'working') return;
    setPdf('working');
    try {
      const { saveResultPdf } = await import('../results/pdf');
      const result = await saveResultPdf(doc, {
        fileName: pdfFileName(row.child.name, row.child.birthDate),
        pageLabel: (page, pages) => t('result.pdfPage', { page, pages }),
      });
      console.info('PDF of the last result saved', result);
      setPdf('idle');
    } catch (error) {
      console.error('PDF of the last result failed', error);
      setPdf('failed');
    }
  }
  return (
    <Dialog title={t('overview.lastResultNamed', { name })} onClose={onClose}>
      <section
        className="overview-child overview-result"
        aria-label={doc.title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
      >
        {doc.endedEarly && (
          <p className="dialog-text">
            <strong>{doc.endedEarly.heading}</strong> {doc.endedEarly.text}
          </p>
        )}
        {doc.soundNotice && (
          <p className="dialog-text">
            <strong>{doc.soundNotice.heading}</strong> {doc.soundNotice.text}
          </p>
        )}
        <dl className="overview-result-details">
          {doc.details.map((detail) => (
            <div key={detail.label}>
              <dt>{detail.label}</dt>
              <dd dir="auto">{detail.value}</dd>
            </div>
          ))}
        </dl>
        <table className="verlauf-table">
          <caption>{doc.levels.heading}</caption>
          <thead>
            <tr>
              {doc.levels.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {doc.levels.rows.map((level) => (
              <tr key={level.level}>
                <th scope="row">{level.level}</th>
                <td>{level.points}</td>
                <td>{level.achievedText}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{doc.levels.assigned.label}</th>
              <td colSpan={2}>{doc.levels.assigned.value}</td>
            </tr>
          </tbody>
        </table>
        {doc.unusualProfile && (
          <div>
            <p className="overview-support-heading">{doc.unusualProfile.heading}</p>
            {doc.unusualProfile.paragraphs.map((paragraph) => (
              <p key={paragraph} className="dialog-text">
                {paragraph}
              </p>
            ))}
          </div>
        )}
        {doc.meanings.activities.map((group) => (
          <div key={group.heading}>
            <p className="overview-support-heading">{group.heading}</p>
            <ul>
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
        {doc.sitting.items
          .filter((item) => item.key === 'notStored')
          .map((item) => (
            <p key={item.key} className="overview-note">
              {item.value}
            </p>
          ))}
      </section>
      {pdf === 'failed' && (
        <p className="field-problem" role="alert">
          {t('overview.resultPdfFailed')}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" className="button button-primary" onClick={save} disabled={pdf === 'working'}>
          {t('overview.resultPdf')}
        </button>
        <button type="button" className="button" data-autofocus onClick={onClose}>
          {t('overview.close')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A child's Verlauf, opened from the overview, with the parents' consent (recorded, changed or
 * withdrawn here, docs/product.md §48), the Auskunft of what the device holds as a PDF, and 'Kind
 * löschen'.
 */
function ChildVerlauf({
  row,
  onClose,
  onDelete,
  onChanged,
}: {
  row: OverviewRow;
  onClose(): void;
  onDelete(): void;
  /** The child was saved with a changed consent: the overview reads its children again. */
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const name = row.child.name || t('children.noName');
  const section = verlaufSection(buildVerlauf(row.results), t);
  const [auskunft, setAuskunft] = useState<'idle' | 'working' | 'failed'>('idle');
  async function saveAuskunft() {
    if (auskunft === 'working') return;
    setAuskunft('working');
    try {
      const [{ saveChildAuskunftPdf }, { childAuskunft }] = await Promise.all([
        import('./child-auskunft-pdf'),
        import('./child-auskunft'),
      ]);
      const now = new Date();
      saveChildAuskunftPdf(
        childAuskunft(row.child, row.results, t, now, readSite()),
        `Auskunft_${row.child.code}_${localDay(now)}.pdf`,
      );
      setAuskunft('idle');
    } catch (error) {
      console.error('The Auskunft PDF failed', error);
      setAuskunft('failed');
    }
  }
  return (
    <Dialog title={t('overview.childHeading', { name })} onClose={onClose}>
      <div className="overview-child">
        <p className="dialog-text">{t('overview.childCode', { code: row.child.code })}</p>
        {row.results.length === 0 ? (
          <p className="dialog-text">{t('overview.notTested')}</p>
        ) : (
          <VerlaufTable verlauf={section} caption={t('overview.childHeading', { name })} />
        )}
        <ConsentPanel
          consent={row.child.consent}
          required={__CONSENT_REQUIRED__}
          onChange={async (consent) => {
            await recordConsent(row.child, consent);
            onChanged();
          }}
        />
      </div>
      {auskunft === 'failed' && (
        <p className="field-problem" role="alert">
          {t('consent.auskunft.failed')}
        </p>
      )}
      <div className="dialog-buttons">
        <button type="button" className="button" onClick={saveAuskunft} disabled={auskunft === 'working'}>
          {auskunft === 'working' ? t('consent.auskunft.working') : t('consent.auskunft.open')}
        </button>
        <ParentLetterButton
          name={row.child.name}
          birthdate={row.child.birthDate}
          language={row.child.language}
        />
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
