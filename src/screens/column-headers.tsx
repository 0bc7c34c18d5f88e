/**
 * The header row of a results table (the levels and questions tables of the results page and the
 * Verlauf, docs/product.md §31, §35): one column header per label, in order.
 */
export function ColumnHeaders({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col" key={column}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
