/** The slow-KDF check of the access passphrase, made at build time from ACCESS_PASSWORD (src/storage/kdf.ts). */
declare const __ACCESS_VERIFIER__: import('./storage/kdf').AccessVerifier;
/** Where finished results are sent, set at build time from RESULT_ENDPOINT. */
declare const __RESULT_ENDPOINT__: string;
/** CONSENT_REQUIRED at build time: a test needs the parents' recorded screening consent (docs/product.md §48). */
declare const __CONSENT_REQUIRED__: boolean;
/** The deployment's facts for the letters to the parents, set at build time (scripts/build-config.ts). */
declare const __LETTER_SETTINGS__: {
  controller?: string;
  privacyContact?: string;
  serverPlace?: string;
  serverRetentionMonths: number;
};
/** `<package version>+<build id>` (scripts/version.ts), reported by enrolled tablets; also in dist/version.json. */
declare const __APP_VERSION__: string;
