import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountRow, SiteRow } from '../../schemas/verwaltung-api';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { installDialogs, openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { i18n } from '../auswertung/i18n';
import { AccountsSection } from './accounts-section';

/**
 * 'Konten' of /verwaltung (docs/product.md §47, §50) in jsdom against the real server: a new account
 * of each kind with its one-time password shown once, the form's own checks and the server's refusals
 * as German text, a change of role and Einrichtungen, disabling and enabling, a new one-time password.
 */

let server: PageServer;
let verwaltung: AccountSession;
let sites: SiteRow[];

const accounts = async () =>
  (await verwaltung.request('GET', '/api/verwaltung/accounts')).json() as AccountRow[];
const account = async (name: string) => (await accounts()).find((row) => row.name === name);

/** The section as the page shows it: reloaded after every change, as the page's `version` does. */
function Section({ onSessionEnded }: { onSessionEnded(): void }) {
  const [version, setVersion] = useState(0);
  return (
    <AccountsSection
      sites={sites}
      version={version}
      onChanged={() => setVersion((n) => n + 1)}
      onSessionEnded={onSessionEnded}
    />
  );
}

function renderSection(onSessionEnded = () => {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Section onSessionEnded={onSessionEnded} />
    </I18nextProvider>,
  );
}

/** The form 'Konto hinzufügen'. */
const addForm = () =>
  screen.getByRole('heading', { name: 'Konto hinzufügen' }).closest('section') as HTMLElement;

/** The row of the account `name` in the table. */
const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;

beforeAll(async () => {
  installDialogs();
  server = await openPageServer();
  await server.store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
  await server.store.accounts?.addSite('KITA-018', 'Kita Regenbogen');
  verwaltung = await server.signIn({ name: 'chefin', role: 'verwaltung', sites: 'alle' });
  sites = (await verwaltung.request('GET', '/api/verwaltung/sites')).json() as SiteRow[];
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("the Verwaltung's 'Konten'", () => {
  it('lists the accounts with role, Einrichtungen, state and last login', async () => {
    renderSection();
    const chefin = await rowOf('chefin');
    expect(
      within(chefin)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Verwaltung',
      'alle',
      'aktiv',
      expect.stringMatching(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/),
      expect.stringContaining('Ändern …'),
    ]);
  });

  it('creates a Kita-Leitung after asking for an Einrichtung, and shows her one-time password once', async () => {
    renderSection();
    await rowOf('chefin');
    const form = addForm();
    fireEvent.change(within(form).getByLabelText('Benutzername'), { target: { value: ' leitung17 ' } });
    expect((within(form).getByLabelText('Rolle') as HTMLSelectElement).value).toBe('leitung');
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    expect(within(form).getByRole('alert').textContent).toBe('Bitte mindestens eine Einrichtung wählen.');

    fireEvent.click(within(form).getByRole('checkbox', { name: 'KITA-017 – Kita Sonnenschein' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'KITA-018 – Kita Regenbogen' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'KITA-018 – Kita Regenbogen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));

    const secret = await screen.findByRole('region', { name: 'Einmalpasswort für leitung17' });
    const password = within(secret).getByLabelText('Einmalpasswort') as HTMLInputElement;
    expect(password.value.length).toBeGreaterThanOrEqual(12);
    // Focused by an effect after the render that the server's answer caused: it may come a task later.
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(secret.textContent).toContain('Bitte persönlich übergeben');
    // The form is empty again for the next account.
    await waitFor(() =>
      expect((within(form).getByLabelText('Benutzername') as HTMLInputElement).value).toBe(''),
    );

    const row = await rowOf('leitung17');
    expect(row.textContent).toContain('Kita-Leitung');
    expect(row.textContent).toContain('KITA-017');
    expect(row.textContent).toContain('aktiv, Einmalpasswort noch nicht ersetzt');
    expect(row.textContent).toContain('nie');
    expect(await account('leitung17')).toMatchObject({ role: 'leitung', sites: ['KITA-017'] });
    // The one-time password signs in: the server asks for a new one first.
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auswertung/login',
      payload: { name: 'leitung17', password: password.value },
    });
    expect(login.statusCode, login.body).toBe(204);

    fireEvent.click(within(secret).getByRole('button', { name: 'Gesehen, ausblenden' }));
    expect(screen.queryByRole('region', { name: 'Einmalpasswort für leitung17' })).toBeNull();
  });

  it('creates a Sprachprüfung with languages instead of Einrichtungen, after asking for one', async () => {
    renderSection();
    await rowOf('chefin');
    const form = addForm();
    fireEvent.change(within(form).getByLabelText('Benutzername'), { target: { value: 'pruefer.tr' } });
    fireEvent.change(within(form).getByLabelText('Rolle'), { target: { value: 'sprache' } });
    expect(within(form).queryByRole('group', { name: 'Einrichtungen' })).toBeNull();
    const languages = within(form).getByRole('group', {
      name: 'Sprachen, die dieses Konto prüft und aufnimmt',
    });
    expect(within(languages).queryByRole('checkbox', { name: 'Deutsch' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    expect(within(form).getByRole('alert').textContent).toBe('Bitte mindestens eine Sprache wählen.');

    fireEvent.click(within(languages).getByRole('checkbox', { name: 'Türkisch' }));
    fireEvent.click(within(languages).getByRole('checkbox', { name: 'Arabisch' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    await screen.findByRole('region', { name: 'Einmalpasswort für pruefer.tr' });
    const row = await rowOf('pruefer.tr');
    expect(row.textContent).toContain('Sprachprüfung');
    expect(row.textContent).toContain('Arabisch, Türkisch');
    const created = await account('pruefer.tr');
    expect(created).toMatchObject({ role: 'sprache', sites: [] });
    expect([...(created?.languages ?? [])].sort()).toEqual(['ar', 'tr']);
  });

  it('creates Forschung for all Einrichtungen and a Verwaltung, whose scope is always all', async () => {
    renderSection();
    await rowOf('chefin');
    const form = addForm();
    fireEvent.change(within(form).getByLabelText('Benutzername'), { target: { value: 'forscherin' } });
    fireEvent.change(within(form).getByLabelText('Rolle'), { target: { value: 'forschung' } });
    const site = within(form).getByRole('checkbox', {
      name: 'KITA-017 – Kita Sonnenschein',
    }) as HTMLInputElement;
    fireEvent.click(within(form).getByRole('checkbox', { name: 'alle Einrichtungen (auch künftige)' }));
    expect(site.disabled).toBe(true);
    expect(site.checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    await screen.findByRole('region', { name: 'Einmalpasswort für forscherin' });
    expect((await account('forscherin'))?.sites).toBe('alle');
    await waitFor(() =>
      expect((within(form).getByLabelText('Benutzername') as HTMLInputElement).value).toBe(''),
    );

    fireEvent.change(within(form).getByLabelText('Benutzername'), { target: { value: 'zweite.chefin' } });
    fireEvent.change(within(form).getByLabelText('Rolle'), { target: { value: 'verwaltung' } });
    expect(within(form).getByText('Die Verwaltung sieht immer alle Einrichtungen.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    await screen.findByRole('region', { name: 'Einmalpasswort für zweite.chefin' });
    expect(await account('zweite.chefin')).toMatchObject({ role: 'verwaltung', sites: 'alle' });
  });

  it("shows the server's refusal of a name taken, and keeps what was typed", async () => {
    renderSection();
    await rowOf('leitung17');
    const form = addForm();
    fireEvent.change(within(form).getByLabelText('Benutzername'), { target: { value: 'leitung17' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'KITA-018 – Kita Regenbogen' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Konto anlegen' }));
    const section = screen.getByRole('region', { name: 'Konten' });
    await waitFor(() =>
      expect(
        within(section)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toContain('Das hat nicht geklappt: Den Benutzernamen leitung17 gibt es schon.'),
    );
    expect((within(form).getByLabelText('Benutzername') as HTMLInputElement).value).toBe('leitung17');
  });

  it('changes a role and Einrichtungen; a Kita-Leitung made from Forschung on all must choose hers', async () => {
    renderSection();
    fireEvent.click(
      within(await rowOf('forscherin')).getByRole('button', {
        name: 'Rolle und Einrichtungen ändern: forscherin',
      }),
    );
    const edit = screen
      .getByRole('heading', { name: 'Rolle und Einrichtungen von forscherin' })
      .closest('section') as HTMLElement;
    // An account's name is not changed here.
    expect(within(edit).queryByLabelText('Benutzername')).toBeNull();
    fireEvent.change(within(edit).getByLabelText('Rolle'), { target: { value: 'leitung' } });
    const regenbogen = within(edit).getByRole('checkbox', {
      name: 'KITA-018 – Kita Regenbogen',
    }) as HTMLInputElement;
    expect(regenbogen.checked).toBe(false);
    fireEvent.click(within(edit).getByRole('button', { name: 'Speichern' }));
    expect(within(edit).getByRole('alert').textContent).toBe('Bitte mindestens eine Einrichtung wählen.');
    fireEvent.click(regenbogen);
    fireEvent.click(within(edit).getByRole('button', { name: 'Speichern' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Das Konto forscherin wurde geändert; seine offenen Sitzungen sind beendet.',
    );
    expect(screen.queryByRole('heading', { name: 'Rolle und Einrichtungen von forscherin' })).toBeNull();
    expect(await account('forscherin')).toMatchObject({ role: 'leitung', sites: ['KITA-018'] });
    await waitFor(async () => expect((await rowOf('forscherin')).textContent).toContain('Kita-Leitung'));
  });

  it("changes a Sprachprüfung's languages, and 'Abbrechen' leaves an account as it was", async () => {
    renderSection();
    fireEvent.click(
      within(await rowOf('pruefer.tr')).getByRole('button', {
        name: 'Rolle und Einrichtungen ändern: pruefer.tr',
      }),
    );
    const edit = screen
      .getByRole('heading', { name: 'Rolle und Einrichtungen von pruefer.tr' })
      .closest('section') as HTMLElement;
    const turkish = within(edit).getByRole('checkbox', { name: 'Türkisch' }) as HTMLInputElement;
    expect(turkish.checked).toBe(true);
    fireEvent.click(turkish);
    fireEvent.click(within(edit).getByRole('button', { name: 'Speichern' }));
    await screen.findByRole('status');
    expect((await account('pruefer.tr'))?.languages).toEqual(['ar']);

    fireEvent.click(
      within(await rowOf('leitung17')).getByRole('button', {
        name: 'Rolle und Einrichtungen ändern: leitung17',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('heading', { name: 'Rolle und Einrichtungen von leitung17' })).toBeNull();
  });

  it('disables an account and enables it again', async () => {
    renderSection();
    fireEvent.click(
      within(await rowOf('leitung17')).getByRole('button', { name: 'Deaktivieren: leitung17' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(
      'Das Konto leitung17 ist deaktiviert; seine offenen Sitzungen sind beendet.',
    );
    expect((await account('leitung17'))?.disabled).toBe(true);
    const row = await rowOf('leitung17');
    await waitFor(() => expect(row.textContent).toContain('deaktiviert'));
    expect(row.className).toBe('verwaltung-inactive');
    fireEvent.click(within(row).getByRole('button', { name: 'Wieder aktivieren: leitung17' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Das Konto leitung17 ist wieder aktiv.'),
    );
    expect((await account('leitung17'))?.disabled).toBe(false);
  });

  it('makes a new one-time password after asking, and shows it once', async () => {
    renderSection();
    fireEvent.click(
      within(await rowOf('leitung17')).getByRole('button', { name: 'Neues Einmalpasswort … leitung17' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Neues Einmalpasswort für leitung17?' });
    expect(dialog.textContent).toContain('Das bisherige Passwort von leitung17 gilt danach nicht mehr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Einmalpasswort erzeugen' }));
    const secret = await screen.findByRole('region', { name: 'Einmalpasswort für leitung17' });
    const password = (within(secret).getByLabelText('Einmalpasswort') as HTMLInputElement).value;
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auswertung/login',
      payload: { name: 'leitung17', password },
    });
    expect(login.statusCode, login.body).toBe(204);
  });

  it("says when 'Kopieren' is not possible, and when it worked", async () => {
    renderSection();
    fireEvent.click(
      within(await rowOf('leitung17')).getByRole('button', { name: 'Neues Einmalpasswort … leitung17' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Einmalpasswort erzeugen' }));
    const secret = await screen.findByRole('region', { name: 'Einmalpasswort für leitung17' });
    // jsdom has no clipboard: the page asks to copy by hand.
    fireEvent.click(within(secret).getByRole('button', { name: 'Kopieren' }));
    expect((await within(secret).findByRole('status')).textContent).toBe(
      'Kopieren nicht möglich. Bitte den Text markieren und von Hand kopieren.',
    );
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    fireEvent.click(within(secret).getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(within(secret).getByRole('status').textContent).toBe('Kopiert.'));
    expect(written).toEqual([(within(secret).getByLabelText('Einmalpasswort') as HTMLInputElement).value]);
    Reflect.deleteProperty(navigator, 'clipboard');
  });
});

describe("'Konten' without the Verwaltung's session", () => {
  it("shows the server's refusal to another role as text", async () => {
    server.use(await server.signIn({ name: 'leiterin', role: 'leitung', sites: ['KITA-017'] }));
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Konnte nicht geladen werden: \S/);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('returns to the login when the session has ended', async () => {
    server.use(undefined);
    const sessionEnded = vi.fn();
    renderSection(sessionEnded);
    await waitFor(() => expect(sessionEnded).toHaveBeenCalledOnce());
  });
});
