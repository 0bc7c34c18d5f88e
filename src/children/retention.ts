/**
 * Months without a test after which a child is offered for deletion on the device (docs/product.md,
 * retention). A module of its own, without imports, exported through src/contract.ts: the test of
 * the Datenschutz-Unterlagen compares their copy with it, and the Vite config's loader, which reads
 * src/contract.ts, then needs no part of the app.
 */
export const RETENTION_MONTHS = 18;
