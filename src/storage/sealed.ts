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
