// Who may see what (docs/product.md §47): every route of /auswertung, /verwaltung, /api/konto and
// the script API, asked by each kind of principal — the Verwaltung, a Kita-Leitung, Forschung on all
// and on chosen Einrichtungen, the holder of EXPORT_TOKEN (session and Bearer), an account's API
// token, nobody — and what each answer holds. On PGlite and PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../schemas/auswertung-api.ts';
import type { AccountRow, Me, NewApiToken, OneTimePassword, SiteRow } from '../../schemas/verwaltung-api.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import {
  type AccountSession,
  type AuswertungApp,
  openAuswertungApp,
  signInAs,
} from '../testing/auswertung-app.ts';
import { storeBackends } from '../testing/backends.ts';
import { parseCsv } from '../testing/csv.ts';
import { makeResearchPayload } from '../testing/payload.ts';

const TOKEN = 'access-test-export-token-0123456789abcdef';
const at = (site: string | undefined, childCode: string) =>
  makeResearchPayload({ overrides: { ...(site ? { site } : {}), childCode } });
const PAYLOADS = [
  at('KITA-017', 'AAAAA2'),
  at('KITA-017', 'AAAAA3'),
  at('KITA-017', 'SHARE2'),
  at('KITA-018', 'SHARE2'),
  at('KITA-018', 'BBBBB2'),
  at(undefined, 'CCCCC2'),
  at('kita-17', 'DDDDD2'),
];

type Who = 'verwaltung' | 'leitung' | 'forschung' | 'forschung18' | 'exportToken' | 'nobody';

describe.each(storeBackends)('who may see what on $name (docs/product.md §47)', (backend) => {
  let api: AuswertungApp;
  let clock = Date.now();
  const sessions = {} as Record<Exclude<Who, 'exportToken' | 'nobody'>, AccountSession>;
  const as = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    if (who === 'nobody') return api.app.inject({ method, url, ...(payload ? { payload } : {}) });
    if (who === 'exportToken')
      return api.app.inject({
        method,
        url,
        headers: { cookie: api.cookie },
        ...(payload ? { payload } : {}),
      });
    return sessions[who].request(method, url, payload);
  };
  const total = async (who: Who, query = '') =>
    ((await as(who, 'GET', `/api/auswertung/overview${query}`)).json() as Overview).total;

  beforeAll(async () => {
    if (backend.skip) return;
    api = await openAuswertungApp(backend, PAYLOADS, TOKEN, {
      loginThrottle: createLoginThrottle({ now: () => clock }),
    });
    const accounts = api.store.accounts;
    if (!accounts) throw new Error('no accounts');
    for (const [code, name] of [
      ['KITA-017', 'Kita Sonnenschein'],
      ['KITA-018', 'Kita Regenbogen'],
    ] as const)
      await accounts.addSite(code, name);
    sessions.verwaltung = await signInAs(api.app, api.store, {
      name: 'chef',
      role: 'verwaltung',
      sites: 'alle',
    });
    sessions.leitung = await signInAs(api.app, api.store, {
      name: 'leitung17',
      role: 'leitung',
      sites: ['KITA-017'],
    });
    sessions.forschung = await signInAs(api.app, api.store, {
      name: 'team',
      role: 'forschung',
      sites: 'alle',
    });
    sessions.forschung18 = await signInAs(api.app, api.store, {
      name: 'team18',
      role: 'forschung',
      sites: ['KITA-018'],
    });
  }, 120_000);
  afterAll(async () => api?.close());

  it.skipIf(backend.skip)(
    'answers every route by role: 200, 403 for a missing role, 401 without anyone',
    async () => {
      const matrix: [string, Record<Who, number>][] = [
        ...[
          'overview',
          'levels',
          'items',
          'dif',
          'progress',
          'bilingual',
          'results.csv',
          'results.json',
          'child-results?childCode=AAAAA2',
          'auskunft?childCode=AAAAA2',
        ].map(
          (path) =>
            [
              `/api/auswertung/${path}`,
              {
                verwaltung: 200,
                leitung: 200,
                forschung: 200,
                forschung18: 200,
                exportToken: 200,
                nobody: 401,
              },
            ] as [string, Record<Who, number>],
        ),
        ...['protokoll', 'protokoll.csv', 'protokoll/child-code?childCode=AAAAA2'].map(
          (path) =>
            [
              `/api/auswertung/${path}`,
              {
                verwaltung: 200,
                leitung: 403,
                forschung: 403,
                forschung18: 403,
                exportToken: 403,
                nobody: 401,
              },
            ] as [string, Record<Who, number>],
        ),
        ...['settings', 'sites', 'unassigned'].map(
          (path) =>
            [
              `/api/verwaltung/${path}`,
              {
                verwaltung: 200,
                leitung: 403,
                forschung: 200,
                forschung18: 200,
                exportToken: 200,
                nobody: 401,
              },
            ] as [string, Record<Who, number>],
        ),
        [
          '/api/verwaltung/accounts',
          { verwaltung: 200, leitung: 403, forschung: 403, forschung18: 403, exportToken: 403, nobody: 401 },
        ],
        [
          '/api/konto/tokens',
          { verwaltung: 200, leitung: 200, forschung: 200, forschung18: 200, exportToken: 403, nobody: 401 },
        ],
        [
          '/api/auswertung/session',
          { verwaltung: 200, leitung: 200, forschung: 200, forschung18: 200, exportToken: 200, nobody: 401 },
        ],
      ];
      const got: string[] = [];
      const want: string[] = [];
      for (const [url, expected] of matrix) {
        for (const who of Object.keys(expected) as Who[]) {
          const response = await as(who, 'GET', url);
          got.push(`${url} ${who} ${response.statusCode}`);
          want.push(`${url} ${who} ${expected[who]}`);
        }
      }
      expect(got).toEqual(want);
      // The changes of the Verwaltung: nobody else.
      for (const who of ['leitung', 'forschung', 'exportToken'] as const) {
        expect(
          (await as(who, 'POST', '/api/verwaltung/sites', { code: 'KITA-099', name: 'X' })).statusCode,
        ).toBe(403);
        expect(
          (
            await as(who, 'POST', '/api/verwaltung/accounts', {
              name: 'neu',
              role: 'verwaltung',
              sites: 'alle',
            })
          ).statusCode,
        ).toBe(403);
      }
      // Joining codes moves results between Kitas: only for whoever sees them all.
      for (const who of ['leitung', 'forschung18'] as const)
        expect(
          (await as(who, 'POST', '/api/verwaltung/assignments', { code: 'kita-17', site: 'KITA-018' }))
            .statusCode,
        ).toBe(403);
    },
  );

  it.skipIf(backend.skip)(
    'limits statistics, downloads and deletions to the Einrichtungen of the account',
    async () => {
      expect(await total('verwaltung')).toBe(7);
      expect(await total('exportToken')).toBe(7);
      expect(await total('forschung')).toBe(7);
      expect(await total('leitung')).toBe(3);
      expect(await total('forschung18')).toBe(2);
      // Naming another Kita is refused, not answered with its numbers.
      const other = await as('leitung', 'GET', '/api/auswertung/overview?site=KITA-018');
      expect(other.statusCode).toBe(403);
      expect(other.json().error).toBe('Diese Einrichtung gehört nicht zu diesem Konto.');
      expect((await as('leitung', 'GET', '/api/auswertung/results.csv?site=KITA-018')).statusCode).toBe(403);
      expect(await total('leitung', '?site=KITA-017')).toBe(3);
      // Her CSV holds her Kita's rows only.
      const csv = parseCsv(
        (await as('leitung', 'GET', '/api/auswertung/results.csv')).body.replace(/^\uFEFF/, ''),
      );
      const siteColumn = csv[0]?.indexOf('Einrichtungskennung') ?? -1;
      expect(siteColumn).toBeGreaterThan(-1);
      expect(csv.slice(1).map((row) => row[siteColumn])).toEqual(['KITA-017', 'KITA-017', 'KITA-017']);
      const overview = (await as('leitung', 'GET', '/api/auswertung/overview')).json() as Overview;
      expect(overview.sites.map((count) => count.key)).toEqual(['KITA-017']);
      // A code two Kitas share: each deletes only her own child's results.
      expect((await as('leitung', 'GET', '/api/auswertung/child-results?childCode=SHARE2')).json()).toEqual({
        count: 1,
      });
      expect(
        (await as('verwaltung', 'GET', '/api/auswertung/child-results?childCode=SHARE2')).json(),
      ).toEqual({ count: 2 });
      expect((await as('leitung', 'GET', '/api/auswertung/child-results?childCode=BBBBB2')).json()).toEqual({
        count: 0,
      });
      expect(
        (await as('leitung', 'DELETE', '/api/auswertung/child-results?childCode=BBBBB2')).json(),
      ).toEqual({
        deleted: 0,
      });
      const eighteen = PAYLOADS[4]?.submissionId as string;
      expect((await as('leitung', 'DELETE', `/api/auswertung/results/${eighteen}`)).statusCode).toBe(404);
      expect(
        (await as('leitung', 'DELETE', '/api/auswertung/child-results?childCode=SHARE2')).json(),
      ).toEqual({
        deleted: 1,
      });
      expect(
        (await as('verwaltung', 'GET', '/api/auswertung/child-results?childCode=SHARE2')).json(),
      ).toEqual({ count: 1 });
      // Named with its Kita, a request about a code touches that Kita only — if it is the account's.
      const child = (site: string) => `/api/auswertung/child-results?childCode=SHARE2&site=${site}`;
      expect((await as('verwaltung', 'GET', child('KITA-017'))).json()).toEqual({ count: 0 });
      expect((await as('verwaltung', 'GET', child('KITA-018'))).json()).toEqual({ count: 1 });
      expect((await as('leitung', 'DELETE', child('KITA-018'))).statusCode).toBe(403);
      expect(
        (await as('leitung', 'GET', '/api/auswertung/auskunft?childCode=SHARE2&site=KITA-018')).statusCode,
      ).toBe(403);
      expect((await as('verwaltung', 'GET', child('kita 18'))).statusCode).toBe(400);
      // The Auskunft: her Kita's results of the code only.
      const auskunft = (await as('leitung', 'GET', '/api/auswertung/auskunft?childCode=BBBBB2')).json();
      expect(auskunft.results).toEqual([]);
      // The Protokoll names the account and its Einrichtungen.
      const protokoll = (await as('verwaltung', 'GET', '/api/auswertung/protokoll?kind=deletion')).json();
      expect(protokoll.entries[0]).toMatchObject({
        actor: 'leitung17 (Kita-Leitung)',
        count: 1,
        detail: 'alle Ergebnisse eines Kind-Codes in KITA-017',
      });
    },
  );

  it.skipIf(backend.skip)(
    'gives API tokens their account’s rights, shown once, stored hashed, revocable',
    async () => {
      const created = await as('leitung', 'POST', '/api/konto/tokens', { name: 'Auswertungsskript' });
      expect(created.statusCode).toBe(201);
      const { id, token } = created.json() as NewApiToken;
      expect(token.length).toBeGreaterThanOrEqual(40);
      const bearer = (url: string, value = token) =>
        api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${value}` } });
      const csv = parseCsv((await bearer('/api/results.csv')).body.replace(/^\uFEFF/, ''));
      const siteColumn = csv[0]?.indexOf('Einrichtungskennung') ?? -1;
      expect(new Set(csv.slice(1).map((row) => row[siteColumn]))).toEqual(new Set(['KITA-017']));
      expect(((await bearer('/api/auswertung/overview')).json() as Overview).total).toBe(2);
      expect((await bearer('/api/auswertung/protokoll')).statusCode).toBe(403);
      // EXPORT_TOKEN as Bearer: everything.
      expect(((await bearer('/api/auswertung/overview', TOKEN)).json() as Overview).total).toBe(6);
      const listed = (await as('leitung', 'GET', '/api/konto/tokens')).json();
      expect(listed).toMatchObject([{ id, name: 'Auswertungsskript', revokedAt: null }]);
      expect(JSON.stringify(listed)).not.toContain(token);
      // Another account cannot revoke it; its own can.
      expect((await as('forschung', 'DELETE', `/api/konto/tokens/${id}`)).statusCode).toBe(404);
      expect((await as('leitung', 'DELETE', `/api/konto/tokens/${id}`)).statusCode).toBe(204);
      expect((await bearer('/api/results.csv')).statusCode).toBe(401);
      expect(
        (await as('verwaltung', 'GET', '/api/auswertung/protokoll?kind=token'))
          .json()
          .entries.map((entry: { detail: string }) => entry.detail),
      ).toEqual(['API-Token „Auswertungsskript“ widerrufen', 'API-Token „Auswertungsskript“ erstellt']);
    },
  );

  it.skipIf(backend.skip)('joins a mistyped code to its Einrichtung, with the uploads to come', async () => {
    expect((await as('forschung', 'GET', '/api/verwaltung/unassigned')).json()).toEqual([
      { code: 'kita-17', results: 1 },
    ]);
    const assigned = await as('forschung', 'POST', '/api/verwaltung/assignments', {
      code: 'kita-17',
      site: 'KITA-017',
    });
    expect(assigned.json()).toEqual({ moved: 1 });
    expect((await as('verwaltung', 'GET', '/api/verwaltung/unassigned')).json()).toEqual([]);
    const later = at('kita-17', 'EEEEE2');
    expect((await api.app.inject({ method: 'POST', url: '/api/results', payload: later })).statusCode).toBe(
      201,
    );
    expect(await total('leitung')).toBe(4);
    const sites = (await as('verwaltung', 'GET', '/api/verwaltung/sites')).json() as SiteRow[];
    expect(sites.find((site) => site.code === 'KITA-017')).toMatchObject({
      results: 4,
      aliases: ['kita-17'],
    });
    // An Einrichtung cannot be joined to another; an unknown one is named.
    expect(
      (await as('verwaltung', 'POST', '/api/verwaltung/assignments', { code: 'KITA-018', site: 'KITA-017' }))
        .statusCode,
    ).toBe(409);
    const unknown = await as('verwaltung', 'POST', '/api/verwaltung/assignments', {
      code: 'x',
      site: 'KITA-404',
    });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Unbekannte Einrichtung: KITA-404']);
  });

  it.skipIf(backend.skip)(
    'makes accounts with a one-time password to replace, and ends sessions on every change',
    async () => {
      const created = await as('verwaltung', 'POST', '/api/verwaltung/accounts', {
        name: 'leitung18',
        role: 'leitung',
        sites: ['KITA-018'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, oneTimePassword } = created.json() as OneTimePassword;
      expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      const login = (password: string, remoteAddress = '10.0.0.1') =>
        api.app.inject({
          method: 'POST',
          url: '/api/auswertung/login',
          payload: { name: 'Leitung18', password },
          remoteAddress,
        });
      const first = await login(oneTimePassword);
      expect(first.statusCode).toBe(204);
      const cookie = String(first.headers['set-cookie']).split(';')[0] as string;
      const mine = (method: 'GET' | 'POST', url: string, payload?: object) =>
        api.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect(((await mine('GET', '/api/auswertung/session')).json() as Me).mustChangePassword).toBe(true);
      const blocked = await mine('GET', '/api/auswertung/overview');
      expect([blocked.statusCode, blocked.json().error]).toEqual([
        403,
        'Bitte zuerst ein eigenes Passwort festlegen.',
      ]);
      const short = await mine('POST', '/api/konto/password', { current: oneTimePassword, next: 'kurz' });
      expect([short.statusCode, short.json().error]).toEqual([
        400,
        'Das Passwort braucht mindestens 12 Zeichen.',
      ]);
      const wrong = await mine('POST', '/api/konto/password', {
        current: 'falsch',
        next: 'ein-langes-passwort',
      });
      expect(wrong.json().error).toBe('Das bisherige Passwort stimmt nicht.');
      expect(
        (await mine('POST', '/api/konto/password', { current: oneTimePassword, next: 'ein-langes-passwort' }))
          .statusCode,
      ).toBe(204);
      expect(await (await mine('GET', '/api/auswertung/overview')).json().total).toBe(2);
      expect((await login(oneTimePassword)).statusCode).toBe(401);

      // A new role ends the session; so does a disabled account; a disabled one cannot log in.
      expect(
        (
          await as('verwaltung', 'PATCH', `/api/verwaltung/accounts/${id}`, {
            sites: ['KITA-017', 'KITA-018'],
          })
        ).statusCode,
      ).toBe(200);
      expect((await mine('GET', '/api/auswertung/session')).statusCode).toBe(401);
      const again = await login('ein-langes-passwort');
      const cookie2 = String(again.headers['set-cookie']).split(';')[0] as string;
      expect(
        (
          (
            await api.app.inject({
              method: 'GET',
              url: '/api/auswertung/session',
              headers: { cookie: cookie2 },
            })
          ).json() as Me
        ).sites,
      ).toEqual(['KITA-017', 'KITA-018']);
      const disabled = await as('verwaltung', 'PATCH', `/api/verwaltung/accounts/${id}`, { disabled: true });
      expect((disabled.json() as AccountRow).disabled).toBe(true);
      expect(
        (
          await api.app.inject({
            method: 'GET',
            url: '/api/auswertung/session',
            headers: { cookie: cookie2 },
          })
        ).statusCode,
      ).toBe(401);
      const refused = await login('ein-langes-passwort');
      expect([refused.statusCode, refused.json().error]).toEqual([
        401,
        'Dieses Konto ist deaktiviert. Bitte die Verwaltung fragen.',
      ]);
      // A reset gives a new one-time password.
      await as('verwaltung', 'PATCH', `/api/verwaltung/accounts/${id}`, { disabled: false });
      const reset = (
        await as('verwaltung', 'POST', `/api/verwaltung/accounts/${id}/password`)
      ).json() as OneTimePassword;
      expect((await login('ein-langes-passwort')).statusCode).toBe(401);
      expect((await login(reset.oneTimePassword)).statusCode).toBe(204);

      // Refusals with the operator's German message.
      const cases: [object, number, string][] = [
        [
          { name: 'LEITUNG18', role: 'leitung', sites: ['KITA-018'] },
          409,
          'Den Benutzernamen LEITUNG18 gibt es schon.',
        ],
        [
          { name: 'ohne', role: 'leitung', sites: 'alle' },
          400,
          'Eine Kita-Leitung braucht mindestens eine Einrichtung.',
        ],
        [
          { name: 'x y', role: 'leitung', sites: ['KITA-018'] },
          400,
          'Der Benutzername: 2 bis 40 Zeichen, Buchstaben, Ziffern, „.“, „_“ und „-“.',
        ],
        [
          { name: 'neu', role: 'chef', sites: 'alle' },
          400,
          'Die Rolle ist eine von: verwaltung, leitung, forschung, sprache.',
        ],
        [{ name: 'neu', role: 'leitung', sites: ['KITA-404'] }, 404, 'Unbekannte Einrichtung: KITA-404'],
      ];
      for (const [body, status, error] of cases) {
        const response = await as('verwaltung', 'POST', '/api/verwaltung/accounts', body);
        expect([response.statusCode, response.json().error]).toEqual([status, error]);
      }
      // The last Verwaltung cannot lock the association out.
      const chef = ((await as('verwaltung', 'GET', '/api/verwaltung/accounts')).json() as AccountRow[]).find(
        (row) => row.name === 'chef',
      );
      const self = await as('verwaltung', 'PATCH', `/api/verwaltung/accounts/${chef?.id}`, {
        disabled: true,
      });
      expect([self.statusCode, self.json().error]).toEqual([
        409,
        'Mindestens ein aktives Konto der Verwaltung muss bleiben.',
      ]);
      const changes = (await as('verwaltung', 'GET', '/api/auswertung/protokoll?kind=account'))
        .json()
        .entries.map((entry: { detail: string }) => entry.detail);
      expect(changes).toEqual([
        'Konto leitung18: Einmalpasswort neu vergeben',
        'Konto leitung18 geändert: wieder aktiviert',
        'Konto leitung18 geändert: deaktiviert',
        'Konto leitung18 geändert: Einrichtungen: KITA-017, KITA-018',
        'Konto leitung18: eigenes Passwort festgelegt',
        'Konto leitung18 angelegt: Kita-Leitung, KITA-018',
      ]);
      expect(JSON.stringify(changes)).not.toContain(oneTimePassword);
    },
  );

  it.skipIf(backend.skip)(
    'slows failed logins down per address and per account, without locking anyone out',
    async () => {
      const attempt = (
        name: string,
        password: string,
        remoteAddress: string,
      ): Promise<LightMyRequestResponse> =>
        api.app.inject({
          method: 'POST',
          url: '/api/auswertung/login',
          payload: { name, password },
          remoteAddress,
        });
      for (let i = 0; i < 3; i++) expect((await attempt('team', 'geraten', '10.1.0.1')).statusCode).toBe(401);
      // The fourth failure sets a delay: the next try, from another address too, waits.
      expect((await attempt('team', 'geraten', '10.1.0.2')).statusCode).toBe(401);
      const waiting = await attempt('team', sessions.forschung.password, '10.1.0.3');
      expect(waiting.statusCode).toBe(429);
      expect(waiting.json().error).toBe('Zu viele Fehlversuche. Bitte in 1 Sekunde erneut versuchen.');
      expect(waiting.headers['retry-after']).toBe('1');
      // Other accounts from other addresses are not slowed.
      expect((await attempt('team18', sessions.forschung18.password, '10.1.0.4')).statusCode).toBe(204);
      // The delay doubles per failure and stops growing at 30 s; then the right password works.
      for (let i = 0; i < 10; i++) {
        clock += 60_000;
        expect((await attempt('team', 'geraten', '10.1.0.5')).statusCode).toBe(401);
      }
      expect((await attempt('team', 'geraten', '10.1.0.6')).headers['retry-after']).toBe('30');
      clock += 30_000;
      expect((await attempt('team', sessions.forschung.password, '10.1.0.7')).statusCode).toBe(204);
      // An unknown name is answered like a wrong password.
      const unknown = await attempt('niemand', 'geraten', '10.1.0.8');
      expect([unknown.statusCode, unknown.json().error]).toEqual([
        401,
        'Benutzername oder Passwort stimmen nicht.',
      ]);
    },
  );

  it.skipIf(backend.skip)(
    "keeps results without research consent from Forschung only: a Kita-Leitung and the Verwaltung see their Kitas' (docs/product.md §48)",
    async () => {
      const before = {
        leitung: await total('leitung'),
        verwaltung: await total('verwaltung'),
        forschung: await total('forschung'),
        exportToken: await total('exportToken'),
      };
      const refused = makeResearchPayload({
        overrides: { site: 'KITA-017', childCode: 'R2W3X4', researchConsent: 'no' },
      });
      expect(
        (await api.app.inject({ method: 'POST', url: '/api/results', payload: refused })).statusCode,
      ).toBe(201);
      expect(await total('leitung')).toBe(before.leitung + 1);
      expect(await total('verwaltung')).toBe(before.verwaltung + 1);
      expect(await total('forschung')).toBe(before.forschung);
      expect(await total('exportToken')).toBe(before.exportToken);
      // A Forschung account's token exports what its page shows; the operator's EXPORT_TOKEN all.
      const token = (
        (await as('forschung', 'POST', '/api/konto/tokens', { name: 'Skript' })).json() as NewApiToken
      ).token;
      const ids = async (bearer: string) =>
        (
          (
            await api.app.inject({
              method: 'GET',
              url: '/api/results.json',
              headers: { authorization: `Bearer ${bearer}` },
            })
          ).json() as { submissionId: string }[]
        ).map((row) => row.submissionId);
      expect(await ids(token)).not.toContain(refused.submissionId);
      expect(await ids(TOKEN)).toContain(refused.submissionId);
    },
  );
});
