/**
 * The signature of an enrolled tablet's request (docs/product.md §51; the protocol
 * is written down in docs/product.md §51): ECDSA P-256 with SHA-256 over the UTF-8 bytes of
 * `${METHOD} ${path}\n${sha256hex(body)}`, in WebCrypto's 64-byte r||s form, base64url. No
 * timestamp: tablet clocks are wrong, and a replayed upload or status report changes nothing.
 */
export { TABLET_HEADER } from '../../schemas/tablets-api';

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What is signed: the method, the path without origin or query, and the body's hash. */
export async function signedText(method: string, path: string, body: string): Promise<string> {
  return `${method.toUpperCase()} ${path}\n${await sha256Hex(body)}`;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The base64url signature of a request by `privateKey`. */
export async function signRequest(
  privateKey: CryptoKey,
  method: string,
  path: string,
  body: string,
): Promise<string> {
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    encoder.encode(await signedText(method, path, body)),
  );
  return toBase64Url(new Uint8Array(signature));
}

/** The path a URL is signed under: `/api/results` of `https://host/api/results?x`. */
export function signedPath(url: string): string {
  return new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname;
}
