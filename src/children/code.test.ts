import { describe, expect, it } from 'vitest';
import { CHILD_CODE_ALPHABET, CHILD_CODE_PATTERN } from '../domain/facts';
import { newChildCode, parseChildCode } from './code';

describe('newChildCode', () => {
  it('gives 6 characters of the alphabet without look-alikes', () => {
    const pattern = new RegExp(CHILD_CODE_PATTERN);
    for (let i = 0; i < 200; i++) expect(newChildCode()).toMatch(pattern);
  });

  it('draws every character equally often (bytes beyond the last whole alphabet are drawn again)', () => {
    // Every byte value once: 240 are used (8 per character), 16 are skipped.
    let next = 0;
    const counts = new Map<string, number>();
    const sequential = (bytes: Uint8Array) => bytes.map(() => next++ % 256);
    for (let i = 0; i < 40; i++) {
      for (const char of newChildCode(sequential)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(CHILD_CODE_ALPHABET.length);
    expect(new Set(counts.values())).toEqual(new Set([8]));
  });

  it('never uses the skipped bytes', () => {
    const high = (bytes: Uint8Array) => bytes.fill(255);
    let calls = 0;
    const mostlyHigh = (bytes: Uint8Array) => (calls++ < 3 ? high(bytes) : bytes.fill(0));
    expect(newChildCode(mostlyHigh)).toBe('222222');
  });

  it('makes different codes for different children', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newChildCode()));
    expect(codes.size).toBe(500);
  });
});

describe('parseChildCode', () => {
  it('accepts a code typed in lower case, with spaces or a dash', () => {
    expect(parseChildCode(' k7m 3qx ')).toEqual({ ok: true, code: 'K7M3QX' });
    expect(parseChildCode('K7M-3QX')).toEqual({ ok: true, code: 'K7M3QX' });
  });

  it('names the problem of a malformed code', () => {
    expect(parseChildCode('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseChildCode('K7M3Q')).toEqual({ ok: false, problem: 'length' });
    expect(parseChildCode('K7M3QXX')).toEqual({ ok: false, problem: 'length' });
    expect(parseChildCode('K0M3QX')).toEqual({ ok: false, problem: 'characters' });
    expect(parseChildCode('KIM3QX')).toEqual({ ok: false, problem: 'characters' });
  });
});
