import { noteRefusal } from '../../tablet/enrolment';
import { reportDeviceStatus, signedHeaders } from '../../tablet/report';
import { browserClock } from './clock';
import { Outbox } from './outbox';

export type { Clock } from './clock';
export { Outbox, type OutboxOptions, type OutboxSnapshot, type UploadStatus } from './outbox';
export {
  classifyResponse,
  FIRST_RETRY_DELAY_MS,
  isDue,
  MAX_RETRY_DELAY_MS,
  REJECTED_RETRY_DELAY_MS,
  REQUEST_TIMEOUT_MS,
  retryDelayMs,
} from './policy';
export type { PostFn } from './protocol';
export type { OutboxEntry } from './storage';

let shared: Outbox | undefined;

/**
 * The app's outbox: created on first call, resumes stored uploads and retries them when the device
 * comes back online or the page becomes visible. Safe to call any number of times (app start,
 * results page, offline support); every call returns the same outbox.
 */
export function startOutbox(): Outbox {
  if (shared) return shared;
  const outbox = new Outbox({
    endpoint: __RESULT_ENDPOINT__,
    fetch: (url, init) => globalThis.fetch(url, { ...init, credentials: 'same-origin' }),
    clock: browserClock,
    // docs/product.md §51: signed when enrolled; a refused tablet keeps its results.
    sign: signedHeaders,
    onRefused: noteRefusal,
    onDelivered: () => void reportDeviceStatus(),
  });
  shared = outbox;
  globalThis.addEventListener?.('online', () => {
    void outbox.retryNow();
    void reportDeviceStatus(true);
  });
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void outbox.flush();
  });
  void outbox.resume().catch((error: unknown) => console.error('Outbox: resume failed', error));
  return outbox;
}

export { queueWithdrawal } from './withdrawals';
