/**
 * 'YYYY-MM-DD' → 'TT.MM.JJJJ' (docs/product.md §13), for the results page, the PDF file name and
 * the server's CSV export alike; anything else gives `otherwise` (by default the input unchanged).
 * Every date an educator or researcher reads goes through it, so none reads '15.3.2027'.
 */
export function germanDate(isoDate: string, otherwise: string = isoDate): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : otherwise;
}

/**
 * The device's local calendar day of a moment as 'YYYY-MM-DD' (a test at 00:30 in Berlin is that
 * day, not the UTC day before); '' for a time that is none.
 */
export function localDay(moment: Date | string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A moment's local day as 'TT.MM.JJJJ' (the day of a backup); '' for a time that is none. */
export function germanLocalDate(moment: Date | string): string {
  return germanDate(localDay(moment), '');
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
