import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiTokenRow, Me } from '../../schemas/verwaltung-api';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { installDialogs, openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { i18n } from '../auswertung/i18n';
import { KontoSection } from './konto-section';

/**
 * 'Mein Konto' of /verwaltung (docs/product.md §47) in jsdom against the real server: what the holder
 * of EXPORT_TOKEN is told, the own password with its checks, and API tokens made, shown once, used by a
 * script and revoked.
 */

const TOKEN = 'konto-component-test-token-0123456789';
const KEY_HOLDER: Me = { name: null, role: 'forschung', sites: 'alle', mustChangePassword: false };
const LEITUNG: Me = { name: 'leitung17', role: 'leitung', sites: ['KITA-017'], mustChangePassword: false };

let server: PageServer;
let leitung: AccountSession;

function renderSection(me: Me, onSessionEnded = () => {}) {
  const onChanged = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <KontoSection me={me} onChanged={onChanged} onSessionEnded={onSessionEnded} />
    </I18nextProvider>,
  );
  return onChanged;
}

const tokens = async () => (await leitung.request('GET', '/api/konto/tokens')).json() as ApiTokenRow[];

beforeAll(async () => {
  installDialogs();
  server = await openPageServer({ exportToken: TOKEN });
  await server.store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
  leitung = await server.signIn({ name: 'leitung17', role: 'leitung', sites: ['KITA-017'] });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("'Mein Konto'", () => {
  it('tells the holder of EXPORT_TOKEN that she has no account, password or tokens', () => {
    renderSection(KEY_HOLDER);
    const section = screen.getByRole('region', { name: 'Mein Konto' });
    expect(section.textContent).toContain(
      'Mit dem Zugangsschlüssel (EXPORT_TOKEN) angemeldet: Er ist kein Konto',
    );
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByLabelText('Neues Passwort')).toBeNull();
  });

  it('changes the own password after its checks and the server’s', async () => {
    server.use(leitung);
    const onChanged = renderSection(LEITUNG);
    const current = screen.getByLabelText('Bisheriges Passwort');
    const next = screen.getByLabelText('Neues Passwort');
    const repeat = screen.getByLabelText('Neues Passwort wiederholen');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Passwort festlegen' }));

    fireEvent.change(current, { target: { value: leitung.password } });
    fireEvent.change(next, { target: { value: 'kurz' } });
    fireEvent.change(repeat, { target: { value: 'kurz' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Das neue Passwort braucht mindestens 12 Zeichen.');

    fireEvent.change(next, { target: { value: 'Apfelbaum-im-Garten' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(
      'Die beiden Eingaben des neuen Passworts stimmen nicht überein.',
    );

    fireEvent.change(repeat, { target: { value: 'Apfelbaum-im-Garten' } });
    fireEvent.change(current, { target: { value: 'falsches-passwort-123' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Das Passwort wurde nicht geändert: \S/);
    expect(onChanged).not.toHaveBeenCalled();

    fireEvent.change(current, { target: { value: leitung.password } });
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Das neue Passwort gilt ab sofort. Andere Sitzungen dieses Kontos wurden beendet.',
    );
    expect(onChanged).toHaveBeenCalledOnce();
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auswertung/login',
      payload: { name: 'leitung17', password: 'Apfelbaum-im-Garten' },
    });
    expect(login.statusCode, login.body).toBe(204);
    leitung = { ...leitung, cookie: String(login.headers['set-cookie']).split(';')[0] as string };
    leitung.request = (method, url, payload) =>
      server.app.inject({
        method,
        url,
        headers: { cookie: leitung.cookie },
        ...(payload ? { payload } : {}),
      });
  });

  it('makes an API token, shows it once, lists it and revokes it after asking', async () => {
    server.use(leitung);
    const onChanged = renderSection(LEITUNG);
    expect(await screen.findByText('Noch kein API-Token.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name des Tokens'), { target: { value: ' Auswertung R ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Token erstellen' }));
    const secret = await screen.findByRole('region', { name: 'Neuer Token „Auswertung R“' });
    const token = (within(secret).getByLabelText('Token') as HTMLInputElement).value;
    expect(secret.textContent).toContain('Der Token wird nur jetzt angezeigt.');
    expect((screen.getByLabelText('Name des Tokens') as HTMLInputElement).value).toBe('');
    expect(onChanged).toHaveBeenCalledOnce();
    // A script signs in with it.
    const used = await server.app.inject({
      method: 'GET',
      url: '/api/auswertung/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(used.statusCode, used.body).toBe(200);

    const table = await screen.findByRole('table', { name: 'API-Tokens dieses Kontos' });
    const row = within(table).getByRole('cell', { name: 'Auswertung R' }).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('gültig');
    fireEvent.click(within(secret).getByRole('button', { name: 'Gesehen, ausblenden' }));
    expect(screen.queryByRole('region', { name: 'Neuer Token „Auswertung R“' })).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Widerrufen … Auswertung R' }));
    const dialog = screen.getByRole('dialog', { name: 'Token widerrufen?' });
    expect(dialog.textContent).toContain('Der Token „Auswertung R“ gilt danach nicht mehr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Token widerrufen' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Der Token „Auswertung R“ wurde widerrufen.',
    );
    await waitFor(() => expect(row.textContent).toMatch(/^Auswertung R.*widerrufen am \d\d\.\d\d\.\d{4}/));
    expect(within(row).queryByRole('button')).toBeNull();
    expect((await tokens())[0]?.revokedAt).toEqual(expect.any(String));
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/auswertung/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(401);
  });

  it("shows the server's refusal of a token, and its refusal to revoke one", async () => {
    server.use(leitung);
    renderSection(LEITUNG);
    const table = await screen.findByRole('table', { name: 'API-Tokens dieses Kontos' });
    // A name of blanks passes the field (required) but not the server.
    fireEvent.change(screen.getByLabelText('Name des Tokens'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Token erstellen' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Das hat nicht geklappt: \S/);

    await leitung.request('POST', '/api/konto/tokens', { name: 'Zweiter' });
    fireEvent.change(screen.getByLabelText('Name des Tokens'), { target: { value: 'Dritter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Token erstellen' }));
    const zweiter = (await within(table).findByRole('cell', { name: 'Zweiter' })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(within(zweiter).getByRole('button', { name: 'Widerrufen … Zweiter' }));
    // Revoked elsewhere in between: the server no longer knows it as active.
    const id = (await tokens()).find((row) => row.name === 'Zweiter')?.id;
    await leitung.request('DELETE', `/api/konto/tokens/${id}`);
    fireEvent.click(screen.getByRole('button', { name: 'Token widerrufen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Das hat nicht geklappt: \S/));
  });

  it('returns to the login when the session has ended', async () => {
    server.use(undefined);
    const sessionEnded = vi.fn();
    renderSection(LEITUNG, sessionEnded);
    await waitFor(() => expect(sessionEnded).toHaveBeenCalledOnce());
    expect(screen.queryByText('Noch kein API-Token.')).toBeNull();
  });
});
