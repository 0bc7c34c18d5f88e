import { DEFAULT_RETEST_WEEKS, MAX_RETEST_WEEKS } from './overview';

/** localStorage key of the re-screening interval (a setting of the device, nothing personal). */
export const RETEST_WEEKS_KEY = 'zaehltest-retest-weeks';

/** The remembered re-screening interval in weeks, or the default. */
export function loadRetestWeeks(storage: Pick<Storage, 'getItem'> = localStorage): number {
  try {
    const weeks = Number(storage.getItem(RETEST_WEEKS_KEY));
    return isRetestWeeks(weeks) ? weeks : DEFAULT_RETEST_WEEKS;
  } catch {
    return DEFAULT_RETEST_WEEKS;
  }
}

export function saveRetestWeeks(weeks: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(RETEST_WEEKS_KEY, String(weeks));
  } catch (error) {
    console.error('The re-screening interval could not be saved', error);
  }
}

export function isRetestWeeks(weeks: number): boolean {
  return Number.isInteger(weeks) && weeks >= 1 && weeks <= MAX_RETEST_WEEKS;
}
