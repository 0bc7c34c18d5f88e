import { describe, expect, it } from 'vitest';
import { createLoginThrottle, throttleKeys } from './login-throttle.ts';

describe('growing delays after failed logins (docs/product.md §47)', () => {
  it('lets three failures pass, then doubles the wait from 1 s up to 30 s', () => {
    let now = 0;
    const throttle = createLoginThrottle({ now: () => now });
    const keys = throttleKeys('10.0.0.1', 'Chef');
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      throttle.failed(keys);
      waits.push(throttle.waitMs(keys));
      now += 60_000;
    }
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('slows the account from every address and the address for every account, and forgets', () => {
    let now = 0;
    const throttle = createLoginThrottle({ now: () => now, forgetAfterMs: 3_600_000 });
    for (let i = 0; i < 5; i++) throttle.failed(throttleKeys('10.0.0.1', 'chef'));
    expect(throttle.waitMs(throttleKeys('10.9.9.9', 'CHEF'))).toBe(2000);
    expect(throttle.waitMs(throttleKeys('10.0.0.1', 'someone-else'))).toBe(2000);
    expect(throttle.waitMs(throttleKeys('10.9.9.9', 'someone-else'))).toBe(0);
    now += 1500;
    expect(throttle.waitMs(throttleKeys('10.9.9.9', 'chef'))).toBe(500);
    // A success clears the account and the address it came from.
    throttle.succeeded(throttleKeys('10.0.0.1', 'chef'));
    expect(throttle.waitMs(throttleKeys('10.0.0.1', 'chef'))).toBe(0);
    // An hour after the last failure, the count starts again.
    for (let i = 0; i < 4; i++) throttle.failed(throttleKeys('10.0.0.2', 'team'));
    now += 3_600_001;
    throttle.failed(throttleKeys('10.0.0.2', 'team'));
    expect(throttle.waitMs(throttleKeys('10.0.0.2', 'team'))).toBe(0);
  });
});
