import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Count,
  type DifResult,
  deleteResult,
  downloadUrl,
  type Filter,
  filterFromQuery,
  filterQuery,
  type ItemAnalysis,
  loadStatistics,
  NO_FILTER,
  SessionEnded,
  type Statistics,
} from './api';
import { LevelChart } from './level-chart';

const LANGUAGE_CODES = ['2', '3', '4'] as const;
const LEVELS = [1, 2, 3, 4] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const decimal = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0 });
/** Two decimals, German style; a value that rounds to zero shows as 0,00, never -0,00. */
const number = (value: number | null) =>
  value === null ? '–' : decimal.format(Math.abs(value) < 0.005 ? 0 : value);

/** A wide table that scrolls on its own on a narrow screen; focusable, so keyboards can scroll it. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section
      className="auswertung-scroll"
      aria-label={t('auswertung.tableRegion', { name: label })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      {children}
    </section>
  );
}

/** The statistics behind the login: filters, counts, charts, item table, KR-20, DIF, downloads, deletion. */
export function Dashboard({ onSessionEnded }: { onSessionEnded(): void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>(() => filterFromQuery(window.location.search));
  const [statistics, setStatistics] = useState<Statistics>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(
    (applied: Filter) => {
      setLoading(true);
      setError('');
      loadStatistics(applied)
        .then(setStatistics)
        .catch((failure: Error) => {
          if (failure instanceof SessionEnded) onSessionEnded();
          else setError(failure.message);
        })
        .finally(() => setLoading(false));
    },
    [onSessionEnded],
  );

  useEffect(() => load(filter), [load, filter]);

  const apply = (next: Filter) => {
    // The address keeps the filter, so a reload or a bookmark shows the same selection.
    window.history.replaceState(null, '', `${window.location.pathname}${filterQuery(next)}`);
    setFilter(next);
  };

  return (
    <>
      <FilterForm filter={filter} versions={statistics?.overview.contentVersions ?? []} onApply={apply} />
      <p className="auswertung-status" role="status" aria-live="polite">
        {loading ? t('auswertung.loading') : describeFilter(filter, t)}
      </p>
      {error && (
        <p role="alert" className="auswertung-error">
          {t('auswertung.loadFailed', { message: error })}
        </p>
      )}
      {statistics && (
        <div className={loading ? 'auswertung-results auswertung-results--stale' : 'auswertung-results'}>
          <OverviewSection overview={statistics.overview} />
          {statistics.overview.total > 0 && (
            <>
              <LevelSection overview={statistics.overview} />
              <ItemSection groups={statistics.items.groups} />
              <ReliabilitySection groups={statistics.items.groups} />
              <DifSection items={statistics.dif.items} languageFiltered={filter.language !== ''} />
            </>
          )}
          <DownloadSection filter={filter} />
          <DeleteSection onDeleted={() => load(filter)} onSessionEnded={onSessionEnded} />
        </div>
      )}
    </>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

const languageName = (t: T, code: string | null) =>
  code && code in { '2': 1, '3': 1, '4': 1 }
    ? t(`auswertung.languages.${code as '2' | '3' | '4'}`)
    : t('auswertung.unknown');

const schoolName = (t: T, school: string | null) =>
  school === 'Kita' || school === 'Grundschule' || school === 'Foerderschule'
    ? t(`auswertung.schools.${school}`)
    : t('auswertung.unknown');

const germanDay = (day: string) => day.split('-').reverse().join('.');

function describeFilter(filter: Filter, t: T): string {
  const parts: string[] = [];
  if (filter.from) parts.push(`${t('auswertung.filter.from')} ${germanDay(filter.from)}`);
  if (filter.to) parts.push(`${t('auswertung.filter.to')} ${germanDay(filter.to)}`);
  if (filter.language) parts.push(languageName(t, filter.language));
  if (filter.school) parts.push(schoolName(t, filter.school));
  if (filter.version)
    parts.push(
      filter.version === 'ohne'
        ? t('auswertung.filter.withoutVersion')
        : `${t('auswertung.filter.version')} ${filter.version}`,
    );
  return parts.length
    ? t('auswertung.filter.active', { filters: parts.join(' · ') })
    : t('auswertung.filter.none');
}

function FilterForm({
  filter,
  versions,
  onApply,
}: {
  filter: Filter;
  versions: Count[];
  onApply(next: Filter): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  useEffect(() => setDraft(filter), [filter]);
  const set = <K extends keyof Filter>(key: K, value: Filter[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  // The selected version stays selectable even when the current selection has no result with it.
  const versionKeys = versions.map((entry) => entry.key ?? 'ohne');
  if (filter.version && !versionKeys.includes(filter.version)) versionKeys.push(filter.version);

  return (
    <section className="auswertung-card auswertung-filter" aria-labelledby="filter-heading">
      <h2 id="filter-heading">{t('auswertung.filter.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.filter.hint')}</p>
      <form onSubmit={submit} className="auswertung-filter-form">
        <div className="auswertung-field">
          <label htmlFor="filter-from">{t('auswertung.filter.from')}</label>
          <input
            id="filter-from"
            type="date"
            name="from"
            value={draft.from}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-to">{t('auswertung.filter.to')}</label>
          <input
            id="filter-to"
            type="date"
            name="to"
            value={draft.to}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-language">{t('auswertung.filter.language')}</label>
          <select
            id="filter-language"
            name="language"
            value={draft.language}
            onChange={(event) => set('language', event.target.value as Filter['language'])}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {languageName(t, code)}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-school">{t('auswertung.filter.school')}</label>
          <select
            id="filter-school"
            name="school"
            value={draft.school}
            onChange={(event) => set('school', event.target.value as Filter['school'])}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {(['Kita', 'Grundschule', 'Foerderschule'] as const).map((school) => (
              <option key={school} value={school}>
                {schoolName(t, school)}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-version">{t('auswertung.filter.version')}</label>
          <select
            id="filter-version"
            name="version"
            value={draft.version}
            onChange={(event) => set('version', event.target.value)}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {versionKeys.map((key) => (
              <option key={key} value={key}>
                {key === 'ohne' ? t('auswertung.filter.withoutVersion') : key}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-filter-buttons">
          <button type="submit" className="auswertung-button">
            {t('auswertung.filter.apply')}
          </button>
          <button
            type="button"
            className="auswertung-button auswertung-button--quiet"
            onClick={() => {
              setDraft(NO_FILTER);
              onApply(NO_FILTER);
            }}
          >
            {t('auswertung.filter.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A table of numbers: a header row, then per row a row header and one number per column. */
function NumberTable({
  className,
  caption,
  corner,
  columns,
  rows,
}: {
  className?: string;
  caption?: string;
  /** The header above the row headers. */
  corner: string;
  columns: string[];
  rows: { label: string; cells: (string | number)[] }[];
}) {
  return (
    <table className={className ? `auswertung-table ${className}` : 'auswertung-table'}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{corner}</th>
          {columns.map((column) => (
            <th scope="col" key={column} className="num">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, index) => (
              <td key={columns[index]} className="num">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CountTable({ caption, rows }: { caption: string; rows: { label: string; n: number }[] }) {
  const { t } = useTranslation();
  return (
    <NumberTable
      className="auswertung-table--counts"
      caption={caption}
      corner={t('auswertung.overview.value')}
      columns={[t('auswertung.overview.count')]}
      rows={rows.map((row) => ({ label: row.label, cells: [row.n] }))}
    />
  );
}

function OverviewSection({ overview }: { overview: Statistics['overview'] }) {
  const { t } = useTranslation();
  const monthName = (month: string | null) => {
    if (!month) return t('auswertung.unknown');
    const [year, monthIndex] = month.split('-').map(Number) as [number, number];
    return new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, monthIndex - 1, 1)),
    );
  };
  return (
    <section className="auswertung-card" aria-labelledby="overview-heading">
      <h2 id="overview-heading">{t('auswertung.overview.heading')}</h2>
      <p className="auswertung-total" data-testid="total">
        {t('auswertung.overview.total', { count: overview.total })}
      </p>
      {overview.total === 0 ? (
        <p>{t('auswertung.overview.empty')}</p>
      ) : (
        <div className="auswertung-grid">
          <CountTable
            caption={t('auswertung.overview.byLanguage')}
            rows={overview.byLanguage.map((row) => ({ label: languageName(t, row.key), n: row.n }))}
          />
          <CountTable
            caption={t('auswertung.overview.bySchool')}
            rows={overview.bySchool.map((row) => ({ label: schoolName(t, row.key), n: row.n }))}
          />
          <CountTable
            caption={t('auswertung.overview.bySchoolLevel')}
            rows={overview.bySchoolLevel.map((row) => ({
              label: row.key ? row.key : t('auswertung.overview.noSchoolLevel'),
              n: row.n,
            }))}
          />
          <CountTable
            caption={t('auswertung.overview.byMonth')}
            rows={overview.byMonth.map((row) => ({ label: monthName(row.key), n: row.n }))}
          />
        </div>
      )}
    </section>
  );
}

function levelName(t: T, level: number): string {
  return level === 4 ? t('auswertung.levels.above3') : t('auswertung.levels.level', { level });
}

function ageBandName(t: T, band: number | null): string {
  if (band === null) return t('auswertung.levels.ageUnknown');
  if (band <= 3) return t('auswertung.levels.under4');
  if (band >= 10) return t('auswertung.levels.tenPlus');
  return t('auswertung.levels.years', { years: band });
}

/** A chart and, below it, the same numbers as a table (screen readers, print, exact values). */
function LevelBlock({ title, groups, counts }: { title: string; groups: string[]; counts: number[][] }) {
  const { t } = useTranslation();
  const series = useMemo(
    () =>
      LEVELS.map((level, index) => ({
        name: levelName(t, level),
        counts: counts.map((row) => row[index] ?? 0),
      })),
    [t, counts],
  );
  return (
    <figure className="auswertung-figure">
      <figcaption>{title}</figcaption>
      <LevelChart label={t('auswertung.levels.chartLabel', { title })} groups={groups} series={series} />
      <Scroll label={title}>
        <NumberTable
          className="auswertung-table--levels"
          corner={t('auswertung.levels.group')}
          columns={LEVELS.map((level) => levelName(t, level))}
          rows={groups.map((group, row) => ({
            label: group,
            cells: LEVELS.map((_, column) => counts[row]?.[column] ?? 0),
          }))}
        />
      </Scroll>
    </figure>
  );
}

function LevelSection({ overview }: { overview: Statistics['overview'] }) {
  const { t } = useTranslation();
  const byLanguage = useMemo(() => {
    const codes = [...new Set(overview.levelsByLanguage.map((row) => row.language))];
    return {
      groups: codes.map((code) => languageName(t, code)),
      counts: codes.map((code) =>
        LEVELS.map(
          (level) =>
            overview.levelsByLanguage.find((row) => row.language === code && row.level === level)?.n ?? 0,
        ),
      ),
    };
  }, [overview, t]);
  const byAge = useMemo(() => {
    const bands = [...new Set(overview.levelsByAgeBand.map((row) => row.band))];
    return {
      groups: bands.map((band) => ageBandName(t, band)),
      counts: bands.map((band) =>
        LEVELS.map(
          (level) => overview.levelsByAgeBand.find((row) => row.band === band && row.level === level)?.n ?? 0,
        ),
      ),
    };
  }, [overview, t]);
  return (
    <section className="auswertung-card" aria-labelledby="levels-heading">
      <h2 id="levels-heading">{t('auswertung.levels.heading')}</h2>
      <div className="auswertung-charts">
        <LevelBlock
          title={t('auswertung.levels.byLanguage')}
          groups={byLanguage.groups}
          counts={byLanguage.counts}
        />
        <LevelBlock title={t('auswertung.levels.byAge')} groups={byAge.groups} counts={byAge.counts} />
      </div>
    </section>
  );
}

/** A column group's heading: its language, or all children together. */
function groupName(t: T, group: ItemAnalysis): string {
  return group.language === null ? t('auswertung.all') : languageName(t, group.language);
}

/** Groups in column order: the languages present, then all together. */
function orderedGroups(groups: ItemAnalysis[]): ItemAnalysis[] {
  return [
    ...groups.filter((group) => group.language !== null),
    ...groups.filter((group) => group.language === null),
  ];
}

function ItemSection({ groups }: { groups: ItemAnalysis[] }) {
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
                <th scope="colgroup" colSpan={3} key={group.language ?? 'all'} className="group-start">
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
        {t('auswertung.items.correlation')}
      </th>
      <th scope="col" className="num">
        {t('auswertung.items.n')}
      </th>
    </>
  );
}

function ItemCells({ rate, correlation, n }: { rate: number | null; correlation: number | null; n: number }) {
  return (
    <>
      <td className="num group-start">{rate === null ? '–' : percent.format(rate)}</td>
      <td className="num">{number(correlation)}</td>
      <td className="num">{n}</td>
    </>
  );
}

function ReliabilitySection({ groups }: { groups: ItemAnalysis[] }) {
  const { t } = useTranslation();
  const ordered = orderedGroups(groups);
  const scopes = ordered[0]?.reliability.map((row) => row.level) ?? [];
  return (
    <section className="auswertung-card" aria-labelledby="reliability-heading">
      <h2 id="reliability-heading">{t('auswertung.reliability.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.reliability.intro')}</p>
      <Scroll label={t('auswertung.reliability.heading')}>
        <NumberTable
          corner={t('auswertung.reliability.scope')}
          columns={ordered.map((group) => groupName(t, group))}
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

function DifSection({ items, languageFiltered }: { items: DifResult[]; languageFiltered: boolean }) {
  const { t } = useTranslation();
  const focals = [...new Set(items.map((row) => row.focal))];
  const questions = [...new Set(items.map((row) => row.question))];
  const flagged = items.filter((row) => row.category === 'C');
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
            {flagged.length
              ? t('auswertung.dif.flagged', {
                  questions: flagged
                    .map((row) => `${row.question} (${languageName(t, row.focal)})`)
                    .join(', '),
                })
              : t('auswertung.dif.noneFlagged')}
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

function DownloadSection({ filter }: { filter: Filter }) {
  const { t } = useTranslation();
  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">{t('auswertung.downloads.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.downloads.intro')}</p>
      <p className="auswertung-links">
        <a className="auswertung-button" href={downloadUrl('csv', filter)} download>
          {t('auswertung.downloads.csv')}
        </a>
        <a className="auswertung-button auswertung-button--quiet" href={downloadUrl('json', filter)} download>
          {t('auswertung.downloads.json')}
        </a>
      </p>
    </section>
  );
}

function DeleteSection({ onDeleted, onSessionEnded }: { onDeleted(): void; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const [id, setId] = useState('');
  const [message, setMessage] = useState<{ kind: 'done' | 'error'; text: string }>();
  const [pending, setPending] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = id.trim();
    if (!UUID.test(trimmed)) {
      setMessage({ kind: 'error', text: t('auswertung.remove.invalid') });
      return;
    }
    setMessage(undefined);
    setPending(trimmed.toLowerCase());
    dialog.current?.showModal();
  };

  const confirm = async () => {
    dialog.current?.close();
    try {
      await deleteResult(pending);
      setMessage({ kind: 'done', text: t('auswertung.remove.done', { id: pending }) });
      setId('');
      onDeleted();
    } catch (failure) {
      if (failure instanceof SessionEnded) onSessionEnded();
      else
        setMessage({
          kind: 'error',
          text: t('auswertung.remove.failed', { message: (failure as Error).message }),
        });
    }
  };

  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="remove-heading">
      <h2 id="remove-heading">{t('auswertung.remove.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.remove.intro')}</p>
      <form onSubmit={ask} className="auswertung-remove-form">
        <label htmlFor="submission-id">{t('auswertung.remove.id')}</label>
        <input
          id="submission-id"
          name="submissionId"
          value={id}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setId(event.target.value)}
        />
        <button type="submit" className="auswertung-button auswertung-button--danger">
          {t('auswertung.remove.submit')}
        </button>
      </form>
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={message.kind === 'error' ? 'auswertung-error' : 'auswertung-done'}
        >
          {message.text}
        </p>
      )}
      <dialog
        ref={dialog}
        className="auswertung-dialog"
        aria-labelledby="remove-confirm-heading"
        aria-describedby="remove-confirm-text"
      >
        <h3 id="remove-confirm-heading">{t('auswertung.remove.confirmHeading')}</h3>
        <p id="remove-confirm-text">{t('auswertung.remove.confirmText', { id: pending })}</p>
        <div className="auswertung-dialog-buttons">
          <button
            type="button"
            className="auswertung-button auswertung-button--quiet"
            onClick={() => dialog.current?.close()}
          >
            {t('auswertung.remove.cancel')}
          </button>
          <button
            type="button"
            className="auswertung-button auswertung-button--danger"
            onClick={() => void confirm()}
          >
            {t('auswertung.remove.confirm')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
