import './verlauf-table.css';
import type { BilingualTexts } from '../results/bilingual-text';
import type { VerlaufSection } from '../results/result-document';
import { ColumnHeaders } from './column-headers';

/** 'Türkisch: Niveau 2 · Deutsch: Niveau 3' and what the difference points to (docs/product.md §44). */
export function BilingualNote({ texts }: { texts: BilingualTexts }) {
  return (
    <div className="verlauf-bilingual" role="note" data-testid="bilingual">
      <p className="verlauf-bilingual-heading">{texts.heading}</p>
      <p className="verlauf-bilingual-pair">{texts.pair}</p>
      <p>
        {texts.note} {texts.dates}
      </p>
    </div>
  );
}

/** The Verlauf as a table (results page and Gruppenübersicht); the current test is emphasised. */
export function VerlaufTable({ verlauf, caption }: { verlauf: VerlaufSection; caption?: string }) {
  return (
    <>
      <p className="verlauf-intro">{verlauf.intro}</p>
      <div className="verlauf-scroll">
        <table className="result-table verlauf-table">
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <ColumnHeaders columns={verlauf.columns} />
          <tbody>
            {verlauf.rows.map((row) => (
              <tr key={row.key} className={row.current ? 'is-current' : undefined}>
                <th scope="row">{row.cells[0]}</th>
                {row.cells.slice(1).map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns of a row are fixed
                  <td key={index} data-label={verlauf.columns[index + 1]}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {verlauf.bilingual && <BilingualNote texts={verlauf.bilingual} />}
    </>
  );
}
