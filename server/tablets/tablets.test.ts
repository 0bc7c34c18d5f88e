// Enrolled tablets (docs/product.md §51): enrolment by code, signed uploads and status reports under
// both settings of UPLOAD_ACCESS, a tablet moved to another Kita, 'Abmelden', the passphrase of an
// Einrichtung, and who may manage which tablets. Real ECDSA keys made with WebCrypto, as a tablet
// makes them. On PGlite and PostgreSQL.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EnrolAnswer,
  NewEnrolmentCodes,
  StatusAnswer,
  TabletsOverview,
} from '../../schemas/tablets-api.ts';
import { makeAccessVerifier } from '../../scripts/build-config.ts';
import { buildServer } from '../app.ts';
import type { ResultStore } from '../db/index.ts';
import { type AccountSession, signInAs } from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { makeResearchPayload } from '../testing/payload.ts';
import { newEnrolmentCode } from './operations.ts';
import { uploadAccessFromEnv } from './signature.ts';

const { subtle } = globalThis.crypto;

/** A tablet as the app makes one: a P-256 key pair whose private key cannot be exported. */
async function newDevice() {
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const spki = Buffer.from(await subtle.exportKey('spki', keys.publicKey)).toString('base64');
  return { keys, spki };
}
type Device = Awaited<ReturnType<typeof newDevice>>;

async function signature(device: Device, method: string, path: string, body: string): Promise<string> {
  const digest = createHash('sha256').update(body).digest('hex');
  const signed = await subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    device.keys.privateKey,
    new TextEncoder().encode(`${method} ${path}\n${digest}`),
  );
  return Buffer.from(signed).toString('base64url');
}

/** A POST of `body` signed by `device` as tablet `tabletId` (or unsigned without one). */
async function post(
  app: FastifyInstance,
  url: string,
  body: object,
  signer?: { device: Device; tabletId: string },
): Promise<LightMyRequestResponse> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signer)
    headers['x-zaehltest-tablet'] = `${signer.tabletId}.${await signature(signer.device, 'POST', url, text)}`;
  return app.inject({ method: 'POST', url, payload: text, headers });
}

describe('UPLOAD_ACCESS (docs/operation.md)', () => {
  it('is open unless set to enrolled, and refuses anything else with a German message', () => {
    expect(uploadAccessFromEnv({})).toBe('open');
    expect(uploadAccessFromEnv({ UPLOAD_ACCESS: ' Enrolled ' })).toBe('enrolled');
    expect(uploadAccessFromEnv({ UPLOAD_ACCESS: 'open' })).toBe('open');
    expect(() => uploadAccessFromEnv({ UPLOAD_ACCESS: 'closed' })).toThrow(
      'UPLOAD_ACCESS muss open oder enrolled sein / must be open or enrolled, got "closed"',
    );
  });

  it('makes codes of 12 characters from the alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) expect(newEnrolmentCode()).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
  });
});

describe.each(storeBackends)('enrolled tablets on $name (docs/product.md §51)', (backend) => {
  let store: ResultStore;
  let cleanup: () => Promise<void>;
  /** UPLOAD_ACCESS=open and UPLOAD_ACCESS=enrolled on the same database. */
  let open: FastifyInstance;
  let closed: FastifyInstance;
  let verwaltung: AccountSession;
  let leitung: AccountSession;

  const codesFor = async (site: string, count = 1, who = () => verwaltung) => {
    const response = await who().request('POST', '/api/verwaltung/tablets/codes', { site, count });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as NewEnrolmentCodes).codes.map((code) => code.code);
  };
  const enrol = async (code: string, device: Device, extra: object = {}) =>
    post(open, '/api/tablets/enrol', { code, publicKey: device.spki, name: 'Tablet Gelb', ...extra });
  const enrolled = async (site: string) => {
    const device = await newDevice();
    const [code] = await codesFor(site);
    const response = await enrol(code as string, device);
    expect(response.statusCode, response.body).toBe(201);
    return { device, tabletId: (response.json() as EnrolAnswer).tabletId };
  };
  const origins = async (ids: string[]) => store.tablets?.resultOrigins(ids);

  beforeAll(async () => {
    if (backend.skip) return;
    ({ store, cleanup } = await backend.open());
    open = await buildServer({ db: store, logLevel: false, rateLimit: false });
    closed = await buildServer({ db: store, logLevel: false, rateLimit: false, uploadAccess: 'enrolled' });
    for (const [code, name] of [
      ['KITA-017', 'Kita Sonnenschein'],
      ['KITA-018', 'Kita Regenbogen'],
      ['KITA-019', 'Kita Pusteblume'],
    ] as const)
      await store.accounts?.addSite(code, name);
    verwaltung = await signInAs(open, store, { name: 'chef', role: 'verwaltung', sites: 'alle' });
    leitung = await signInAs(open, store, { name: 'leitung17', role: 'leitung', sites: ['KITA-017'] });
  }, 120_000);
  afterAll(async () => {
    await open?.close();
    await closed?.close();
    await store?.close();
    await cleanup?.();
  });

  it.skipIf(backend.skip)(
    'enrols with a valid code once; a used, expired, unknown or malformed code is refused',
    async () => {
      const [code] = (await codesFor('KITA-017')) as [string];
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      const device = await newDevice();
      // Typed in lower case with spaces: normalised.
      const first = await enrol(` ${code.toLowerCase().replaceAll('-', ' ')} `, device);
      expect(first.statusCode, first.body).toBe(201);
      const answer = first.json() as EnrolAnswer;
      expect(answer.tabletId).toMatch(/^t_[a-z2-7]{16}$/);
      expect(answer.site).toEqual({ code: 'KITA-017', name: 'Kita Sonnenschein' });
      expect(answer.passphrase).toBeNull();

      const again = await enrol(code, await newDevice());
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        reason: 'code-used',
        error: expect.stringContaining('schon verwendet'),
      });

      const unknown = await enrol('2345-6789-ABCD', await newDevice());
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        reason: 'code-unknown',
        error: 'Diesen Code kennt der Server nicht. Bitte prüfen Sie die Eingabe.',
      });

      const expiredCode = newEnrolmentCode();
      await store.tablets?.createCodes({
        site: 'KITA-017',
        batch: 'test',
        codes: [{ hash: createHash('sha256').update(expiredCode).digest('hex'), name: '' }],
        expiresAt: new Date(Date.now() - 1000),
        createdBy: 'test',
      });
      const expired = await enrol(expiredCode, await newDevice());
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        reason: 'code-expired',
        error: expect.stringContaining('abgelaufen'),
      });

      const withO = await enrol('7KQ2-M4XP-9TRO', await newDevice());
      expect(withO.statusCode).toBe(400);
      expect(withO.json().error).toContain('„O“');
      const short = await enrol('7KQ2-M4XP', await newDevice());
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toContain('Der Code hat 12 Zeichen');
      const noKey = await post(open, '/api/tablets/enrol', { code: newEnrolmentCode(), publicKey: 'abc' });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().error).toContain('publicKey');
    },
  );

  it.skipIf(backend.skip)(
    'takes uploads without, with a revoked and with a valid credential as UPLOAD_ACCESS says',
    async () => {
      const tablet = await enrolled('KITA-017');
      const result = () => makeResearchPayload({ overrides: { site: 'KITA-017', childCode: 'K7M3QX' } });

      // Without a credential: stored under 'open' (no tablet), refused under 'enrolled'.
      const unsigned = result();
      expect((await post(open, '/api/results', unsigned)).statusCode).toBe(201);
      const refusedUnsigned = result();
      const notEnrolled = await post(closed, '/api/results', refusedUnsigned);
      expect(notEnrolled.statusCode).toBe(401);
      expect(notEnrolled.json()).toMatchObject({
        reason: 'not-enrolled',
        error: expect.stringContaining('nur von eingerichteten Tablets'),
      });

      // A valid credential: stored with the tablet and its Einrichtung under either setting.
      const viaOpen = result();
      const viaClosed = result();
      expect((await post(open, '/api/results', viaOpen, tablet)).statusCode).toBe(201);
      expect((await post(closed, '/api/results', viaClosed, tablet)).statusCode).toBe(201);
      // A repeat of a stored submission is answered 200, as before.
      expect((await post(closed, '/api/results', viaClosed, tablet)).statusCode).toBe(200);

      // A wrong signature (another device's key): unknown, under either setting.
      const forged = await post(closed, '/api/results', result(), { ...tablet, device: await newDevice() });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().reason).toBe('tablet-unknown');
      const stranger = await post(open, '/api/results', result(), {
        tabletId: 't_aaaaaaaaaaaaaaaa',
        device: tablet.device,
      });
      expect(stranger.json().reason).toBe('tablet-unknown');

      // Revoked on /verwaltung: refused at once under either setting, nothing stored.
      const revoke = await verwaltung.request('POST', `/api/verwaltung/tablets/${tablet.tabletId}/revoke`);
      expect(revoke.statusCode, revoke.body).toBe(204);
      const afterRevoke = [result(), result()];
      for (const [app, payload] of [
        [open, afterRevoke[0]],
        [closed, afterRevoke[1]],
      ] as const) {
        const refused = await post(app, '/api/results', payload as object, tablet);
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toMatchObject({
          reason: 'tablet-revoked',
          error: expect.stringContaining('Dieses Tablet wurde abgemeldet.'),
        });
      }
      const stored = await origins(
        [unsigned, refusedUnsigned, viaOpen, viaClosed, ...afterRevoke].map((p) => p.submissionId),
      );
      expect(stored?.get(unsigned.submissionId)).toEqual({ tabletId: null, enrolledSite: null });
      expect(stored?.get(viaOpen.submissionId)).toEqual({
        tabletId: tablet.tabletId,
        enrolledSite: 'KITA-017',
      });
      expect(stored?.get(viaClosed.submissionId)).toEqual({
        tabletId: tablet.tabletId,
        enrolledSite: 'KITA-017',
      });
      expect(stored?.has(refusedUnsigned.submissionId)).toBe(false);
      for (const payload of afterRevoke) expect(stored?.has(payload.submissionId)).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'stores a signed result without a site (taken before the first enrolment) with its tablet and no Einrichtung',
    async () => {
      const tablet = await enrolled('KITA-018');
      // No Einrichtungskennung was typed before the tablet was enrolled: the payload has no `site`.
      const viaClosed = makeResearchPayload();
      const viaOpen = makeResearchPayload();
      expect(viaClosed).not.toHaveProperty('site');
      const stored = await post(closed, '/api/results', viaClosed, tablet);
      expect(stored.statusCode, stored.body).toBe(201);
      expect((await post(open, '/api/results', viaOpen, tablet)).statusCode).toBe(201);
      // A repeat (the tablet's daily retry) is the idempotent 200, never a refusal.
      expect((await post(closed, '/api/results', viaClosed, tablet)).statusCode).toBe(200);
      const origin = await origins([viaClosed.submissionId, viaOpen.submissionId]);
      expect(origin?.get(viaClosed.submissionId)).toEqual({ tabletId: tablet.tabletId, enrolledSite: null });
      expect(origin?.get(viaOpen.submissionId)).toEqual({ tabletId: tablet.tabletId, enrolledSite: null });
      // Stored with site NULL, as an open upload without a site is.
      const unsigned = await post(open, '/api/results', makeResearchPayload());
      expect(unsigned.statusCode).toBe(201);
      const asOpen = await store.getById(unsigned.json().id);
      const signed = await store.getById(stored.json().id);
      expect(signed?.submissionId).toBe(viaClosed.submissionId);
      expect(asOpen?.site).toBeUndefined();
      expect(signed?.site).toEqual(asOpen?.site);
      // The signature still counts: a forged one is refused.
      const forged = await post(closed, '/api/results', makeResearchPayload(), {
        device: await newDevice(),
        tabletId: tablet.tabletId,
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().reason).toBe('tablet-unknown');
    },
  );

  it.skipIf(backend.skip)(
    "refuses another Einrichtung's results and takes a moved tablet's earlier ones under the earlier",
    async () => {
      const before = await enrolled('KITA-018');
      const other = await post(
        closed,
        '/api/results',
        makeResearchPayload({ overrides: { site: 'KITA-019' } }),
        before,
      );
      expect(other.statusCode).toBe(403);
      expect(other.json().reason).toBe('other-site');

      // The same device set up for KITA-019: a new key, proven by the old one.
      const moved = await newDevice();
      const [code] = (await codesFor('KITA-019')) as [string];
      const body = { code, publicKey: moved.spki, name: 'Tablet Blau' };
      const previous = {
        tabletId: before.tabletId,
        signature: await signature(before.device, 'POST', '/api/tablets/enrol', JSON.stringify(body)),
      };
      const response = await post(open, '/api/tablets/enrol', { ...body, previous });
      expect(response.statusCode, response.body).toBe(201);
      const answer = response.json() as EnrolAnswer;
      expect(answer).toMatchObject({ site: { code: 'KITA-019' }, previousLinked: true });
      const after = { device: moved, tabletId: answer.tabletId };

      const earlier = makeResearchPayload({ overrides: { site: 'KITA-018' } });
      const now = makeResearchPayload({ overrides: { site: 'KITA-019' } });
      expect((await post(closed, '/api/results', earlier, after)).statusCode).toBe(201);
      expect((await post(closed, '/api/results', now, after)).statusCode).toBe(201);
      expect(
        (await post(closed, '/api/results', makeResearchPayload({ overrides: { site: 'KITA-017' } }), after))
          .statusCode,
      ).toBe(403);
      const stored = await origins([earlier.submissionId, now.submissionId]);
      expect(stored?.get(earlier.submissionId)).toEqual({
        tabletId: after.tabletId,
        enrolledSite: 'KITA-018',
      });
      expect(stored?.get(now.submissionId)).toEqual({ tabletId: after.tabletId, enrolledSite: 'KITA-019' });
      // The old key is replaced: it is refused now, and the list says which enrolment replaced it.
      expect(
        (
          await post(closed, '/api/results', makeResearchPayload({ overrides: { site: 'KITA-018' } }), before)
        ).json().reason,
      ).toBe('tablet-revoked');
      const list = (await verwaltung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
      const old = list.sites
        .find((site) => site.code === 'KITA-018')
        ?.tablets.find((t) => t.id === before.tabletId);
      expect(old).toMatchObject({ replacedBy: after.tabletId, revokedAt: expect.any(String) });

      // An unproven `previous` (a signature by another key) enrols without the link.
      const [another] = (await codesFor('KITA-019')) as [string];
      const stranger = await newDevice();
      const strangerBody = { code: another, publicKey: stranger.spki };
      const unproven = await post(open, '/api/tablets/enrol', {
        ...strangerBody,
        previous: {
          tabletId: after.tabletId,
          signature: await signature(stranger, 'POST', '/api/tablets/enrol', JSON.stringify(strangerBody)),
        },
      });
      expect(unproven.statusCode).toBe(201);
      expect((unproven.json() as EnrolAnswer).previousLinked).toBe(false);
    },
  );

  it.skipIf(backend.skip)('checks consent withdrawals like uploads', async () => {
    const tablet = await enrolled('KITA-017');
    const withdrawal = { childCode: 'K7M3QX', site: 'KITA-017', withdrawnOn: '2026-11-01' };
    expect((await post(closed, '/api/consent-withdrawals', withdrawal)).json().reason).toBe('not-enrolled');
    expect((await post(open, '/api/consent-withdrawals', withdrawal)).statusCode).toBe(200);
    expect((await post(closed, '/api/consent-withdrawals', withdrawal, tablet)).statusCode).toBe(200);
    const other = await post(closed, '/api/consent-withdrawals', { ...withdrawal, site: 'KITA-018' }, tablet);
    expect(other.statusCode).toBe(403);
  });

  it.skipIf(backend.skip)(
    'records status reports and hands out the passphrase record, new after a change',
    async () => {
      const tablet = await enrolled('KITA-017');
      const status = {
        appVersion: '1.4.0+abc',
        contentVersion: '2026-11',
        unsent: 3,
        lastBackupAt: '2026-11-20T08:00:00.000Z',
      };
      const unsigned = await post(open, '/api/tablets/status', status);
      expect(unsigned.statusCode).toBe(401);
      const first = await post(open, '/api/tablets/status', status, tablet);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        site: { code: 'KITA-017', name: 'Kita Sonnenschein' },
        passphrase: null,
      });

      const short = await leitung.request('POST', '/api/verwaltung/tablets/passphrase', {
        site: 'KITA-017',
        passphrase: 'zu kurz',
        repeat: 'zu kurz',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error).toContain('mindestens 12 Zeichen');
      const mismatch = await leitung.request('POST', '/api/verwaltung/tablets/passphrase', {
        site: 'KITA-017',
        passphrase: 'Sonnenblumen-Wiese-2026',
        repeat: 'Sonnenblumen-Wiese-2025',
      });
      expect(mismatch.json().error).toBe('Die beiden Eingaben stimmen nicht überein.');
      for (const passphrase of ['Sonnenblumen-Wiese-2026', 'Regenbogen-Fisch-2027']) {
        const set = await leitung.request('POST', '/api/verwaltung/tablets/passphrase', {
          site: 'KITA-017',
          passphrase,
          repeat: passphrase,
        });
        expect(set.statusCode, set.body).toBe(200);
      }
      const second = await post(open, '/api/tablets/status', { ...status, unsent: 0 }, tablet);
      const { passphrase } = second.json() as StatusAnswer;
      expect(passphrase?.version).toBe(2);
      // The build's derivation with the same salt gives the same verifier: the tablet checks it alike.
      const expected = makeAccessVerifier(
        'Regenbogen-Fisch-2027',
        passphrase?.iterations,
        Buffer.from(passphrase?.salt ?? '', 'base64'),
      );
      expect(passphrase).toEqual({ ...expected, version: 2 });

      const list = (await leitung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
      const row = list.sites[0]?.tablets.find((t) => t.id === tablet.tabletId);
      expect(row).toMatchObject({
        name: 'Tablet Gelb',
        appVersion: '1.4.0+abc',
        contentVersion: '2026-11',
        unsent: 0,
        lastBackupAt: '2026-11-20T08:00:00.000Z',
        lastContactAt: expect.any(String),
        silent: false,
      });
      expect(list.sites[0]?.passphrase?.version).toBe(2);
      // A newly enrolled tablet receives the passphrase record at once.
      const [code] = (await codesFor('KITA-017')) as [string];
      const answer = (await enrol(code, await newDevice())).json() as EnrolAnswer;
      expect(answer.passphrase?.version).toBe(2);

      const protokoll = await store.research?.protokoll({ kind: 'tablet' });
      const details = protokoll?.map((entry) => entry.detail).join('\n') ?? '';
      expect(details).toContain('Passwort der Einrichtung KITA-017 geändert (Version 2)');
      expect(details).toContain(`Tablet ${tablet.tabletId} „Tablet Gelb“ in KITA-017 eingerichtet`);
      expect(details).toMatch(/Ein Code für Tablets in KITA-017 erstellt/);
      expect(details).not.toContain('Regenbogen-Fisch');
      expect(details).not.toContain(code);
      expect(details).not.toContain(code.replaceAll('-', ''));
    },
  );

  it.skipIf(backend.skip)(
    'shows a Kita-Leitung only her tablets; other Einrichtungen are refused',
    async () => {
      const own = await enrolled('KITA-017');
      const foreign = await enrolled('KITA-018');
      const mine = (await leitung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
      expect(mine.sites.map((site) => site.code)).toEqual(['KITA-017']);
      expect(mine.sites[0]?.tablets.map((t) => t.id)).toContain(own.tabletId);
      expect(JSON.stringify(mine)).not.toContain(foreign.tabletId);
      const all = (await verwaltung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
      expect(all.sites.map((site) => site.code)).toEqual(['KITA-017', 'KITA-018', 'KITA-019']);

      const codes = await leitung.request('POST', '/api/verwaltung/tablets/codes', {
        site: 'KITA-018',
        count: 2,
      });
      expect(codes.statusCode).toBe(403);
      expect(codes.json().error).toBe('Diese Einrichtung gehört nicht zu diesem Konto.');
      const passphrase = await leitung.request('POST', '/api/verwaltung/tablets/passphrase', {
        site: 'KITA-018',
        passphrase: 'Regenbogen-Fisch-2027',
        repeat: 'Regenbogen-Fisch-2027',
      });
      expect(passphrase.statusCode).toBe(403);
      const revoke = await leitung.request('POST', `/api/verwaltung/tablets/${foreign.tabletId}/revoke`);
      expect(revoke.statusCode).toBe(404);
      expect(
        (
          await post(
            closed,
            '/api/results',
            makeResearchPayload({ overrides: { site: 'KITA-018' } }),
            foreign,
          )
        ).statusCode,
      ).toBe(201);

      const forschung = await signInAs(open, store, { name: 'team', role: 'forschung', sites: 'alle' });
      expect((await forschung.request('GET', '/api/verwaltung/tablets')).statusCode).toBe(403);
      expect((await open.inject({ method: 'GET', url: '/api/verwaltung/tablets' })).statusCode).toBe(401);

      const made = await leitung.request('POST', '/api/verwaltung/tablets/codes', {
        site: 'KITA-017',
        count: 3,
        names: ['Gruppe Bären', 'Gruppe Füchse'],
      });
      expect(made.statusCode).toBe(201);
      const created = made.json() as NewEnrolmentCodes;
      expect(created.codes).toHaveLength(3);
      expect(created.codes.map((code) => code.name)).toEqual(['Gruppe Bären', 'Gruppe Füchse', '']);
      for (const code of created.codes) {
        expect(code.link).toBe(`http://localhost:80/#einrichten=${code.code.replaceAll('-', '')}`);
        expect(code.qrSvg).toMatch(/^<svg /);
      }
      const tooMany = await leitung.request('POST', '/api/verwaltung/tablets/codes', {
        site: 'KITA-017',
        count: 61,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error).toBe('Höchstens 60 Tablets auf einmal.');
    },
  );

  it.skipIf(backend.skip)(
    "flags a tablet on another version than the server's build (dist/version.json)",
    async () => {
      const dist = mkdtempSync(join(tmpdir(), 'zaehltest-dist-'));
      writeFileSync(join(dist, 'index.html'), '<!doctype html>');
      writeFileSync(join(dist, 'version.json'), JSON.stringify({ app: '1.5.0+new', content: '2026-12' }));
      const built = await buildServer({ db: store, logLevel: false, rateLimit: false, staticDir: dist });
      try {
        const current = await enrolled('KITA-019');
        const old = await enrolled('KITA-019');
        const report = (appVersion: string) => ({
          appVersion,
          contentVersion: '2026-12',
          unsent: 0,
          lastBackupAt: null,
        });
        expect((await post(built, '/api/tablets/status', report('1.5.0+new'), current)).statusCode).toBe(200);
        expect((await post(built, '/api/tablets/status', report('1.4.0+old'), old)).statusCode).toBe(200);
        const session = await signInAs(built, store, { name: 'chef19', role: 'verwaltung', sites: 'alle' });
        const list = (await session.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
        expect(list.currentVersion).toEqual({ app: '1.5.0+new', content: '2026-12' });
        const rows = list.sites.find((site) => site.code === 'KITA-019')?.tablets ?? [];
        expect(rows.find((row) => row.id === current.tabletId)?.oldVersion).toBe(false);
        expect(rows.find((row) => row.id === old.tabletId)?.oldVersion).toBe(true);
        // Without version.json (a server without the built app): no version flag.
        const plain = (await verwaltung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
        expect(plain.currentVersion).toBeNull();
        expect(plain.sites.flatMap((site) => site.tablets).some((row) => row.oldVersion)).toBe(false);
      } finally {
        await built.close();
        rmSync(dist, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(backend.skip)(
    'answers cross-origin apps and limits enrolments to 20 a minute per address',
    async () => {
      const limited = await buildServer({
        db: store,
        logLevel: false,
        rateLimit: { max: 600, timeWindowMs: 60_000 },
      });
      try {
        for (const url of [
          '/api/tablets/enrol',
          '/api/tablets/status',
          '/api/results',
          '/api/consent-withdrawals',
        ]) {
          const preflight = await limited.inject({ method: 'OPTIONS', url });
          expect(preflight.statusCode, url).toBe(204);
          expect(preflight.headers['access-control-allow-origin'], url).toBe('*');
          expect(preflight.headers['access-control-allow-headers'], url).toContain('x-zaehltest-tablet');
        }
        const statuses: number[] = [];
        for (let i = 0; i < 21; i++)
          statuses.push(
            (await post(limited, '/api/tablets/enrol', { code: newEnrolmentCode(), publicKey: 'x' }))
              .statusCode,
          );
        expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
        expect(statuses[20]).toBe(429);
      } finally {
        await limited.close();
      }
    },
  );

  it.skipIf(backend.skip)(
    'counts the recent results of tablets that are not enrolled per site code',
    async () => {
      const today = new Date().toISOString().slice(0, 10);
      for (const site of ['KITA-019', 'KITA-019', 'kita-99'])
        expect(
          (
            await post(
              open,
              '/api/results',
              makeResearchPayload({ overrides: { site, testDate: today, submissionId: randomUUID() } }),
            )
          ).statusCode,
        ).toBe(201);
      const all = (await verwaltung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
      expect(all.unenrolled).toEqual(
        expect.arrayContaining([
          { site: 'KITA-019', results: 2 },
          { site: 'kita-99', results: 1 },
        ]),
      );
      const mine = (await leitung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;
      expect(mine.unenrolled.map((row) => row.site)).not.toContain('KITA-019');
    },
  );
});
