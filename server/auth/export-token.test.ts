import { describe, expect, it } from 'vitest';
import { bearerToken, createTokenGuard, tokenEquals } from './export-token.ts';

const TOKEN = 'the-right-export-token';

describe('export token guard', () => {
  it('compares tokens of any length without throwing', () => {
    expect(tokenEquals(TOKEN, TOKEN)).toBe(true);
    expect(tokenEquals('x', TOKEN)).toBe(false);
    expect(tokenEquals(`${TOKEN}x`.repeat(100), TOKEN)).toBe(false);
    expect(bearerToken(`bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(TOKEN)).toBeUndefined();
  });

  it('blocks an address after too many wrong tokens, even for the right one, until its window ends', () => {
    let time = 0;
    const guard = createTokenGuard({ token: TOKEN, maxFailures: 3, windowMs: 60_000, now: () => time });
    const outcomes = ['a', 'b', 'c', 'd'].map((guess) => guard.check('10.0.0.1', guess).outcome);
    expect(outcomes).toEqual(['refused', 'refused', 'refused', 'blocked']);
    expect(guard.check('10.0.0.1', TOKEN)).toEqual({ outcome: 'blocked', retryAfterSeconds: 60 });
    // Another address is not affected.
    expect(guard.check('10.0.0.2', TOKEN).outcome).toBe('accepted');
    time = 60_000;
    expect(guard.check('10.0.0.1', TOKEN).outcome).toBe('accepted');
  });

  it('forgets the failures of an address that then gives the right token', () => {
    const guard = createTokenGuard({ token: TOKEN, maxFailures: 3 });
    guard.check('10.0.0.1', 'typo');
    guard.check('10.0.0.1', 'typo');
    expect(guard.check('10.0.0.1', TOKEN).outcome).toBe('accepted');
    expect(guard.check('10.0.0.1', 'typo').outcome).toBe('refused');
    expect(guard.check('10.0.0.1', 'typo').outcome).toBe('refused');
  });

  it('reports repeated failures with the address and count, never the token tried', () => {
    const reports: string[] = [];
    const guard = createTokenGuard({
      token: TOKEN,
      maxFailures: 10,
      onRepeatedFailures: (report) => reports.push(JSON.stringify(report)),
    });
    for (let i = 0; i < 12; i++) guard.check('10.0.0.9', `guess-number-${i}`);
    expect(reports.map((report) => JSON.parse(report))).toEqual([
      { address: '10.0.0.9', failures: 3, blocked: false },
      { address: '10.0.0.9', failures: 10, blocked: true },
      { address: '10.0.0.9', failures: 11, blocked: true },
    ]);
    expect(reports.join()).not.toMatch(/guess-number|the-right/);
  });
});
