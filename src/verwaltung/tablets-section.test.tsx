import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnrolAnswer, NewEnrolmentCodes, TabletsOverview } from '../../schemas/tablets-api';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { installDialogs, openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { makePayload } from '../../server/testing/payload.ts';
import { i18n } from '../auswertung/i18n';
import { TabletsSection } from './tablets-section';

/**
 * 'Tablets' of /verwaltung (docs/product.md §51) in jsdom against the real server: the list per
 * Einrichtung with an enrolled tablet and its flags, the results of tablets not enrolled, 'Tablet
 * hinzufügen' with its code sheet, 'Abmelden', the passphrase of the Einrichtung with its checks,
 * and what a Kita-Leitung, a Forschung account and an ended session see.
 */

/** The version of the server's build (dist/version.json): a tablet on another one is flagged. */
const CURRENT = { app: '1.5.0+neu', content: '2026-12' };

let server: PageServer;
let dist: string;
let verwaltung: AccountSession;
let leitung: AccountSession;
let forschung: AccountSession;
let leitung18: AccountSession;
let unnamedId: string;

/**
 * A tablet enrolled at `site` with a real P-256 key, as the app enrols one (name and versions only when
 * given); its id and a signed status report of it (POST /api/tablets/status).
 */
async function enrol(site: string, name?: string, appVersion?: string) {
  const codes = await verwaltung.request('POST', '/api/verwaltung/tablets/codes', { site, count: 1 });
  expect(codes.statusCode, codes.body).toBe(201);
  const [{ code }] = (codes.json() as NewEnrolmentCodes).codes as [NewEnrolmentCodes['codes'][number]];
  const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const publicKey = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const versions = appVersion ? { appVersion, contentVersion: CURRENT.content } : {};
  const enrolled = await server.app.inject({
    method: 'POST',
    url: '/api/tablets/enrol',
    payload: { code, publicKey, ...(name ? { name } : {}), ...versions },
  });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const { tabletId } = enrolled.json() as EnrolAnswer;
  const report = async (status: { unsent: number; lastBackupAt: string | null }) => {
    const body = JSON.stringify({ ...versions, ...status });
    const digest = createHash('sha256').update(body).digest('hex');
    const signed = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      keys.privateKey,
      new TextEncoder().encode(`POST /api/tablets/status\n${digest}`),
    );
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/tablets/status',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-zaehltest-tablet': `${tabletId}.${Buffer.from(signed).toString('base64url')}`,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  return { tabletId, report };
}

const overview = async () =>
  (await verwaltung.request('GET', '/api/verwaltung/tablets')).json() as TabletsOverview;

function renderSection(onSessionEnded = () => {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <TabletsSection version={0} onChanged={() => {}} onSessionEnded={onSessionEnded} />
    </I18nextProvider>,
  );
}

/** The part of the section of one Einrichtung, found by its heading 'Name (CODE)'. */
const siteSection = async (heading: string) =>
  (await screen.findByRole('heading', { name: heading, level: 3 })).closest('section') as HTMLElement;

beforeAll(async () => {
  installDialogs();
  dist = mkdtempSync(join(tmpdir(), 'zaehltest-tablets-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dist, 'version.json'), JSON.stringify(CURRENT));
  server = await openPageServer({ staticDir: dist });
  const { store } = server;
  await store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
  await store.accounts?.addSite('KITA-018', 'Kita Regenbogen');
  leitung = await server.signIn({ name: 'leitung17', role: 'leitung', sites: ['KITA-017'] });
  forschung = await server.signIn({ name: 'forscherin', role: 'forschung', sites: 'alle' });
  leitung18 = await server.signIn({ name: 'leitung18', role: 'leitung', sites: ['KITA-018'] });
  verwaltung = await server.signIn({ name: 'chefin', role: 'verwaltung', sites: 'alle' });
  await enrol('KITA-017', 'Gruppe Bären', '1.4.0+alt');
  const igel = await enrol('KITA-017', 'Gruppe Igel', CURRENT.app);
  await igel.report({ unsent: 3, lastBackupAt: '2026-11-20T08:00:00.000Z' });
  // A tablet enrolled by an app that sent neither a name nor its versions.
  unnamedId = (await enrol('KITA-017')).tabletId;
  // Two results of today from tablets that are not enrolled: one of KITA-017, one without a code.
  const today = new Date().toISOString().slice(0, 10);
  for (const payload of [
    makePayload({ site: 'KITA-017', testDate: today }),
    makePayload({ testDate: today }),
  ]) {
    const response = await server.app.inject({ method: 'POST', url: '/api/results', payload });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe("the Verwaltung's 'Tablets'", () => {
  it('lists every Einrichtung with its tablets, their flags, and the results of tablets not enrolled', async () => {
    server.use(verwaltung);
    renderSection();
    const sonnenschein = await siteSection('Kita Sonnenschein (KITA-017)');
    const table = within(sonnenschein).getByRole('table', { name: 'Tablets von Kita Sonnenschein' });
    const rowOf = (name: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(`^${name}t_`) })
        .closest('tr') as HTMLElement;
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const [baeren, igel] = [rowOf('Gruppe Bären'), rowOf('Gruppe Igel')];
    // The tablet on an older app than the server's build is flagged; its first report is still to come.
    expect(baeren.textContent).toContain('App 1.4.0+alt, Inhalt 2026-12');
    expect(baeren.textContent).toContain('aktiv');
    expect(within(baeren).getByText('alte Version')).toBeTruthy();
    expect(within(igel).queryByText('alte Version')).toBeNull();
    // Its first report is still to come: nothing known of what it has not sent, no backup.
    expect(
      within(baeren)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('unbekannt');
    expect(baeren.textContent).toContain('nie');
    // Reported: 3 results not yet sent, the last backup on 20 November.
    expect(
      within(igel)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['3', '20.11.2026']));
    const unnamed = within(table)
      .getByRole('rowheader', { name: `ohne Namen${unnamedId}` })
      .closest('tr') as HTMLElement;
    expect(unnamed.textContent).toContain('App unbekannt, Inhalt unbekannt');
    fireEvent.click(within(unnamed).getByRole('button', { name: `Tablet ${unnamedId} abmelden` }));
    const dialog = screen.getByRole('dialog', { name: 'Tablet „ohne Namen“ abmelden?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(within(igel).getByRole('button', { name: 'Tablet Gruppe Igel abmelden' })).toBeTruthy();
    expect(sonnenschein.textContent).toContain(
      'Passwort der Einrichtung: Noch keins festgelegt: Es gilt das Passwort, mit dem die App gebaut wurde.',
    );

    const regenbogen = await siteSection('Kita Regenbogen (KITA-018)');
    expect(within(regenbogen).getByText('Noch kein Tablet eingerichtet.')).toBeTruthy();
    expect(within(regenbogen).queryByRole('table')).toBeNull();

    const unenrolled = screen.getByTestId('unenrolled');
    expect([...unenrolled.querySelectorAll('li')].map((item) => item.textContent).sort()).toEqual([
      'KITA-017: ein Ergebnis',
      'ohne Kennung: ein Ergebnis',
    ]);
  });

  it("makes codes with 'Tablet hinzufügen': more names than tablets are refused, then the sheet with QR codes", async () => {
    server.use(verwaltung);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderSection();
    const regenbogen = await siteSection('Kita Regenbogen (KITA-018)');
    fireEvent.click(within(regenbogen).getByRole('button', { name: 'Tablet hinzufügen' }));
    const form = within(regenbogen).getByRole('form', { name: 'Tablets für Kita Regenbogen hinzufügen' });
    fireEvent.change(within(form).getByLabelText('Anzahl Tablets (1 bis 60)'), { target: { value: '1' } });
    const names = within(form).getByLabelText(/^Namen der Tablets/);
    fireEvent.change(names, { target: { value: 'Gruppe Füchse\n\n  Gruppe Eulen  \n' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Codes erstellen' }));
    expect(within(form).getByRole('alert').textContent).toBe('Mehr Namen (2) als Tablets (1).');

    fireEvent.change(within(form).getByLabelText('Anzahl Tablets (1 bis 60)'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Codes erstellen' }));
    const sheet = await screen.findByTestId('code-sheet');
    expect(
      within(sheet).getByRole('heading', { name: 'Einrichtungscodes für Kita Regenbogen (KITA-018)' })
        .tagName,
    ).toMatch(/^H[1-6]$/);
    expect(sheet.textContent).toMatch(/Gültig bis \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    const codes = [...sheet.querySelectorAll('.tablets-code-value')].map((code) => code.textContent);
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
      const qr = within(sheet).getByRole('img', { name: `QR-Code für ${code}` }) as HTMLImageElement;
      expect(decodeURIComponent(qr.src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /);
    }
    expect([...sheet.querySelectorAll('.tablets-code-name')].map((name) => name.textContent)).toEqual([
      'Gruppe Füchse',
      'Gruppe Eulen',
    ]);
    // The printed copy lies outside the page's root, hidden from screen readers.
    expect(document.body.querySelector('.tablets-print-sheet h1')?.textContent).toBe(
      'Einrichtungscodes für Kita Regenbogen (KITA-018)',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: 'Drucken' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Gedruckt, ausblenden' }));
    expect(screen.queryByTestId('code-sheet')).toBeNull();
    expect((await overview()).sites.find((site) => site.code === 'KITA-018')?.openCodes).toBe(2);
    print.mockRestore();
  });

  it("shows the server's refusal of more than 60 codes in German", async () => {
    server.use(verwaltung);
    renderSection();
    const regenbogen = await siteSection('Kita Regenbogen (KITA-018)');
    fireEvent.click(within(regenbogen).getByRole('button', { name: 'Tablet hinzufügen' }));
    fireEvent.change(within(regenbogen).getByLabelText('Anzahl Tablets (1 bis 60)'), {
      target: { value: '61' },
    });
    // Submitted past the field's own limit, as an older page would: the server still refuses.
    fireEvent.submit(within(regenbogen).getByRole('form'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das hat nicht geklappt: Höchstens 60 Tablets auf einmal.',
    );
  });

  it("'Abmelden' asks first, then revokes the tablet on the server", async () => {
    server.use(verwaltung);
    const { tabletId } = await enrol('KITA-018', 'Gruppe Mäuse', CURRENT.app);
    renderSection();
    const regenbogen = await siteSection('Kita Regenbogen (KITA-018)');
    fireEvent.click(within(regenbogen).getByRole('button', { name: 'Tablet Gruppe Mäuse abmelden' }));
    const dialog = screen.getByRole('dialog', { name: 'Tablet „Gruppe Mäuse“ abmelden?' });
    // 'Abbrechen' leaves it enrolled.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    fireEvent.click(within(regenbogen).getByRole('button', { name: 'Tablet Gruppe Mäuse abmelden' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abmelden' }));
    expect((await screen.findByRole('status')).textContent).toBe('Tablet „Gruppe Mäuse“ ist abgemeldet.');
    const row = (await overview()).sites
      .flatMap((site) => site.tablets)
      .find((tablet) => tablet.id === tabletId);
    expect(row?.revokedAt).toEqual(expect.any(String));
  });

  it('shows a revoked tablet as such, without a button to revoke it again', async () => {
    server.use(verwaltung);
    renderSection();
    const regenbogen = await siteSection('Kita Regenbogen (KITA-018)');
    const row = within(regenbogen)
      .getByRole('rowheader', { name: /Gruppe Mäuse/ })
      .closest('tr') as HTMLElement;
    expect(row.className).toBe('verwaltung-inactive');
    expect(row.textContent).toMatch(/abgemeldet am \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it("'Passwort der Einrichtung' refuses a short and a mismatched one, then saves a valid one", async () => {
    server.use(verwaltung);
    renderSection();
    const sonnenschein = await siteSection('Kita Sonnenschein (KITA-017)');
    fireEvent.click(within(sonnenschein).getByRole('button', { name: 'Passwort festlegen' }));
    const form = within(sonnenschein).getByRole('form', {
      name: 'Passwort der Einrichtung – Kita Sonnenschein',
    });
    const field = within(form).getByLabelText('Neues Passwort (mindestens 12 Zeichen)');
    const repeat = within(form).getByLabelText('Neues Passwort wiederholen');
    const save = within(form).getByRole('button', { name: 'Passwort speichern' });

    fireEvent.change(field, { target: { value: 'zu-kurz-123' } });
    fireEvent.change(repeat, { target: { value: 'zu-kurz-123' } });
    fireEvent.click(save);
    expect(within(form).getByRole('alert').textContent).toBe('Das Passwort braucht mindestens 12 Zeichen.');

    fireEvent.change(field, { target: { value: 'Sonnenblume-2026' } });
    fireEvent.change(repeat, { target: { value: 'Sonnenblume-2025' } });
    fireEvent.click(save);
    expect(within(form).getByRole('alert').textContent).toBe('Die beiden Eingaben stimmen nicht überein.');

    fireEvent.change(repeat, { target: { value: 'Sonnenblume-2026' } });
    fireEvent.click(save);
    expect((await within(sonnenschein).findByRole('status')).textContent).toBe(
      'Das Passwort von KITA-017 ist gespeichert (Version 1). Die Tablets erfahren es bei ihrem nächsten Kontakt.',
    );
    expect(within(sonnenschein).queryByRole('form')).toBeNull();
    expect((await overview()).sites.find((site) => site.code === 'KITA-017')?.passphrase?.version).toBe(1);
  });

  it("shows the passphrase's state after it was set, and offers to change it", async () => {
    server.use(verwaltung);
    renderSection();
    const sonnenschein = await siteSection('Kita Sonnenschein (KITA-017)');
    expect(sonnenschein.textContent).toMatch(
      /Passwort der Einrichtung: Festgelegt am \d\d\.\d\d\.\d{4}, \d\d:\d\d \(Version 1\)\./,
    );
    const change = within(sonnenschein).getByRole('button', { name: 'Passwort ändern' });
    expect(change.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(change);
    expect(change.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(change);
    expect(within(sonnenschein).queryByRole('form')).toBeNull();
  });
});

describe("'Tablets' for other roles", () => {
  it('shows a Kita-Leitung only her own Einrichtung', async () => {
    server.use(leitung);
    renderSection();
    await siteSection('Kita Sonnenschein (KITA-017)');
    expect(screen.queryByRole('heading', { name: 'Kita Regenbogen (KITA-018)' })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Ergebnisse von nicht eingerichteten Tablets',
      'Kita Sonnenschein (KITA-017)',
    ]);
    expect(screen.getByTestId('unenrolled').textContent).toBe('KITA-017: ein Ergebnis');
  });

  it('tells a Kita-Leitung whose tablets sent everything that no results came from elsewhere', async () => {
    server.use(leitung18);
    renderSection();
    await siteSection('Kita Regenbogen (KITA-018)');
    expect(screen.getByTestId('unenrolled').textContent).toBe(
      'Keine: Alle Ergebnisse der letzten 30 Tage kamen von eingerichteten Tablets.',
    );
  });

  it("shows the server's refusal to Forschung as text", async () => {
    server.use(forschung);
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Konnte nicht geladen werden: \S/);
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('returns to the login when the session has ended', async () => {
    server.use(undefined);
    const sessionEnded = vi.fn();
    renderSection(sessionEnded);
    await waitFor(() => expect(sessionEnded).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
