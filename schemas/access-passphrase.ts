// The access passphrase's facts (docs/product.md, the access passphrase; encrypted at rest), shared
// by the build (scripts/build-config.ts) and the Datenschutz-Unterlagen the server writes
// (server/datenschutz/documents.ts).

/** The shortest passphrase a build takes, in characters. */
export const MIN_PASSPHRASE_LENGTH = 12;
/** PBKDF2-SHA256 iterations (OWASP 2023; the reasoning is in docs/product.md, encrypted at rest). */
export const ACCESS_KDF_ITERATIONS = 600_000;
