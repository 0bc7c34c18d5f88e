/** The ages the test is made for; outside them 'Test beginnen' asks first (docs/product.md §21). */
export const MIN_AGE = 3;
export const MAX_AGE = 11;

/** What was typed into 'Geburtsdatum' (TT.MM.JJJJ, whatever the browser language). */
export type BirthdateEntry =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  | { kind: 'invalid'; problem: 'format' | 'impossible' | 'future' };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Reads a German date: day, month and four-digit year separated by dots (also '/', '-' or spaces,
 * and eight digits without separators). Returns the stored form YYYY-MM-DD, or why it is refused:
 * not a date ('format'), a day the calendar has not ('impossible', 31.02.), or after `today`.
 */
export function parseBirthdate(text: string, today: string): BirthdateEntry {
  const input = text.trim();
  if (input === '') return { kind: 'empty' };
  const match =
    /^(\d{1,2})[.\-/ ]\s*(\d{1,2})[.\-/ ]\s*(\d{4})$/.exec(input) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(input);
  if (!match) return { kind: 'invalid', problem: 'format' };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return { kind: 'invalid', problem: 'impossible' };
  }
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (iso > today) return { kind: 'invalid', problem: 'future' };
  return { kind: 'date', iso };
}

/** Full years of a child born on `iso` on the day `today` (both YYYY-MM-DD). */
export function ageInYears(iso: string, today: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/**
 * The birth date as a form saves it: refused with its problem, or the stored form ('' when empty)
 * with, for an age outside MIN_AGE–MAX_AGE on `today`, the age the educator must confirm (§21).
 */
export type BirthdateCheck =
  | { kind: 'invalid'; problem: Extract<BirthdateEntry, { kind: 'invalid' }>['problem'] }
  | { kind: 'ok'; iso: string; ageToConfirm?: number };

export function checkBirthdate(text: string, today: string): BirthdateCheck {
  const parsed = parseBirthdate(text, today);
  if (parsed.kind === 'invalid') return parsed;
  if (parsed.kind === 'empty') return { kind: 'ok', iso: '' };
  const age = ageInYears(parsed.iso, today);
  return age < MIN_AGE || age > MAX_AGE
    ? { kind: 'ok', iso: parsed.iso, ageToConfirm: age }
    : { kind: 'ok', iso: parsed.iso };
}
