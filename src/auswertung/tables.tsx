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
