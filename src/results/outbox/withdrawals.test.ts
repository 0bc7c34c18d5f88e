import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Clock } from './clock';
import { Outbox } from './outbox';
import type { PostFn } from './protocol';
import { pendingWithdrawals, queueWithdrawal, sendWithdrawals, withdrawalsEndpoint } from './withdrawals';

const items = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => items.set(key, value),
  removeItem: (key: string) => items.delete(key),
});

/** Timers that never fire: every request here answers at once. */
const clock: Clock = { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} };

/** A server that answers from a script (then 200) and records what was posted where. */
function server(script: (number | 'offline')[] = []) {
  const requests: { url: string; body: unknown }[] = [];
  const post: PostFn = async (url, init) => {
    const reply = script.shift() ?? 200;
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    requests.push({ url, body: JSON.parse(init.body) });
    return { status: reply, headers: { get: () => null }, json: async () => ({ results: 1 }) };
  };
  return { post, requests };
}

const AYSE = { childCode: 'K7M3QX', site: 'KITA-017', withdrawnOn: '2026-11-25' };
const OMAR = { childCode: 'ABCDEF', withdrawnOn: '2026-11-26' };

beforeEach(() => items.clear());

describe('withdrawn research consents on their way to the server (docs/product.md §48)', () => {
  it('keeps each withdrawal once until the server has it', async () => {
    queueWithdrawal(AYSE);
    queueWithdrawal(AYSE);
    queueWithdrawal(OMAR);
    expect(pendingWithdrawals()).toEqual([AYSE, OMAR]);
    const { post, requests } = server();
    await sendWithdrawals(post, '/api/consent-withdrawals', clock);
    expect(requests).toEqual([
      { url: '/api/consent-withdrawals', body: AYSE },
      { url: '/api/consent-withdrawals', body: OMAR },
    ]);
    expect(pendingWithdrawals()).toEqual([]);
  });

  it('waits for the next contact when offline, on 5xx, 429 and a server without the route (404)', async () => {
    for (const failure of ['offline', 503, 429, 404] as const) {
      queueWithdrawal(AYSE);
      queueWithdrawal(OMAR);
      await sendWithdrawals(server([failure]).post, '/api/consent-withdrawals', clock);
      expect(pendingWithdrawals(), String(failure)).toEqual([AYSE, OMAR]);
      items.clear();
    }
  });

  it('drops one the server refuses as malformed (400): sending it again cannot help', async () => {
    queueWithdrawal(AYSE);
    queueWithdrawal(OMAR);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await sendWithdrawals(server([400]).post, '/api/consent-withdrawals', clock);
    expect(error).toHaveBeenCalledWith('Consent withdrawal refused: HTTP 400');
    expect(pendingWithdrawals()).toEqual([]);
    error.mockRestore();
  });

  it('goes beside the results: the outbox sends them with its next flush', async () => {
    expect(withdrawalsEndpoint('/api/results')).toBe('/api/consent-withdrawals');
    expect(withdrawalsEndpoint('https://ergebnisse.example.org/api/results')).toBe(
      'https://ergebnisse.example.org/api/consent-withdrawals',
    );
    queueWithdrawal(AYSE);
    const { post, requests } = server();
    const outbox = new Outbox({ endpoint: '/api/results', fetch: post, clock, dbName: 'withdrawals-outbox' });
    await outbox.flush();
    outbox.stop();
    expect(requests).toEqual([{ url: '/api/consent-withdrawals', body: AYSE }]);
    expect(pendingWithdrawals()).toEqual([]);
  });
});

describe('withdrawals of a refused tablet (docs/product.md §51)', () => {
  it('keeps them while the server refuses the tablet, signed when enrolled', async () => {
    queueWithdrawal(AYSE);
    const headers: Record<string, string>[] = [];
    const refused: PostFn = async (_url, init) => {
      headers.push(init.headers);
      return {
        status: 401,
        headers: { get: () => null },
        json: async () => ({ reason: 'not-enrolled', error: 'Nur eingerichtete Tablets.' }),
      };
    };
    const reasons: string[] = [];
    await sendWithdrawals(
      refused,
      '/api/consent-withdrawals',
      clock,
      async () => ({ 'X-Zaehltest-Tablet': 't_1.sig' }),
      (reason) => reasons.push(reason),
    );
    expect(pendingWithdrawals()).toEqual([AYSE]);
    expect(reasons).toEqual(['not-enrolled']);
    expect(headers[0]?.['X-Zaehltest-Tablet']).toBe('t_1.sig');
    const { post, requests } = server([200]);
    await sendWithdrawals(post, '/api/consent-withdrawals', clock);
    expect(requests).toHaveLength(1);
    expect(pendingWithdrawals()).toEqual([]);
  });
});
