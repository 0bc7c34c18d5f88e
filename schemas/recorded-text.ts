/**
 * Whether two wordings of a text are the same for a recording (docs/product.md §14, §50): spelling
 * the eye does not see (Unicode form, spaces, a final line break) does not count. Shared by the
 * content check (scripts/content/recorded-text.ts), the server and the app; imports nothing.
 */
export function normalisedWording(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function sameWording(a: string, b: string): boolean {
  return normalisedWording(a) === normalisedWording(b);
}
