import type { EndReason } from '../domain/facts';
import type { LocalResult } from './types';

/** The default re-screening interval of the Gruppenübersicht, in weeks. */
export const DEFAULT_RETEST_WEEKS = 12;
export const MAX_RETEST_WEEKS = 104;

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic in UTC, so no daylight-saving hour shifts it). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

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

/**
 * Reasons of 'Test beenden' after which the child is tested again the next day (docs/product.md §38):
 * a tired or unwell child, a disturbance from outside. After the others the usual interval counts.
 */
export const RETEST_NEXT_DAY: readonly EndReason[] = ['unwell', 'disturbance'];

/** 'Erneut testen ab' (YYYY-MM-DD): from the newest test, a test ended early included. */
export function retestFrom(last: Pick<LocalResult, 'testDate' | 'endedEarly'>, weeks: number): string {
  if (last.endedEarly && RETEST_NEXT_DAY.includes(last.endedEarly.reason)) return addDays(last.testDate, 1);
  return addDays(last.testDate, weeks * 7);
}
