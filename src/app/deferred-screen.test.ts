import { describe, expect, it, vi } from 'vitest';
import { deferScreen } from './deferred-screen';

const Screen = () => null;

describe('deferScreen', () => {
  it('has no component until the chunk has loaded, then the picked one', async () => {
    const deferred = deferScreen(Promise.resolve({ Screen }), (m) => m.Screen);
    expect(deferred.component).toBeUndefined();
    await deferred.settled;
    expect(deferred.component).toBe(Screen);
    expect(deferred.failed).toBe(false);
  });

  it('marks a chunk that cannot be loaded as failed instead of throwing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deferred = deferScreen(Promise.reject(new Error('offline')), () => Screen);
    await deferred.settled;
    expect(deferred.component).toBeUndefined();
    expect(deferred.failed).toBe(true);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
