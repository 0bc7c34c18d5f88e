import { describe, expect, it } from 'vitest';
import { resultPayloadSchema } from '../../schemas/result-payload';
import { buildResultPayload } from '../results/payload';
import { fullRun, USER } from '../results/test-fixtures';
import { normalizeSite, readSite, SITE_STORAGE_KEY, saveSite, siteProblem } from './site';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('Einrichtungskennung', () => {
  it('accepts letters, digits and "-" up to 20 characters, beginning with a letter or digit', () => {
    for (const ok of ['KITA-017', 'K', '017', 'A-B-C', `K${'1'.repeat(19)}`, ''])
      expect(siteProblem(ok)).toBeUndefined();
    expect(siteProblem(`K${'1'.repeat(20)}`)).toBe('length');
    for (const bad of ['KITA 017', 'KITA_017', 'KITÄ', '=1+1', 'KITA;1', 'A"B'])
      expect(siteProblem(bad)).toBe('characters');
    for (const formula of ['-KITA', '-1']) expect(siteProblem(formula)).toBe('start');
  });

  it('keeps what the device and the server agree on: every accepted code passes the upload schema', () => {
    const id = '3f1c9a52-8b7e-4d21-9c3a-0e6f5b4d2a18';
    for (const site of ['KITA-017', `K${'1'.repeat(19)}`]) {
      const payload = buildResultPayload(id, USER, fullRun([1]), undefined, site);
      expect(payload.site).toBe(site);
      expect(resultPayloadSchema.safeParse(payload).success).toBe(true);
    }
    expect(
      resultPayloadSchema.safeParse({ ...buildResultPayload(id, USER, fullRun([1])), site: '=1+1' }).success,
    ).toBe(false);
    expect(buildResultPayload(id, USER, fullRun([1]), undefined, undefined)).not.toHaveProperty('site');
  });

  it('is stored in capitals, read back, cleared with an empty code, and junk in storage is ignored', () => {
    const storage = memoryStorage();
    expect(normalizeSite('  kita-017 ')).toBe('KITA-017');
    expect(readSite(() => storage)).toBeUndefined();
    expect(saveSite('KITA-017', () => storage)).toBe(true);
    expect(readSite(() => storage)).toBe('KITA-017');
    expect(saveSite('', () => storage)).toBe(true);
    expect(storage.getItem(SITE_STORAGE_KEY)).toBeNull();
    storage.setItem(SITE_STORAGE_KEY, '=HYPERLINK("x")');
    expect(readSite(() => storage)).toBeUndefined();
    expect(() => saveSite('=1', () => storage)).toThrow();
  });

  it('reports a device that refuses to store it, and reads nothing where there is no storage', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(saveSite('KITA-1', () => full)).toBe(false);
    expect(
      readSite(() => {
        throw new Error('no storage');
      }),
    ).toBeUndefined();
  });
});
