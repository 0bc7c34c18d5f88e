import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { unlock } from '../../storage/sealed';
import { buildResultPayload } from '../payload';
import { fullRun, USER } from '../test-fixtures';
import {
  type Clock,
  classifyResponse,
  isDue,
  MAX_RETRY_DELAY_MS,
  Outbox,
  type PostFn,
  REJECTED_RETRY_DELAY_MS,
  retryDelayMs,
} from '.';

// The outbox seals what it stores: the device is unlocked as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

const ENDPOINT = '/api/results';
const PAYLOAD = buildResultPayload('3f1c9a52-8b7e-4d21-9c3a-0e6f5b4d2a18', USER, fullRun([1, 2, 3]));
const SECOND = { ...PAYLOAD, submissionId: '9a0e2c71-55b3-4f0d-8e6a-1b2c3d4e5f60' };

/** A clock whose timers run only when the test advances it. */
class FakeClock implements Clock {
  time = 1_000_000;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private nextHandle = 1;
  now = () => this.time;
  setTimeout = (callback: () => void, ms: number) => {
    const handle = this.nextHandle++;
    this.timers.push({ at: this.time + ms, callback, handle });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  };
  /** Moves time forward, firing due timers in order and letting the outbox finish each step. */
  async advance(ms: number, outbox: Outbox): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const next = this.timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.time = next.at;
      next.callback();
      await outbox.settled();
    }
    this.time = target;
  }
}

/** What the fake endpoint answers: a status with our server's body, or a status and any body. */
type Reply = number | { status: number; body: unknown };

/** A fake endpoint that answers from a script (then `fallback`) and records every request body. */
function fakeServer(script: Reply[], fallback = 201) {
  const server = {
    offline: false,
    requests: [] as { at: number; body: Record<string, unknown> }[],
    clock: undefined as FakeClock | undefined,
    post: (async (url, init) => {
      expect(url).toBe(ENDPOINT);
      expect(init.headers['content-type']).toBe('application/json');
      if (server.offline) throw new TypeError('Failed to fetch');
      server.requests.push({ at: server.clock?.now() ?? 0, body: JSON.parse(init.body) });
      const reply = script.shift() ?? fallback;
      const { status, body } = typeof reply === 'number' ? { status: reply, body: serverBody(reply) } : reply;
      return { status, headers: { get: () => null }, json: async () => body };
    }) as PostFn,
  };
  return server;
}

/** The body our server sends: the stored row's id, or the error. */
const serverBody = (status: number) => (status < 300 ? { id: 42 } : { error: `status ${status}` });

let dbCounter = 0;
const outboxes: Outbox[] = [];

function makeOutbox(server: ReturnType<typeof fakeServer>, clock: FakeClock, dbName: string): Outbox {
  server.clock = clock;
  const outbox = new Outbox({ endpoint: ENDPOINT, fetch: server.post, clock, dbName, random: () => 0.5 });
  outboxes.push(outbox);
  return outbox;
}

function setup(script: Reply[] = []) {
  const clock = new FakeClock();
  const server = fakeServer(script);
  const dbName = `outbox-test-${++dbCounter}`;
  return { clock, server, dbName, outbox: makeOutbox(server, clock, dbName) };
}

/** The submissionIds stored in the outbox database, read directly. */
async function storedIds(dbName: string): Promise<string[]> {
  const db = await openDB(dbName);
  const keys = await db.getAllKeys('results');
  db.close();
  return keys.map(String);
}

const statusOf = (outbox: Outbox, id = PAYLOAD.submissionId) => outbox.getSnapshot().statuses.get(id);

afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
});

describe('retry policy', () => {
  it('grows the delay from 2 s by doubling up to 5 minutes', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 20].map((n) => retryDelayMs(n, 0.5))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 256_000, 300_000, 300_000,
    ]);
  });

  it('spreads retries by at most 20 % and honours Retry-After up to the cap', () => {
    expect(retryDelayMs(1, 0)).toBe(1_600);
    expect(retryDelayMs(1, 1)).toBe(2_400);
    expect(retryDelayMs(1, 0.5, 60_000)).toBe(60_000);
    expect(retryDelayMs(1, 0.5, 3_600_000)).toBe(300_000);
  });

  it('treats a retry time further ahead than any delay it sets as due (the clock was set back)', () => {
    const now = 5_000_000_000;
    expect(isDue(now, now)).toBe(true);
    expect(isDue(now + 1, now)).toBe(false);
    expect(isDue(now + REJECTED_RETRY_DELAY_MS, now)).toBe(false);
    expect(isDue(now + REJECTED_RETRY_DELAY_MS + 1, now)).toBe(true);
  });

  it('retries 408, 429 and 5xx, gives up on other 4xx', () => {
    expect([200, 201, 204].map(classifyResponse)).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
    expect([408, 429, 500, 502, 503].map(classifyResponse)).toEqual(Array(5).fill('retry'));
    expect([400, 401, 403, 404, 413, 422].map(classifyResponse)).toEqual(Array(6).fill('rejected'));
  });
});

describe('Outbox', () => {
  it('stores the result before the first attempt and removes it on 2xx', async () => {
    const clock = new FakeClock();
    const server = fakeServer([201]);
    const dbName = `outbox-test-${++dbCounter}`;
    const storedDuringRequest: string[][] = [];
    const outbox = new Outbox({
      endpoint: ENDPOINT,
      clock,
      dbName,
      fetch: async (url, init) => {
        storedDuringRequest.push(await storedIds(dbName));
        return server.post(url, init);
      },
    });
    outboxes.push(outbox);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(storedDuringRequest).toEqual([[PAYLOAD.submissionId]]);
    expect(server.requests.map((request) => request.body)).toEqual([PAYLOAD]);
    expect(statusOf(outbox)).toBe('sent');
    expect(await storedIds(dbName)).toEqual([]);
  });

  it('answers 500 twice then 201: three attempts after 2 s and 4 s, stored once', async () => {
    const { clock, server, dbName, outbox } = setup([500, 500, 201]);
    const seen: string[] = [];
    outbox.subscribe(() => {
      const status = statusOf(outbox);
      if (status && seen.at(-1) !== status) seen.push(status);
    });
    const start = clock.now();
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(server.requests).toHaveLength(1);
    expect(statusOf(outbox)).toBe('saved');

    await clock.advance(1_999, outbox);
    expect(server.requests).toHaveLength(1);
    await clock.advance(1, outbox);
    expect(server.requests).toHaveLength(2);
    await clock.advance(4_000, outbox);
    expect(server.requests.map((request) => request.at - start)).toEqual([0, 2_000, 6_000]);
    expect(new Set(server.requests.map((request) => request.body.submissionId))).toEqual(
      new Set([PAYLOAD.submissionId]),
    );
    expect(seen).toEqual(['saved', 'sending', 'saved', 'sending', 'saved', 'sending', 'sent']);
    expect(await storedIds(dbName)).toEqual([]);

    await clock.advance(60 * 60_000, outbox);
    expect(server.requests).toHaveLength(3);
  });

  it('keeps the result while offline and sends it at once when the device is back online', async () => {
    const { clock, server, dbName, outbox } = setup();
    server.offline = true;
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    await clock.advance(30 * 60_000, outbox);
    expect(server.requests).toHaveLength(0);
    expect(statusOf(outbox)).toBe('saved');
    expect(await storedIds(dbName)).toEqual([PAYLOAD.submissionId]);

    // The `online` event makes the app call retryNow() instead of waiting up to 5 minutes.
    server.offline = false;
    await outbox.retryNow();
    expect(server.requests).toHaveLength(1);
    expect(statusOf(outbox)).toBe('sent');
    expect(await storedIds(dbName)).toEqual([]);
  });

  it('without an online event still sends within 5 minutes of the network coming back', async () => {
    const { clock, server, outbox } = setup();
    server.offline = true;
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    await clock.advance(10 * 60_000, outbox);
    server.offline = false;
    const backOnline = clock.now();
    await clock.advance(5 * 60_000, outbox);
    expect(server.requests).toHaveLength(1);
    expect((server.requests[0]?.at ?? Infinity) - backOnline).toBeLessThanOrEqual(5 * 60_000);
    expect(statusOf(outbox)).toBe('sent');
  });

  it('survives a reload: a new outbox on the same database sends what the old one left', async () => {
    const { clock, server, dbName, outbox } = setup();
    server.offline = true;
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    outbox.stop(); // the page is gone
    server.offline = false;

    const afterReload = makeOutbox(server, clock, dbName);
    await afterReload.resume();
    expect(statusOf(afterReload)).toBe('saved');
    await clock.advance(2_000, afterReload);
    expect(server.requests.map((request) => request.body.submissionId)).toEqual([PAYLOAD.submissionId]);
    expect(statusOf(afterReload)).toBe('sent');
    expect(await storedIds(dbName)).toEqual([]);
  });

  it('does not resend a result that is enqueued again, before or after it was sent', async () => {
    const { server, outbox } = setup([201]);
    await Promise.all([outbox.enqueue(PAYLOAD), outbox.enqueue(PAYLOAD)]);
    await outbox.settled();
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(server.requests).toHaveLength(1);
  });

  it('keeps a rejected result, stops hammering and tries it again a day later', async () => {
    const { clock, server, dbName, outbox } = setup([400, 201]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(statusOf(outbox)).toBe('rejected');
    await clock.advance(23 * 60 * 60_000, outbox);
    await outbox.retryNow();
    expect(server.requests).toHaveLength(1);
    expect(await storedIds(dbName)).toEqual([PAYLOAD.submissionId]);
    await clock.advance(60 * 60_000, outbox);
    expect(server.requests).toHaveLength(2);
    expect(statusOf(outbox)).toBe('sent');
  });

  it('sends several results independently', async () => {
    const { clock, server, outbox } = setup([503, 201, 201]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    await outbox.enqueue(SECOND);
    await outbox.settled();
    await clock.advance(2_000, outbox);
    expect(server.requests.map((request) => request.body.submissionId)).toEqual([
      PAYLOAD.submissionId,
      SECOND.submissionId,
      PAYLOAD.submissionId,
    ]);
    const { statuses } = outbox.getSnapshot();
    expect([statuses.get(PAYLOAD.submissionId), statuses.get(SECOND.submissionId)]).toEqual(['sent', 'sent']);
  });

  it('gives up waiting for a hanging request after 30 s and retries', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const post: PostFn = (_url, init) => {
      calls++;
      if (calls > 1) return Promise.resolve({ status: 201, json: async () => ({ id: 1 }) });
      return new Promise((_resolve, reject) => {
        init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    };
    const outbox = new Outbox({
      endpoint: ENDPOINT,
      fetch: post,
      clock,
      dbName: `outbox-test-${++dbCounter}`,
      random: () => 0.5,
    });
    outboxes.push(outbox);
    await outbox.enqueue(PAYLOAD);
    await vi.waitFor(() => expect(calls).toBe(1));
    await clock.advance(30_000, outbox);
    expect(statusOf(outbox)).toBe('saved');
    await clock.advance(2_000, outbox);
    expect(calls).toBe(2);
    expect(statusOf(outbox)).toBe('sent');
  });
});

describe('Outbox on an unreliable device', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('does not take a 200 without our acknowledgement (a Wi-Fi login page) for delivery', async () => {
    const loginPage = { status: 200, body: undefined }; // json() of an HTML page fails
    const { clock, server, dbName, outbox } = setup([loginPage, { status: 200, body: { ok: true } }, 201]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(statusOf(outbox)).toBe('saved');
    expect(await storedIds(dbName)).toEqual([PAYLOAD.submissionId]);
    await clock.advance(2_000 + 4_000, outbox);
    expect(server.requests).toHaveLength(3);
    expect(statusOf(outbox)).toBe('sent');
    expect(await storedIds(dbName)).toEqual([]);
  });

  it('keeps a result IndexedDB refuses (disk full) in memory, says so, and still sends it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { clock, server, dbName, outbox } = setup([503, 201]);
    expect(await outbox.enqueue(PAYLOAD)).toBe(false);
    await outbox.settled();
    expect(outbox.getSnapshot().volatile.has(PAYLOAD.submissionId)).toBe(true);
    expect(statusOf(outbox)).toBe('saved');
    expect(await storedIds(dbName)).toEqual([]);
    await clock.advance(2_000, outbox);
    expect(server.requests).toHaveLength(2);
    expect(statusOf(outbox)).toBe('sent');
  });

  it('reports a result stored in IndexedDB as durable', async () => {
    const { outbox } = setup([201]);
    expect(await outbox.enqueue(PAYLOAD)).toBe(true);
    await outbox.settled();
    expect(outbox.getSnapshot().volatile.size).toBe(0);
    expect(outbox.getSnapshot().durable).toBe(true);
  });

  it('works in page memory when IndexedDB cannot be opened at all', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('IndexedDB is disabled', 'InvalidStateError');
    });
    const { clock, server, outbox } = setup([500, 201]);
    expect(await outbox.enqueue(PAYLOAD)).toBe(false);
    await outbox.settled();
    expect(outbox.getSnapshot().durable).toBe(false);
    await clock.advance(2_000, outbox);
    expect(server.requests).toHaveLength(2);
    expect(statusOf(outbox)).toBe('sent');
  });

  it('keeps retrying when IndexedDB fails to record a failed attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const { clock, server, outbox } = setup([500, 201]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(put).toHaveBeenCalled();
    expect(statusOf(outbox)).toBe('saved');
    await clock.advance(2_000, outbox);
    expect(server.requests).toHaveLength(2);
    expect(statusOf(outbox)).toBe('sent');
  });

  it('sends at once after a restart when the device clock was set back a year', async () => {
    const { clock, server, dbName, outbox } = setup([500, 201]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    outbox.stop();
    clock.time -= 365 * 24 * 60 * 60_000;
    const afterReload = makeOutbox(server, clock, dbName);
    await afterReload.resume();
    expect(server.requests).toHaveLength(2);
    expect(statusOf(afterReload)).toBe('sent');
  });

  it('never sets a timer longer than 5 minutes, even for a rejected result a day away', async () => {
    const { clock, outbox } = setup([400]);
    const delays: number[] = [];
    const setTimer = clock.setTimeout;
    clock.setTimeout = (callback, ms) => {
      delays.push(ms);
      return setTimer(callback, ms);
    };
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(statusOf(outbox)).toBe('rejected');
    await clock.advance(60 * 60_000, outbox);
    expect(delays.length).toBeGreaterThan(1);
    expect(Math.max(...delays)).toBeLessThanOrEqual(Math.max(MAX_RETRY_DELAY_MS, 30_000));
    expect(delays.filter((ms) => ms === MAX_RETRY_DELAY_MS).length).toBeGreaterThanOrEqual(11);
  });
});

describe('the outbox at rest', () => {
  it('stores the payload sealed: the birth date is not readable in IndexedDB, and it is still sent', async () => {
    const { outbox, dbName, server } = setup([503]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    const db = await openDB(dbName);
    const [record] = await db.getAll('results');
    db.close();
    expect(record.payload).toBeUndefined();
    const bytes = Buffer.from(record.sealed.data as Uint8Array).toString('latin1');
    expect(JSON.stringify(PAYLOAD)).toContain('2019-03-07');
    expect(bytes).not.toContain('2019-03-07');
    expect(server.requests[0]?.body.submissionId).toBe(PAYLOAD.submissionId);
  });

  it('takes over an entry stored in plain text by the release before, sends it and stores it sealed meanwhile', async () => {
    const { clock, server, dbName } = setup([503]);
    const db = await openDB(dbName, 1, {
      upgrade: (database) => database.createObjectStore('results', { keyPath: 'submissionId' }),
    });
    await db.put('results', {
      submissionId: PAYLOAD.submissionId,
      payload: PAYLOAD,
      createdAt: 0,
      failedAttempts: 0,
      nextAttemptAt: 0,
      rejected: false,
    });
    db.close();
    const outbox = makeOutbox(server, clock, dbName);
    await outbox.resume();
    await outbox.settled();
    expect(server.requests).toHaveLength(1);
    const reopened = await openDB(dbName);
    const [record] = await reopened.getAll('results');
    reopened.close();
    expect(record.payload).toBeUndefined();
    expect(record.sealed.format).toBe(3);
  });
});

describe('an enrolled tablet (docs/product.md §51)', () => {
  const revoked = {
    status: 401,
    body: { reason: 'tablet-revoked', error: 'Dieses Tablet wurde abgemeldet.' },
  };

  it('signs each upload over the body it sends', async () => {
    const clock = new FakeClock();
    const headers: Record<string, string>[] = [];
    const post: PostFn = async (_url, init) => {
      headers.push(init.headers);
      return { status: 201, headers: { get: () => null }, json: async () => ({ id: 1 }) };
    };
    const outbox = new Outbox({
      endpoint: ENDPOINT,
      fetch: post,
      clock,
      dbName: `outbox-test-${++dbCounter}`,
      sign: async (method, url, body) => ({ 'X-Zaehltest-Tablet': `t_1.${method} ${url} ${body.length}` }),
    });
    outboxes.push(outbox);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(headers[0]?.['X-Zaehltest-Tablet']).toBe(`t_1.POST ${ENDPOINT} ${JSON.stringify(PAYLOAD).length}`);
  });

  it('keeps the results of a revoked tablet as waiting, never rejected, and sends them after a new enrolment', async () => {
    const clock = new FakeClock();
    const server = fakeServer([revoked, revoked], 201);
    server.clock = clock;
    const dbName = `outbox-test-${++dbCounter}`;
    const refusals: string[] = [];
    let delivered = 0;
    const outbox = new Outbox({
      endpoint: ENDPOINT,
      fetch: server.post,
      clock,
      dbName,
      random: () => 0.5,
      onRefused: (reason) => refusals.push(reason),
      onDelivered: () => delivered++,
    });
    outboxes.push(outbox);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(statusOf(outbox)).toBe('saved');
    expect(refusals).toEqual(['tablet-revoked']);
    expect(await storedIds(dbName)).toEqual([PAYLOAD.submissionId]);
    // Not hammered meanwhile: the next try waits the longest delay.
    await clock.advance(MAX_RETRY_DELAY_MS - 1_000, outbox);
    expect(server.requests).toHaveLength(1);
    await clock.advance(1_000, outbox);
    expect(server.requests).toHaveLength(2);
    expect(statusOf(outbox)).toBe('saved');
    expect(delivered).toBe(0);
    // Enrolled again: the access screen asks the outbox to send at once.
    await outbox.retryNow();
    expect(statusOf(outbox)).toBe('sent');
    expect(await storedIds(dbName)).toEqual([]);
    expect(delivered).toBe(1);
  });

  it('sends at once after a new enrolment even while the start of the page still reads the outbox', async () => {
    const clock = new FakeClock();
    const server = fakeServer([revoked], 201);
    const dbName = `outbox-test-${++dbCounter}`;
    const before = makeOutbox(server, clock, dbName);
    await before.enqueue(PAYLOAD);
    await before.settled();
    expect(statusOf(before)).toBe('saved');
    before.stop();
    // After a reload: the app's start reads the stored entries (waiting for the passphrase) while the
    // enrolment asks for an attempt now; the stored retry time must not undo that request.
    const after = makeOutbox(server, clock, dbName);
    await Promise.all([after.retryNow(), after.resume()]);
    await after.settled();
    expect(server.requests).toHaveLength(2);
    expect(statusOf(after)).toBe('sent');
    expect(await storedIds(dbName)).toEqual([]);
  });

  it('any other 401 is a refused result, as before', async () => {
    const { outbox } = setup([{ status: 401, body: { error: 'Nein' } }]);
    await outbox.enqueue(PAYLOAD);
    await outbox.settled();
    expect(statusOf(outbox)).toBe('rejected');
  });
});
