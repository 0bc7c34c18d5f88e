/**
 * The name and version of the children's IndexedDB database (docs/product.md §33), without imports,
 * so the benchmarks can name it through src/contract.ts.
 */
export const CHILDREN_DB_NAME = 'zaehltest-children';
export const CHILDREN_DB_VERSION = 1;
