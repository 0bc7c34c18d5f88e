import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountRow } from '../../schemas/verwaltung-api';
import type { DatabaseTarget } from '../../server/datenschutz/deployment.ts';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { i18n } from '../auswertung/i18n';
import { DatenschutzSection } from './datenschutz-section';
import { VerwaltungPage } from './verwaltung-page';

/**
 * The page /verwaltung (docs/product.md §47) in jsdom against the real server: the login, the
 * sections each role sees ('Mein Konto' for all; Einrichtungen for Verwaltung and Forschung; Tablets
 * for Verwaltung and Kita-Leitung; Konten, Protokoll, Fristen and Datenschutz-Unterlagen for the
 * Verwaltung), the periods in force, the Datenschutz-Unterlagen downloaded (and the server's
 * refusal), and a session ended while the page is open.
 */

const TOKEN = 'verwaltung-page-test-token-0123456789';
/** The server's settings the Datenschutz-Unterlagen are written from; a test spoils one. */
const ENV: NodeJS.ProcessEnv = { EXPORT_TOKEN: TOKEN, RETENTION_MONTHS: '36', PROTOKOLL_MONTHS: '12' };
const DATABASE: DatabaseTarget = { kind: 'pglite', dataDir: '/var/lib/zaehltest' };

let server: PageServer;
const sessions = {} as Record<'verwaltung' | 'leitung' | 'forschung' | 'sprache', AccountSession>;

function renderPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <VerwaltungPage />
    </I18nextProvider>,
  );
}

/** The page's section links, as the navigation lists them (none when there is one section only). */
const sectionLinks = () =>
  within(screen.getByRole('navigation', { name: 'Abschnitte dieser Seite' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The headings of the page's sections (h2), in order. */
const sectionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeAll(async () => {
  server = await openPageServer({
    exportToken: TOKEN,
    retentionMonths: 36,
    protokollMonths: 12,
    datenschutz: { env: ENV, database: DATABASE },
  });
  await server.store.accounts?.addSite('KITA-017', 'Kita Sonnenschein');
  sessions.leitung = await server.signIn({ name: 'leitung17', role: 'leitung', sites: ['KITA-017'] });
  sessions.forschung = await server.signIn({ name: 'forscherin', role: 'forschung', sites: 'alle' });
  sessions.sprache = await server.signIn({
    name: 'pruefer.tr',
    role: 'sprache',
    sites: [],
    languages: ['tr'],
  });
  sessions.verwaltung = await server.signIn({ name: 'chefin', role: 'verwaltung', sites: 'alle' });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('/verwaltung', () => {
  it('asks to sign in, then shows the Verwaltung every section', async () => {
    server.use(undefined);
    renderPage();
    fireEvent.change(await screen.findByLabelText('Benutzername'), { target: { value: 'chefin' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: sessions.verwaltung.password } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect((await screen.findByTestId('signed-in')).textContent).toContain('chefin · Verwaltung');
    expect(sectionLinks()).toEqual([
      'Mein Konto',
      'Einrichtungen',
      'Kennungen ohne Einrichtung',
      'Tablets',
      'Konten',
      'Protokoll',
      'Fristen',
      'Datenschutz-Unterlagen',
    ]);
    expect(screen.getByRole('link', { name: /^Sprachprüfung: die Texte/ }).getAttribute('href')).toBe(
      '/verwaltung/sprachen',
    );
    // The Einrichtungen loaded once reach the form of a new account.
    const konten = screen.getByRole('region', { name: 'Konten' });
    expect(
      await within(konten).findByRole('checkbox', { name: 'KITA-017 – Kita Sonnenschein' }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Einrichtungen' }).textContent).not.toContain(
      'Nur die Verwaltung kann',
    );
    // 'Fristen': the server's periods, the backups' and the device's.
    const fristen = screen.getByTestId('fristen');
    await waitFor(() => expect(fristen.querySelectorAll('li')).toHaveLength(4));
    const periods = [...fristen.querySelectorAll('li')].map((item) => item.textContent);
    expect(periods[0]).toMatch(/^Ergebnisse auf dem Server: 36 Monate nach dem letzten Test/);
    expect(periods[1]).toMatch(/^Protokoll: 12 Monate/);
    expect(periods[2]).toMatch(/^Sicherungen: .* bleibt \d+ Tage auf dem Server/);
    expect(periods[3]).toMatch(/^Auf dem Tablet: Ein Kind ohne Test seit \d+ Monaten/);
  });

  it('loads the lists again after a change: a new Einrichtung reaches the account form and the Tablets', async () => {
    server.use(sessions.verwaltung);
    renderPage();
    const sites = await screen.findByRole('region', { name: 'Einrichtungen' });
    fireEvent.change(within(sites).getByLabelText('Kennung'), { target: { value: 'KITA-018' } });
    fireEvent.change(within(sites).getByLabelText('Name'), { target: { value: 'Kita Regenbogen' } });
    fireEvent.click(within(sites).getByRole('button', { name: 'Hinzufügen' }));
    const konten = screen.getByRole('region', { name: 'Konten' });
    expect(await within(konten).findByRole('checkbox', { name: 'KITA-018 – Kita Regenbogen' })).toBeTruthy();
    const tablets = screen.getByRole('region', { name: 'Tablets' });
    expect(await within(tablets).findByRole('heading', { name: 'Kita Regenbogen (KITA-018)' })).toBeTruthy();
    // The Protokoll below records it.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Protokoll' }).textContent).toContain('KITA-018'),
    );
  });

  it('shows a Kita-Leitung her account and her tablets only', async () => {
    server.use(sessions.leitung);
    renderPage();
    await screen.findByRole('region', { name: 'Tablets' });
    expect(sectionLinks()).toEqual(['Mein Konto', 'Tablets']);
    expect(sectionHeadings()).toEqual(['Mein Konto', 'Tablets']);
    expect(screen.queryByRole('link', { name: /^Sprachprüfung: die Texte/ })).toBeNull();
  });

  it('shows Forschung the Einrichtungen to read, without Tablets or Konten', async () => {
    server.use(sessions.forschung);
    renderPage();
    const sites = await screen.findByRole('region', { name: 'Einrichtungen' });
    expect(sectionLinks()).toEqual(['Mein Konto', 'Einrichtungen', 'Kennungen ohne Einrichtung']);
    expect(await within(sites).findByRole('rowheader', { name: 'KITA-017' })).toBeTruthy();
    expect(sites.textContent).toContain('Nur die Verwaltung kann Einrichtungen anlegen und ändern.');
    expect(screen.queryByRole('region', { name: 'Tablets' })).toBeNull();
  });

  it('shows a Sprachprüfung her account alone, without a list of sections', async () => {
    server.use(sessions.sprache);
    renderPage();
    expect((await screen.findByTestId('signed-in')).textContent).toContain('Sprachen: Türkisch');
    expect(sectionHeadings()).toEqual(['Mein Konto']);
    expect(screen.queryByRole('navigation', { name: 'Abschnitte dieser Seite' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sprachprüfung' }).getAttribute('href')).toBe(
      '/verwaltung/sprachen',
    );
  });

  it('tells the holder of EXPORT_TOKEN that she has no account, and shows her the Einrichtungen', async () => {
    server.use(undefined);
    renderPage();
    fireEvent.click(await screen.findByText('Mit Zugangsschlüssel anmelden'));
    fireEvent.change(screen.getByLabelText('Zugangsschlüssel'), { target: { value: TOKEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Mit Schlüssel anmelden' }));
    const konto = await screen.findByRole('region', { name: 'Mein Konto' });
    expect(konto.textContent).toContain('Mit dem Zugangsschlüssel (EXPORT_TOKEN) angemeldet');
    expect(sectionLinks()).toEqual(['Mein Konto', 'Einrichtungen', 'Kennungen ohne Einrichtung']);
  });

  it('returns to the login with a notice when the account is disabled while the page is open', async () => {
    server.use(await server.signIn({ name: 'leitung.alt', role: 'leitung', sites: ['KITA-017'] }));
    renderPage();
    const add = await screen.findByRole('button', { name: 'Tablet hinzufügen' });
    const accounts = (
      await sessions.verwaltung.request('GET', '/api/verwaltung/accounts')
    ).json() as AccountRow[];
    const id = accounts.find((account) => account.name === 'leitung.alt')?.id;
    expect(
      (await sessions.verwaltung.request('PATCH', `/api/verwaltung/accounts/${id}`, { disabled: true }))
        .statusCode,
    ).toBe(200);
    // The page's next request (here: new codes) meets the ended session.
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'Codes erstellen' }));
    expect(await screen.findByText('Ihre Sitzung wurde beendet. Bitte erneut anmelden.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
  });
});

describe("'Datenschutz-Unterlagen'", () => {
  it('offers each document for download, written by the server', async () => {
    server.use(sessions.verwaltung);
    const offered: string[] = [];
    // jsdom has no object URLs or downloads: the link the page clicks is recorded instead.
    URL.createObjectURL = vi.fn(() => 'blob:zaehltest');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      offered.push(this.download);
    });
    render(
      <I18nextProvider i18n={i18n}>
        <DatenschutzSection onSessionEnded={() => {}} />
      </I18nextProvider>,
    );
    const section = screen.getByRole('region', { name: 'Datenschutz-Unterlagen' });
    const buttons = within(section).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Verzeichnis der Verarbeitungstätigkeiten (Art. 30 DSGVO) (.md)',
      'Technische und organisatorische Maßnahmen (Art. 32 DSGVO) (.md)',
      'Löschkonzept (.md)',
      'Hinweise zur Datenschutz-Folgenabschätzung (Art. 35 DSGVO) (.md)',
      'Checkliste Auftragsverarbeitung mit dem Hoster (Art. 28 DSGVO) (.md)',
    ]);
    fireEvent.click(within(section).getByRole('button', { name: 'Löschkonzept (.md)' }));
    // While the server writes them, no second download starts.
    expect(within(section).getByRole('button', { name: 'Wird erstellt …' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(offered).toEqual(['03-loeschkonzept.md']));
    const blob = (URL.createObjectURL as ReturnType<typeof vi.fn>).mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/markdown;charset=utf-8');
    expect(await blob.text()).toContain('36 Monate');
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Löschkonzept (.md)' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(within(section).queryByRole('alert')).toBeNull();
    click.mockRestore();
  });

  it("shows the server's refusal of a setting it cannot describe", async () => {
    server.use(sessions.verwaltung);
    ENV.BACKUP_RECIPIENT = 'kein-schluessel';
    try {
      render(
        <I18nextProvider i18n={i18n}>
          <DatenschutzSection onSessionEnded={() => {}} />
        </I18nextProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Löschkonzept (.md)' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(
        /^Herunterladen fehlgeschlagen: .*BACKUP_RECIPIENT enthält „kein-schluessel“/,
      );
    } finally {
      delete ENV.BACKUP_RECIPIENT;
    }
  });

  it('returns to the login when the session has ended', async () => {
    server.use(undefined);
    const sessionEnded = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <DatenschutzSection onSessionEnded={sessionEnded} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Löschkonzept (.md)' }));
    await waitFor(() => expect(sessionEnded).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
