/**
 * Months without a test after which a child is offered for deletion on the device (docs/product.md,
 * retention). A module of its own, without imports: the server's Datenschutz-Unterlagen read it
 * through src/contract.ts, and the Vite config's loader then needs no part of the app.
 */
export const RETENTION_MONTHS = 18;
