/**
 * The one seam through which everything personal of a child (the children of the device, their
 * local results, the running or finished session) is written to the device and read back: a value
 * is sealed before it is stored and opened after it is read (docs/product.md, encrypted at rest).
 *
 * Format 1 keeps the value as it is; the encryption at rest replaces it with a sealed format that
 * only the unlocked device can open. Callers never look inside a `Sealed` value.
 */
export interface Sealed {
  /** Format of the sealed value; readers migrate older formats step by step. */
  readonly format: number;
  readonly data: unknown;
}

/** Seals a value for storage. */
export async function seal(value: unknown): Promise<Sealed> {
  return { format: 1, data: structuredClone(value) };
}

/** Opens a value written by `seal`. */
export async function unseal<T>(sealed: Sealed): Promise<T> {
  if (sealed.format !== 1) throw new Error(`Unknown sealed format ${sealed.format}`);
  return structuredClone(sealed.data) as T;
}

/** Why a sealed file could not be opened, for a German message on the screen. */
export class SealedFileError extends Error {
  constructor(readonly reason: 'wrong-passphrase' | 'damaged') {
    super(
      reason === 'wrong-passphrase' ? 'The file was sealed with another passphrase' : 'The file is damaged',
    );
  }
}

const FILE_MAGIC = 'zaehltest-sealed-file';

/**
 * Seals a value into a file (a backup) that any device opens with the same passphrase, whatever
 * the device's own key.
 */
export async function sealFile(value: unknown): Promise<Uint8Array> {
  return new TextEncoder().encode(JSON.stringify({ magic: FILE_MAGIC, format: 1, data: value }));
}

/** Opens a file written by `sealFile`; throws a `SealedFileError` for a wrong passphrase or a damaged file. */
export async function unsealFile<T>(bytes: Uint8Array, _passphrase: string): Promise<T> {
  let parsed: { magic?: unknown; format?: unknown; data?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new SealedFileError('damaged');
  }
  if (parsed?.magic !== FILE_MAGIC || parsed.format !== 1) throw new SealedFileError('damaged');
  return parsed.data as T;
}
