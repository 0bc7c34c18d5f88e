import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

/** A batcher whose flushes finish when the test says so, recording every batch. */
function controlled() {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const batcher = new Batcher<number, number>(
    (items) => {
      batches.push(items);
      return new Promise((resolve) => finish.push(() => resolve(items.map((item) => item * 10))));
    },
    { maxBatchSize: 10, maxConcurrentFlushes: 1 },
  );
  return { batcher, batches, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('starts a lone call at once and groups the calls that wait for a busy slot', async () => {
    const { batcher, batches, finish } = controlled();
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    const third = batcher.submit(3);
    expect(batches).toEqual([[1]]);
    finish.shift()?.();
    expect(await first).toBe(10);
    await turn();
    expect(batches).toEqual([[1], [2, 3]]);
    finish.shift()?.();
    expect(await Promise.all([second, third])).toEqual([20, 30]);
  });

  it('quiet() waits until every call so far is answered', async () => {
    const { batcher, finish } = controlled();
    const call = batcher.submit(1);
    let quiet = false;
    const waiting = batcher.quiet(10_000).then(() => {
      quiet = true;
    });
    await turn();
    await turn();
    expect(quiet).toBe(false);
    finish.shift()?.();
    await call;
    await waiting;
    expect(quiet).toBe(true);
  });

  it('quiet() also waits for the calls that arrive while it waits', async () => {
    const { batcher, finish } = controlled();
    const order: string[] = [];
    void batcher.submit(1).then(() => order.push('first stored'));
    const waiting = batcher.quiet(10_000).then(() => order.push('quiet'));
    await turn();
    // The first write ends and a second upload arrives before quiet() has had its turn.
    finish.shift()?.();
    void batcher.submit(2).then(() => order.push('second stored'));
    await turn();
    await turn();
    expect(order).toEqual(['first stored']);
    finish.shift()?.();
    await waiting;
    expect(order).toEqual(['first stored', 'second stored', 'quiet']);
  });

  it('quiet() gives up after maxWaitMs when calls never stop arriving', async () => {
    const { batcher, finish } = controlled();
    let flooding = true;
    const flood = () => {
      if (!flooding) return;
      void batcher.submit(1);
      finish.shift()?.();
      setImmediate(flood);
    };
    flood();
    const started = performance.now();
    await batcher.quiet(50);
    const waited = performance.now() - started;
    flooding = false;
    expect(waited).toBeGreaterThanOrEqual(50);
    expect(waited).toBeLessThan(5_000);
  });
});
