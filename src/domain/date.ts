/**
 * 'YYYY-MM-DD' → 'TT.MM.JJJJ' (docs/product.md §13), for the results page, the PDF file name and
 * the server's CSV export alike; anything else gives `otherwise` (by default the input unchanged).
 */
export function germanDate(isoDate: string, otherwise: string = isoDate): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : otherwise;
}

/** Birth years the server stores; anything else is a typo (the year 20190) rather than a child. */
export const BIRTH_YEARS = { first: 1900, last: 2999 } as const;

/**
 * Whether `date` is a birth date the server stores: YYYY-MM-DD, a real day of the calendar, year
 * 1900–2999. The app sends anything else as '' and the server refuses it, by this one rule.
 */
export function isStorableBirthDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  const real =
    parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
  return real && year >= BIRTH_YEARS.first && year <= BIRTH_YEARS.last;
}
