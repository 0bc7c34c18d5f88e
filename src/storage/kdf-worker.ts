import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';

/**
 * PBKDF2-SHA256 in JavaScript, off the main thread: where `crypto.subtle` is missing (plain http),
 * kdf.ts runs the derivation here, in one go, so that the screen stays responsive and the work is
 * not cut into slices (which made it several times slower on a throttled tablet).
 */
interface Request {
  password: Uint8Array;
  salt: Uint8Array;
  iterations: number;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Uint8Array, transfer: Transferable[]): void;
};

scope.onmessage = ({ data }) => {
  const derived = pbkdf2(sha256, data.password, data.salt, { c: data.iterations, dkLen: 32 });
  scope.postMessage(derived, [derived.buffer]);
};
