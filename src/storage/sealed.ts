import { readEnrolment } from '../tablet/enrolment';
import { decrypt, decryptSync, encrypt, encryptSync } from './aead';
import {
  type AccessVerifier,
  deriveMaster,
  fromBase64,
  type KdfParams,
  sameHex,
  subkey,
  toBase64,
  verifierOf,
} from './kdf';

/**
 * The one seam through which everything personal of a child (the children of the device, their
 * local results, the running or finished session, the outbox) is written to the device and read
 * back: a value is sealed before it is stored and opened after it is read (docs/product.md,
 * encrypted at rest).
 *
 * Format 2 is AES-256-GCM under the device's data key. That random key is stored only wrapped
 * (encrypted) under a key derived from the passphrase (see kdf.ts), so it exists in memory only
 * after the passphrase was typed. A new passphrase or a new build's salt rewraps that one key;
 * the stored data stays as it is. Format 3 binds each value to its place (associated data);
 * format 1 (plain, before the encryption) and format 2 (sealed without its place) are read until
 * the device's values are bound (bind-values.ts), and rewritten by whoever reads them. Callers
 * never look inside a `Sealed` value.
 */
export interface Sealed {
  /** Format of the sealed value; readers migrate older formats step by step. */
  readonly format: number;
  readonly data: unknown;
}

/** Where the wrapped data key is kept (nothing of a child: a salt, a cost and ciphertext). */
export const KEYRING_STORAGE_KEY = 'zaehltest-key';
const KEYRING_FORMAT = 1;

interface Keyring extends KdfParams {
  readonly format: number;
  /** The device's data key, AES-GCM under subkey(master, 'wrap'), base64. */
  readonly wrapped: string;
  /**
   * Every stored value is bound to its place (format 3, see `seal`); from then on a value sealed
   * without its place is refused. The wrapped key carries this as associated data, so the flag
   * cannot be taken away without the passphrase (the key would no longer open).
   */
  readonly bound?: true;
  /**
   * Data keys of an earlier passphrase not typed since the Einrichtung's passphrase changed
   * (docs/product.md §51): each still wrapped under its own passphrase, so the values
   * sealed under it stay stored, unopened, until someone types that passphrase once.
   */
  readonly locked?: readonly LockedKey[];
  /** Earlier data keys opened since, AES-GCM under subkey(master, 'wrap') with EARLIER_KEY_AAD. */
  readonly earlier?: readonly string[];
}

/** A data key wrapped under an earlier passphrase (its salt and cost), with the keys kept under it. */
interface LockedKey extends KdfParams {
  readonly wrapped: string;
  readonly bound?: true;
  readonly earlier?: readonly string[];
}

interface Unlocked {
  readonly dataKey: Uint8Array;
  readonly master: Uint8Array;
  readonly params: KdfParams;
  readonly bound: boolean;
  /** Earlier data keys that values may still be sealed under: tried after `dataKey`. */
  readonly earlierKeys: readonly Uint8Array[];
  readonly locked: readonly LockedKey[];
}

const BOUND_KEYRING_AAD = encodeText('zaehltest/keyring/bound');
const EARLIER_KEY_AAD = encodeText('zaehltest/keyring/earlier');

function encodeText(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

let unlocked: Unlocked | undefined;
/** Set when the passphrase was right but the data key is wrapped under an earlier passphrase. */
let pending: { master: Uint8Array; params: KdfParams; keyring: Keyring } | undefined;

const unlockListeners = new Set<() => void>();
let resolveUnlocked: () => void = () => undefined;
let unlockedPromise = new Promise<void>((resolve) => {
  resolveUnlocked = resolve;
});

/**
 * The passphrase in force: the Einrichtung's record on an enrolled tablet that has one
 * (docs/product.md §51), else the one built in.
 */
function buildVerifier(): AccessVerifier {
  const record = readEnrolment()?.passphrase;
  return record
    ? { salt: record.salt, iterations: record.iterations, verifier: record.verifier }
    : __ACCESS_VERIFIER__;
}

function keyringStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function readKeyring(): Keyring | undefined {
  try {
    const raw = keyringStorage()?.getItem(KEYRING_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Keyring) : undefined;
    return parsed?.format === KEYRING_FORMAT && typeof parsed.wrapped === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function writeKeyring({ dataKey, master, params, bound, earlierKeys, locked }: Unlocked): void {
  const wrapKey = subkey(master, 'wrap');
  const keyring: Keyring = {
    format: KEYRING_FORMAT,
    salt: params.salt,
    iterations: params.iterations,
    wrapped: toBase64(encryptSync(wrapKey, dataKey, bound ? BOUND_KEYRING_AAD : undefined)),
    ...(bound ? { bound: true as const } : {}),
    ...(locked.length > 0 ? { locked } : {}),
    ...(earlierKeys.length > 0
      ? { earlier: earlierKeys.map((key) => toBase64(encryptSync(wrapKey, key, EARLIER_KEY_AAD))) }
      : {}),
  };
  try {
    keyringStorage()?.setItem(KEYRING_STORAGE_KEY, JSON.stringify(keyring));
  } catch (error) {
    // Without it the data of this page cannot be read after a reload; the outbox still sends.
    console.error('Keyring: could not store the wrapped data key', error);
  }
}

function unwrap(keyring: Keyring, master: Uint8Array): Uint8Array | undefined {
  try {
    return decryptSync(
      subkey(master, 'wrap'),
      fromBase64(keyring.wrapped),
      keyring.bound ? BOUND_KEYRING_AAD : undefined,
    );
  } catch {
    return undefined;
  }
}

/** The earlier data keys kept under this master (those that do not open are left out). */
function unwrapEarlier(keyring: Keyring, master: Uint8Array): Uint8Array[] {
  const wrapKey = subkey(master, 'wrap');
  return (keyring.earlier ?? []).flatMap((wrapped) => {
    try {
      return [decryptSync(wrapKey, fromBase64(wrapped), EARLIER_KEY_AAD)];
    } catch {
      return [];
    }
  });
}

function sameParams(a: KdfParams, b: KdfParams): boolean {
  return a.salt === b.salt && a.iterations === b.iterations;
}

function becomeUnlocked(state: Unlocked): void {
  const first = unlocked === undefined;
  unlocked = state;
  pending = undefined;
  if (!first) return;
  resolveUnlocked();
  // Synchronously, so that the stored session is read before the screen after the passphrase shows.
  for (const listener of unlockListeners) listener();
}

/** Whether `passphrase` is the access passphrase of this build (the slow KDF, see kdf.ts). */
export async function checkPassphrase(passphrase: string, verifier = buildVerifier()): Promise<boolean> {
  return sameHex(verifierOf(await deriveMaster(passphrase, verifier)), verifier.verifier);
}

export type UnlockResult = 'unlocked' | 'wrong-passphrase' | 'old-passphrase-needed';

/**
 * Checks the passphrase and opens the device's data key (creating it on first use). When the data
 * key was wrapped under another salt (a new build), the same passphrase is tried there first; if
 * the passphrase itself was changed, 'old-passphrase-needed' asks for the earlier one once.
 */
export async function unlock(passphrase: string, verifier = buildVerifier()): Promise<UnlockResult> {
  const master = await deriveMaster(passphrase, verifier);
  if (!sameHex(verifierOf(master), verifier.verifier)) return 'wrong-passphrase';
  const params: KdfParams = { salt: verifier.salt, iterations: verifier.iterations };
  if (unlocked && sameParams(unlocked.params, params)) {
    becomeUnlocked({ ...unlocked, master });
    return 'unlocked';
  }
  const keyring = readKeyring();
  if (!keyring) {
    // Plain values of the release before the encryption may be stored: bound once resealed.
    const dataKey = globalThis.crypto.getRandomValues(new Uint8Array(32));
    const state: Unlocked = { dataKey, master, params, bound: false, earlierKeys: [], locked: [] };
    writeKeyring(state);
    becomeUnlocked(state);
    return 'unlocked';
  }
  const previousMaster = sameParams(keyring, params) ? master : await deriveMaster(passphrase, keyring);
  const dataKey = unwrap(keyring, previousMaster);
  if (dataKey) {
    const state: Unlocked = {
      dataKey,
      master,
      params,
      bound: keyring.bound === true,
      earlierKeys: unwrapEarlier(keyring, previousMaster),
      locked: keyring.locked ?? [],
    };
    if (!sameParams(keyring, params)) writeKeyring(state);
    becomeUnlocked(state);
    return 'unlocked';
  }
  pending = { master, params, keyring };
  return 'old-passphrase-needed';
}

/** After 'old-passphrase-needed': opens the data key with the earlier passphrase and rewraps it. */
export async function unlockWithOldPassphrase(oldPassphrase: string): Promise<boolean> {
  const waiting = pending;
  if (!waiting) throw new Error('No earlier passphrase is asked for');
  const oldMaster = await deriveMaster(oldPassphrase, waiting.keyring);
  const dataKey = unwrap(waiting.keyring, oldMaster);
  if (!dataKey) return false;
  const state: Unlocked = {
    dataKey,
    master: waiting.master,
    params: waiting.params,
    bound: waiting.keyring.bound === true,
    earlierKeys: unwrapEarlier(waiting.keyring, oldMaster),
    locked: waiting.keyring.locked ?? [],
  };
  writeKeyring(state);
  becomeUnlocked(state);
  return true;
}

/**
 * After 'old-passphrase-needed' on a tablet whose Einrichtung changed its passphrase
 * (docs/product.md §51): the new passphrase opens the tablet for new work at once.
 * A new data key seals what comes now; the earlier one stays wrapped under the earlier passphrase
 * (`locked`), and so does everything sealed under it: nothing is deleted. Typing the earlier
 * passphrase once (`openEarlierData`) brings it back.
 */
export function continueWithoutEarlierData(): void {
  const waiting = pending;
  if (!waiting) throw new Error('No earlier passphrase is asked for');
  const { keyring } = waiting;
  const earlierKey: LockedKey = {
    salt: keyring.salt,
    iterations: keyring.iterations,
    wrapped: keyring.wrapped,
    ...(keyring.bound ? { bound: true as const } : {}),
    // The earlier keys the old passphrase had opened come back with it.
    ...(keyring.earlier ? { earlier: keyring.earlier } : {}),
  };
  const state: Unlocked = {
    dataKey: globalThis.crypto.getRandomValues(new Uint8Array(32)),
    master: waiting.master,
    params: waiting.params,
    // The new key has sealed nothing yet: whatever it seals is bound to its place.
    bound: keyring.bound === true,
    earlierKeys: [],
    locked: [...(keyring.locked ?? []), earlierKey],
  };
  writeKeyring(state);
  becomeUnlocked(state);
}

/** Whether data sealed under an earlier passphrase waits for that passphrase (the access screen says so). */
export function earlierDataLocked(): boolean {
  const locked = unlocked?.locked ?? readKeyring()?.locked ?? [];
  return locked.length > 0;
}

/**
 * Opens the data sealed under an earlier passphrase with that passphrase, once: its data key is
 * kept from now on under the current one, so the values open again. False when it opens none.
 */
export async function openEarlierData(earlierPassphrase: string): Promise<boolean> {
  const state = currentKey();
  const opened: Uint8Array[] = [];
  const stillLocked: LockedKey[] = [];
  const masters = new Map<string, Uint8Array>();
  for (const key of state.locked) {
    const id = `${key.salt}/${key.iterations}`;
    let master = masters.get(id);
    if (!master) {
      master = await deriveMaster(earlierPassphrase, key);
      masters.set(id, master);
    }
    const dataKey = unwrap({ format: KEYRING_FORMAT, ...key }, master);
    if (dataKey) {
      opened.push(dataKey, ...unwrapEarlier({ format: KEYRING_FORMAT, ...key }, master));
    } else stillLocked.push(key);
  }
  if (opened.length === 0) return false;
  const next: Unlocked = { ...state, earlierKeys: [...state.earlierKeys, ...opened], locked: stillLocked };
  unlocked = next;
  writeKeyring(next);
  return true;
}

/**
 * After 'old-passphrase-needed', once the educator confirmed that the earlier passphrase is lost:
 * a new data key replaces the old one. What was sealed under the old key can no longer be opened;
 * the caller deletes it (see forget-device-data.ts) before calling this.
 */
export function startWithNewKey(): void {
  const waiting = pending;
  if (!waiting) throw new Error('No earlier passphrase is asked for');
  const state: Unlocked = {
    dataKey: globalThis.crypto.getRandomValues(new Uint8Array(32)),
    master: waiting.master,
    params: waiting.params,
    bound: false,
    earlierKeys: [],
    locked: [],
  };
  writeKeyring(state);
  becomeUnlocked(state);
}

export function isUnlocked(): boolean {
  return unlocked !== undefined;
}

/** Resolves once the passphrase has been typed on this page. */
export function whenUnlocked(): Promise<void> {
  return unlockedPromise;
}

/** Runs `listener` (synchronously) when the page is first unlocked. */
export function onUnlock(listener: () => void): () => void {
  unlockListeners.add(listener);
  return () => unlockListeners.delete(listener);
}

/** Unit tests only: forgets the key, as a reload does. */
export function lockForTests(): void {
  unlocked = undefined;
  pending = undefined;
  unlockedPromise = new Promise<void>((resolve) => {
    resolveUnlocked = resolve;
  });
}

function currentKey(): Unlocked {
  if (!unlocked) throw new Error('The device is locked: the passphrase has not been typed');
  return unlocked;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The format `seal` writes: AES-GCM bound to the value's place. */
const SEALED_FORMAT = 3;

/**
 * Where a value is stored, e.g. 'children/K7M3QX' (store and key): the associated data of its
 * AES-GCM, so a value moved or copied to another place (another child, another result) no longer
 * opens.
 */
function placeData(place: string): Uint8Array {
  return encoder.encode(`zaehltest/place/${place}`);
}

/** Thrown by `unseal` for a value that is not what its place holds (moved, copied, or forged). */
export class MisplacedValueError extends Error {}

/** Seals a value for storage at `place` (waits until the passphrase has been typed). */
export async function seal(value: unknown, place: string): Promise<Sealed> {
  await whenUnlocked();
  const plaintext = encoder.encode(JSON.stringify(value));
  const bytes = await encrypt(currentKey().dataKey, plaintext, placeData(place));
  return { format: SEALED_FORMAT, data: bytes };
}

/**
 * Opens a value written by `seal` for the same `place` (waits until the passphrase has been typed).
 * Format 1 (plain) and format 2 (sealed without its place) are the formats before; they are read
 * until the device's values are bound (`bindValues`), and refused after.
 */
export async function unseal<T>(sealed: Sealed, place: string): Promise<T> {
  if (sealed.format === 1) {
    // Read without waiting for the passphrase, as before; refused once the device's values are bound.
    if (unlocked?.bound ?? readKeyring()?.bound) throw new MisplacedValueError(`A plain value at ${place}`);
    return structuredClone(sealed.data) as T;
  }
  // A byte view, whichever realm cloned it (IndexedDB, another frame).
  if ((sealed.format !== 2 && sealed.format !== SEALED_FORMAT) || !ArrayBuffer.isView(sealed.data)) {
    throw new Error(`Unknown sealed format ${sealed.format}`);
  }
  const { buffer, byteOffset, byteLength } = sealed.data;
  const bytes = new Uint8Array(buffer.slice(byteOffset, byteOffset + byteLength));
  await whenUnlocked();
  const { dataKey, bound, earlierKeys } = currentKey();
  if (sealed.format === 2 && bound) throw new MisplacedValueError(`A value without its place at ${place}`);
  const aad = sealed.format === 2 ? undefined : placeData(place);
  let failure: unknown;
  // The device's key first; then those of earlier passphrases (docs/product.md §51).
  for (const key of [dataKey, ...earlierKeys]) {
    try {
      return JSON.parse(decoder.decode(await decrypt(key, bytes, aad))) as T;
    } catch (error) {
      failure = error;
    }
  }
  throw new MisplacedValueError(`The value at ${place} does not open there`, { cause: failure });
}

/**
 * Whether a stored value is in an older format (1, plain; 2, sealed without its place) that its
 * reader writes back sealed, without the caller looking inside it.
 */
export function needsResealing(sealed: Sealed): boolean {
  return sealed.format !== SEALED_FORMAT;
}

/** Whether every value of this device is bound to its place (false while locked). */
export function valuesBound(): boolean {
  return unlocked?.bound === true;
}

/**
 * Notes that every stored value is now sealed with its place (src/storage/bind-values.ts has
 * resealed them): from now on format 1 and 2 values are refused. Rewraps the data key with the
 * note as associated data.
 */
export function markValuesBound(): void {
  const state = currentKey();
  if (state.bound) return;
  unlocked = { ...state, bound: true };
  writeKeyring(unlocked);
}

/** Seals a text at once (the running session, written in the same task as the answer). */
export function sealTextNow(text: string): string {
  return toBase64(encryptSync(currentKey().dataKey, encoder.encode(text)));
}

/** Opens a text written by `sealTextNow`; throws when locked or sealed under another key. */
export function unsealTextNow(sealed: string): string {
  const { dataKey, earlierKeys } = currentKey();
  const bytes = fromBase64(sealed);
  try {
    return decoder.decode(decryptSync(dataKey, bytes));
  } catch (error) {
    // Sealed under the key of an earlier passphrase (docs/product.md §51)?
    for (const key of earlierKeys) {
      try {
        return decoder.decode(decryptSync(key, bytes));
      } catch {
        // the next key
      }
    }
    throw error;
  }
}

/** Why a sealed file could not be opened, for a German message on the screen. */
export class SealedFileError extends Error {
  constructor(readonly reason: SealedFileProblem) {
    super(FILE_PROBLEMS[reason]);
  }
}

/**
 * 'unsealed': a plain file (format 1, before the encryption), which anyone could have written;
 * 'weak-key': sealed with a cheaper key derivation than this app's, which a forger would choose.
 */
export type SealedFileProblem = 'wrong-passphrase' | 'damaged' | 'unsealed' | 'weak-key';

const FILE_PROBLEMS: Record<SealedFileProblem, string> = {
  'wrong-passphrase': 'The file was sealed with another passphrase',
  damaged: 'The file is damaged',
  unsealed: 'The file is not sealed with a passphrase',
  'weak-key': 'The file is sealed with fewer KDF iterations than this app uses',
};

/** The least KDF cost a file must have: the device's own (the build's while locked). */
function leastFileIterations(): number {
  return unlocked?.params.iterations ?? buildVerifier().iterations;
}

const FILE_MAGIC = 'zaehltest-sealed-file';
const FILE_FORMAT = 2;

interface SealedFileV2 extends KdfParams {
  magic: string;
  format: number;
  /** HMAC(master, 'file-check'): tells a wrong passphrase from a damaged file. */
  check: string;
  data: string;
}

/**
 * Seals a value into a file (a backup) that any device opens with the same passphrase, whatever
 * the device's own data key: the file key is derived from the passphrase (with the salt written
 * into the file).
 */
export async function sealFile(value: unknown): Promise<Uint8Array> {
  await whenUnlocked();
  const { master, params } = currentKey();
  const data = await encrypt(subkey(master, 'file'), encoder.encode(JSON.stringify(value)));
  const file: SealedFileV2 = {
    magic: FILE_MAGIC,
    format: FILE_FORMAT,
    salt: params.salt,
    iterations: params.iterations,
    check: toBase64(subkey(master, 'file-check')),
    data: toBase64(data),
  };
  return encoder.encode(JSON.stringify(file));
}

/**
 * Opens a file written by `sealFile`; throws a `SealedFileError` for a wrong passphrase, a damaged
 * file, a plain one or one sealed at a lower cost than the app's.
 */
export async function unsealFile<T>(bytes: Uint8Array, passphrase: string): Promise<T> {
  let parsed: Partial<SealedFileV2> & { data?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new SealedFileError('damaged');
  }
  if (parsed?.magic !== FILE_MAGIC) throw new SealedFileError('damaged');
  // Format 1, the plain files of the release before the encryption, opens without the passphrase:
  // anyone could have written one, so it is refused (docs/product.md, backups).
  if (parsed.format === 1) throw new SealedFileError('unsealed');
  const { salt, iterations, check, data } = parsed;
  if (
    parsed.format !== FILE_FORMAT ||
    typeof salt !== 'string' ||
    typeof check !== 'string' ||
    typeof data !== 'string' ||
    !Number.isInteger(iterations) ||
    (iterations as number) < 1
  ) {
    throw new SealedFileError('damaged');
  }
  if ((iterations as number) < leastFileIterations()) throw new SealedFileError('weak-key');
  let master: Uint8Array;
  let sealedData: Uint8Array;
  try {
    sealedData = fromBase64(data);
    master = await deriveMaster(passphrase, { salt, iterations: iterations as number });
  } catch {
    throw new SealedFileError('damaged');
  }
  if (toBase64(subkey(master, 'file-check')) !== check) throw new SealedFileError('wrong-passphrase');
  try {
    return JSON.parse(decoder.decode(await decrypt(subkey(master, 'file'), sealedData))) as T;
  } catch {
    throw new SealedFileError('damaged');
  }
}
