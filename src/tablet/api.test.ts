import 'fake-indexeddb/auto';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enrolTablet, reportStatus, resetStatusThrottleForTests, tabletEndpoint, tabletHeaders } from './api';
import { closeCredentialStoreForTests, readCredential } from './credential';
import { ENROLMENT_STORAGE_KEY, readEnrolment, readRefusal } from './enrolment';
import { signedText, TABLET_HEADER } from './sign';

const items = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => items.set(key, value),
  removeItem: (key: string) => items.delete(key),
});

const ENROL = 'https://zaehltest.example/api/tablets/enrol';
const STATUS = 'https://zaehltest.example/api/tablets/status';
const SITE = { code: 'KITA-017', name: 'Kita Sonnenschein' };
const PASSPHRASE = {
  salt: 'c2FsdHNhbHRzYWx0c2FsdA==',
  iterations: 1000,
  verifier: 'ab'.repeat(32),
  version: 2,
};

interface Request {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A server following docs/product.md §51: known codes, tablets by public key, revocation. */
function tabletServer() {
  const requests: Request[] = [];
  const codes = new Map<string, 'fresh' | 'used' | 'expired'>([
    ['7KQ2M4XP9TRC', 'fresh'],
    ['23456789ABCD', 'fresh'],
    ['USED2345USED', 'used'],
    ['EXP23456EXPD', 'expired'],
  ]);
  const tablets = new Map<string, { publicKey: string; revoked: boolean }>();
  const verifies = (tabletId: string, signature: string, path: string, body: string) => {
    const tablet = tablets.get(tabletId);
    if (!tablet) return false;
    const key = createPublicKey({
      key: Buffer.from(tablet.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const message = `POST ${path}\n${createHash('sha256').update(body).digest('hex')}`;
    return verify(
      'sha256',
      Buffer.from(message),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = async (url: string | URL | globalThis.Request, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    const body = String(init?.body ?? '');
    requests.push({ url: String(url), headers, body });
    if (String(url) === ENROL) {
      const { previous, ...rest } = JSON.parse(body);
      const state = codes.get(rest.code);
      if (!state) return json(404, { reason: 'code-unknown', error: 'Diesen Code kennt der Server nicht.' });
      if (state === 'used')
        return json(409, { reason: 'code-used', error: 'Dieser Code wurde schon verwendet.' });
      if (state === 'expired') return json(410, { reason: 'code-expired', error: 'Abgelaufen.' });
      if (
        previous &&
        !verifies(previous.tabletId, previous.signature, '/api/tablets/enrol', JSON.stringify(rest))
      ) {
        return json(400, { error: 'Die Unterschrift des früheren Tablets stimmt nicht.' });
      }
      codes.set(rest.code, 'used');
      const tabletId = `t_${tablets.size + 1}`;
      tablets.set(tabletId, { publicKey: rest.publicKey, revoked: false });
      return json(201, { tabletId, site: SITE, passphrase: PASSPHRASE, previous: previous?.tabletId });
    }
    const [tabletId, signature] = (headers[TABLET_HEADER] ?? '').split('.');
    if (!tabletId || !signature || !verifies(tabletId, signature, new URL(String(url)).pathname, body)) {
      return json(401, { reason: 'tablet-unknown', error: 'Unbekanntes Tablet.' });
    }
    if (tablets.get(tabletId)?.revoked) return json(401, { reason: 'tablet-revoked', error: 'Abgemeldet.' });
    return json(200, {
      site: { ...SITE, name: 'Kita Sonnenschein (neu)' },
      passphrase: { ...PASSPHRASE, version: 3 },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests, tablets };
}

const VERSIONS = { appVersion: '0.1.0+abc', contentVersion: 'c0ffee' };

beforeEach(async () => {
  items.clear();
  resetStatusThrottleForTests();
  await closeCredentialStoreForTests();
  await new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase('zaehltest-tablet');
    request.onsuccess = resolve;
    request.onerror = reject;
  });
});

describe('enrolling the tablet (docs/product.md §51)', () => {
  it('sends a new public key and keeps the tablet id, the Einrichtung and its passphrase record', async () => {
    const server = tabletServer();
    const outcome = await enrolTablet({
      code: '7kq2 m4xp-9trc',
      name: '  Gruppe Igel 1 ',
      endpoint: ENROL,
      fetch: server.fetch,
      versions: VERSIONS,
    });
    expect(outcome).toMatchObject({
      ok: true,
      enrolment: { tabletId: 't_1', site: SITE, passphrase: PASSPHRASE },
    });
    const sent = JSON.parse(server.requests[0]?.body ?? '{}');
    expect(sent).toMatchObject({ code: '7KQ2M4XP9TRC', name: 'Gruppe Igel 1', ...VERSIONS });
    expect(sent.previous).toBeUndefined();
    expect(readEnrolment()).toMatchObject({ tabletId: 't_1', site: SITE, name: 'Gruppe Igel 1' });
    const credential = await readCredential();
    expect(credential?.tabletId).toBe('t_1');
    // Non-extractable: the private key cannot be read out of the tablet.
    expect(credential?.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', credential?.privateKey as CryptoKey)).rejects.toThrow();
  });

  it('tells a wrong, a used and an expired code apart, and keeps nothing', async () => {
    const server = tabletServer();
    const enrol = (code: string) =>
      enrolTablet({ code, endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    expect(await enrol('ZZZZ-ZZZZ-ZZZZ')).toEqual({ ok: false, failure: { kind: 'code-unknown' } });
    expect(await enrol('USED-2345-USED')).toEqual({ ok: false, failure: { kind: 'code-used' } });
    expect(await enrol('EXP2-3456-EXPD')).toEqual({ ok: false, failure: { kind: 'code-expired' } });
    expect(await enrol('0KQ2-M4XP-9TRC')).toMatchObject({ ok: false, failure: { kind: 'code' } });
    expect(server.requests).toHaveLength(3);
    expect(items.has(ENROLMENT_STORAGE_KEY)).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    expect(
      await enrolTablet({ code: '7KQ2M4XP9TRC', endpoint: ENROL, fetch: offline, versions: VERSIONS }),
    ).toEqual({
      ok: false,
      failure: { kind: 'offline' },
    });
    expect(readEnrolment()).toBeUndefined();
  });

  it('enrolled again, it makes a new key pair and proves with the old one that it is the same tablet', async () => {
    const server = tabletServer();
    await enrolTablet({ code: '7KQ2M4XP9TRC', endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    const first = await readCredential();
    const again = await enrolTablet({
      code: '23456789ABCD',
      endpoint: ENROL,
      fetch: server.fetch,
      versions: VERSIONS,
    });
    expect(again).toMatchObject({ ok: true, enrolment: { tabletId: 't_2' } });
    const sent = JSON.parse(server.requests[1]?.body ?? '{}');
    expect(sent.previous.tabletId).toBe('t_1');
    expect(server.tablets.get('t_2')?.publicKey).not.toBe(server.tablets.get('t_1')?.publicKey);
    expect((await readCredential())?.privateKey).not.toBe(first?.privateKey);
  });
});

describe('signed requests of an enrolled tablet', () => {
  it('signs method, path and the body hash; node:crypto verifies the signature', async () => {
    const server = tabletServer();
    await enrolTablet({ code: '7KQ2M4XP9TRC', endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    const body = JSON.stringify({ submissionId: 'a', site: 'KITA-017' });
    const headers = await tabletHeaders('POST', 'https://zaehltest.example/api/results?x=1', body);
    const [tabletId, signature] = (headers[TABLET_HEADER] ?? '').split('.');
    expect(tabletId).toBe('t_1');
    const publicKey = createPublicKey({
      key: Buffer.from(server.tablets.get('t_1')?.publicKey ?? '', 'base64'),
      format: 'der',
      type: 'spki',
    });
    const text = await signedText('POST', '/api/results', body);
    expect(text).toBe(`POST /api/results\n${createHash('sha256').update(body).digest('hex')}`);
    const ok = (message: string) =>
      verify(
        'sha256',
        Buffer.from(message),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature ?? '', 'base64url'),
      );
    expect(Buffer.from(signature ?? '', 'base64url')).toHaveLength(64);
    expect(ok(text)).toBe(true);
    expect(ok(await signedText('POST', '/api/results', `${body} `))).toBe(false);
    expect(ok(await signedText('POST', '/api/consent-withdrawals', body))).toBe(false);
  });

  it('signs nothing on a tablet that is not enrolled', async () => {
    expect(await tabletHeaders('POST', 'https://zaehltest.example/api/results', '{}')).toEqual({});
  });
});

describe('the status report', () => {
  const facts = async () => ({ unsent: 2, lastBackupAt: '2026-11-20T10:00:00.000Z' });

  it('sends versions, unsent results and the last backup; learns the Einrichtung and a new passphrase', async () => {
    const server = tabletServer();
    await enrolTablet({ code: '7KQ2M4XP9TRC', endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    expect(await reportStatus(facts, { endpoint: STATUS, fetch: server.fetch, force: true })).toBe(
      'reported',
    );
    const sent = JSON.parse(server.requests[1]?.body ?? '{}');
    expect(sent).toMatchObject({
      appVersion: '0.0.0+test',
      unsent: 2,
      lastBackupAt: '2026-11-20T10:00:00.000Z',
    });
    expect(readEnrolment()?.passphrase?.version).toBe(3);
    expect(readEnrolment()?.site.name).toBe('Kita Sonnenschein (neu)');
  });

  it('is throttled unless forced', async () => {
    const server = tabletServer();
    await enrolTablet({ code: '7KQ2M4XP9TRC', endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    const options = { endpoint: STATUS, fetch: server.fetch, now: 1_000_000 };
    expect(await reportStatus(facts, options)).toBe('reported');
    expect(await reportStatus(facts, { ...options, now: 1_060_000 })).toBe('throttled');
    expect(await reportStatus(facts, { ...options, now: 1_060_000, force: true })).toBe('reported');
  });

  it('notes a revoked tablet, and a new enrolment clears the note', async () => {
    const server = tabletServer();
    await enrolTablet({ code: '7KQ2M4XP9TRC', endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    const revoked = server.tablets.get('t_1');
    if (revoked) revoked.revoked = true;
    expect(await reportStatus(facts, { endpoint: STATUS, fetch: server.fetch, force: true })).toBe('refused');
    expect(readRefusal()).toBe('tablet-revoked');
    await enrolTablet({ code: '23456789ABCD', endpoint: ENROL, fetch: server.fetch, versions: VERSIONS });
    expect(readRefusal()).toBeUndefined();
    expect(await reportStatus(facts, { endpoint: STATUS, fetch: server.fetch, force: true })).toBe(
      'reported',
    );
  });

  it('reports nothing on a tablet that is not enrolled', async () => {
    const server = tabletServer();
    expect(await reportStatus(facts, { endpoint: STATUS, fetch: server.fetch, force: true })).toBe(
      'not-enrolled',
    );
    expect(server.requests).toHaveLength(0);
  });
});

it('the tablet routes sit beside the results endpoint', () => {
  expect(tabletEndpoint('/api/results', 'enrol')).toBe('/api/tablets/enrol');
  expect(tabletEndpoint('https://x.example/zaehltest/api/results/', 'status')).toBe(
    'https://x.example/zaehltest/api/tablets/status',
  );
});
