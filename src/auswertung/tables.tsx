import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A wide table that scrolls on its own on a narrow screen; focusable, so keyboards can scroll it. */
export function Scroll({ label, children }: { label: string; children: ReactNode }) {
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

/** A table of numbers: a header row, then per row a row header and one number per column. */
export function NumberTable({
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

export function CountTable({ caption, rows }: { caption: string; rows: { label: string; n: number }[] }) {
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

/** A cell of a GroupedTable: its content, and classes or data attributes of its own. */
export interface GroupedCell {
  value: ReactNode;
  className?: string;
  data?: Record<`data-${string}`, string>;
}

/**
 * The shell of the item and DIF tables: row headers (`leading`, spanning both header rows), then
 * per group (a language, a comparison) a heading over the same sub-columns. `rows[].cells` holds
 * per group its cells, in the order of `columns`; the first cell of a group starts it visually.
 */
export function GroupedTable({
  className,
  caption,
  label,
  leading,
  groups,
  columns,
  rows,
}: {
  className: string;
  caption?: string;
  /** The name of the scrolling region. */
  label: string;
  leading: string[];
  groups: { key: string; heading: string }[];
  columns: { heading: string; numeric: boolean }[];
  rows: { key: string | number; leading: ReactNode[]; cells: GroupedCell[][] }[];
}) {
  const classes = (numeric: boolean, first: boolean, own?: string) =>
    [numeric ? 'num' : '', first ? 'group-start' : '', own ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <Scroll label={label}>
      <table className={`auswertung-table ${className}`}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {leading.map((heading) => (
              <th scope="col" rowSpan={2} key={heading}>
                {heading}
              </th>
            ))}
            {groups.map((group) => (
              <th scope="colgroup" colSpan={columns.length} key={group.key} className="group-start">
                {group.heading}
              </th>
            ))}
          </tr>
          <tr>
            {groups.map((group) =>
              columns.map((column, index) => (
                <th
                  scope="col"
                  key={`${group.key}-${column.heading}`}
                  className={classes(column.numeric, index === 0)}
                >
                  {column.heading}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.leading.map((value, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the leading columns are fixed
                  <th scope="row" key={index}>
                    {value}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the leading columns are fixed
                  <td key={index}>{value}</td>
                ),
              )}
              {groups.map((group, groupIndex) =>
                columns.map((column, index) => {
                  const cell = row.cells[groupIndex]?.[index];
                  return (
                    <td
                      key={`${group.key}-${column.heading}`}
                      className={classes(column.numeric, index === 0, cell?.className)}
                      {...cell?.data}
                    >
                      {cell?.value}
                    </td>
                  );
                }),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
