/** SHA-256 (hex) of the access passphrase, set at build time from ACCESS_PASSWORD. */
declare const __ACCESS_PASSWORD_SHA256__: string;
/** Where finished results are sent, set at build time from RESULT_ENDPOINT. */
declare const __RESULT_ENDPOINT__: string;
