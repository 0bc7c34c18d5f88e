import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteRow } from '../../schemas/verwaltung-api';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { installDialogs, openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { makePayload } from '../../server/testing/payload.ts';
import { i18n } from '../auswertung/i18n';
import { loadSites } from './api';
import { SitesSection, UnassignedSection } from './sites-section';

/**
 * 'Einrichtungen' and 'Kennungen ohne Einrichtung' of /verwaltung (docs/product.md §47) in jsdom
 * against the real server: the empty list, adding (and the server's refusal of a code taken),
 * renaming, deactivating and reactivating; a code of uploads joined to an Einrichtung after a
 * question; what Forschung may only read.
 */

let server: PageServer;
let verwaltung: AccountSession;
let forschung: AccountSession;
let forschungKita: AccountSession;

const sites = async () => (await verwaltung.request('GET', '/api/verwaltung/sites')).json() as SiteRow[];

/** Both sections as the page shows them: the Einrichtungen loaded, and again after every change. */
function Sections({ canEdit, canAssign }: { canEdit: boolean; canAssign: boolean }) {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<SiteRow[]>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger to load again, as on the page.
  useEffect(() => {
    void loadSites().then(setLoaded);
  }, [version]);
  const changed = () => setVersion((n) => n + 1);
  return (
    <>
      <SitesSection sites={loaded} canEdit={canEdit} onChanged={changed} onSessionEnded={() => {}} />
      <UnassignedSection
        sites={loaded}
        canAssign={canAssign}
        version={version}
        onChanged={changed}
        onSessionEnded={() => {}}
      />
    </>
  );
}

function renderSections(canEdit = true, canAssign = true) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Sections canEdit={canEdit} canAssign={canAssign} />
    </I18nextProvider>,
  );
}

const sitesRegion = () => screen.getByRole('region', { name: 'Einrichtungen' });
const unassignedRegion = () => screen.getByRole('region', { name: 'Kennungen ohne Einrichtung' });
const rowOf = async (code: string) =>
  (await screen.findByRole('rowheader', { name: code })).closest('tr') as HTMLElement;

beforeAll(async () => {
  installDialogs();
  server = await openPageServer();
  verwaltung = await server.signIn({ name: 'chefin', role: 'verwaltung', sites: 'alle' });
  forschung = await server.signIn({ name: 'forscherin', role: 'forschung', sites: 'alle' });
  // Results of a mistyped code and of a code not yet an Einrichtung.
  for (const site of ['kita-17', 'kita-17', 'KITA-020']) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/results',
      payload: makePayload({ site }),
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("the Verwaltung's 'Einrichtungen'", () => {
  it('says there is none yet, then adds one and refuses a code taken', async () => {
    server.use(verwaltung);
    renderSections();
    expect(await within(sitesRegion()).findByText('Noch keine Einrichtung.')).toBeTruthy();
    const code = within(sitesRegion()).getByLabelText('Kennung') as HTMLInputElement;
    const name = within(sitesRegion()).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(code, { target: { value: ' KITA-017 ' } });
    fireEvent.change(name, { target: { value: ' Kita Sonnenschein ' } });
    fireEvent.click(within(sitesRegion()).getByRole('button', { name: 'Hinzufügen' }));
    expect((await within(sitesRegion()).findByRole('status')).textContent).toBe(
      'Die Einrichtung KITA-017 wurde angelegt.',
    );
    await waitFor(() => expect([code.value, name.value]).toEqual(['', '']));
    const row = await rowOf('KITA-017');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kita Sonnenschein', '0', 'ja', '', expect.stringContaining('Umbenennen')]);

    fireEvent.change(code, { target: { value: 'KITA-017' } });
    fireEvent.change(name, { target: { value: 'Noch einmal' } });
    fireEvent.click(within(sitesRegion()).getByRole('button', { name: 'Hinzufügen' }));
    expect((await within(sitesRegion()).findByRole('alert')).textContent).toBe(
      'Das hat nicht geklappt: Die Einrichtung KITA-017 gibt es schon.',
    );
    // What was typed stays, to be corrected.
    expect(code.value).toBe('KITA-017');
    expect((await sites()).map((site) => site.name)).toEqual(['Kita Sonnenschein']);
  });

  it("renames an Einrichtung; 'Abbrechen' keeps the name", async () => {
    server.use(verwaltung);
    renderSections();
    fireEvent.click(within(await rowOf('KITA-017')).getByRole('button', { name: 'Umbenennen: KITA-017' }));
    const field = screen.getByLabelText('Neuer Name für KITA-017') as HTMLInputElement;
    expect(field.value).toBe('Kita Sonnenschein');
    fireEvent.change(field, { target: { value: 'Wird verworfen' } });
    fireEvent.click(within(await rowOf('KITA-017')).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByLabelText('Neuer Name für KITA-017')).toBeNull();
    expect((await rowOf('KITA-017')).textContent).toContain('Kita Sonnenschein');

    fireEvent.click(within(await rowOf('KITA-017')).getByRole('button', { name: 'Umbenennen: KITA-017' }));
    fireEvent.change(screen.getByLabelText('Neuer Name für KITA-017'), {
      target: { value: '  Kita Sonnenblume ' },
    });
    fireEvent.click(within(await rowOf('KITA-017')).getByRole('button', { name: 'Speichern' }));
    expect((await within(sitesRegion()).findByRole('status')).textContent).toBe(
      'Die Einrichtung KITA-017 heißt jetzt „Kita Sonnenblume“.',
    );
    expect(screen.queryByLabelText('Neuer Name für KITA-017')).toBeNull();
    expect((await sites())[0]?.name).toBe('Kita Sonnenblume');
    await waitFor(async () => expect((await rowOf('KITA-017')).textContent).toContain('Kita Sonnenblume'));
  });

  it('deactivates an Einrichtung and activates it again', async () => {
    server.use(verwaltung);
    renderSections();
    fireEvent.click(within(await rowOf('KITA-017')).getByRole('button', { name: 'Deaktivieren: KITA-017' }));
    expect((await within(sitesRegion()).findByRole('status')).textContent).toBe(
      'Die Einrichtung KITA-017 ist deaktiviert.',
    );
    expect((await sites())[0]?.active).toBe(false);
    const reactivate = await within(sitesRegion()).findByRole('button', {
      name: 'Wieder aktivieren: KITA-017',
    });
    const row = reactivate.closest('tr') as HTMLElement;
    expect(row.className).toBe('verwaltung-inactive');
    expect(row.textContent).toContain('nein');
    fireEvent.click(reactivate);
    await waitFor(() =>
      expect(within(sitesRegion()).getByRole('status').textContent).toBe(
        'Die Einrichtung KITA-017 ist wieder aktiv.',
      ),
    );
    expect((await sites())[0]?.active).toBe(true);
  });
});

describe("the Verwaltung's 'Kennungen ohne Einrichtung'", () => {
  it('asks for an Einrichtung first, then joins a code to it after a question', async () => {
    server.use(verwaltung);
    renderSections();
    const region = unassignedRegion();
    const mistyped = await within(region).findByRole('rowheader', { name: 'kita-17' });
    const row = mistyped.closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: '2' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Zuordnen … kita-17' }));
    expect(within(region).getByRole('alert').textContent).toBe('Bitte zuerst eine Einrichtung wählen.');

    const target = within(row).getByLabelText('Einrichtung für kita-17') as HTMLSelectElement;
    await waitFor(() => expect(target.options).toHaveLength(2));
    expect([...target.options].map((option) => option.text)).toEqual([
      'Einrichtung wählen',
      'KITA-017 – Kita Sonnenblume',
    ]);
    fireEvent.change(target, { target: { value: 'KITA-017' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Zuordnen … kita-17' }));
    const dialog = screen.getByRole('dialog', { name: 'Kennung zuordnen?' });
    expect(dialog.textContent).toContain(
      'Die Kennung kita-17 wird der Einrichtung KITA-017 (Kita Sonnenblume) zugeordnet: 2 Ergebnisse wechseln zu KITA-017',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zuordnen' }));
    expect((await within(region).findByRole('status')).textContent).toBe(
      '2 Ergebnisse der Kennung kita-17 gehören jetzt zu KITA-017.',
    );
    await waitFor(() => expect(within(region).queryByRole('rowheader', { name: 'kita-17' })).toBeNull());
    // The Einrichtung counts the results and names the joined code.
    await waitFor(async () => expect((await rowOf('KITA-017')).textContent).toContain('kita-17'));
    expect((await sites())[0]).toMatchObject({ results: 2, aliases: ['kita-17'] });
  });

  it("shows the server's refusal when the account lost the right to join codes in between", async () => {
    server.use(verwaltung);
    renderSections();
    const row = (await within(unassignedRegion()).findByRole('rowheader', { name: 'KITA-020' })).closest(
      'tr',
    ) as HTMLElement;
    const target = within(row).getByLabelText('Einrichtung für KITA-020');
    await waitFor(() => expect((target as HTMLSelectElement).options).toHaveLength(2));
    fireEvent.change(target, { target: { value: 'KITA-017' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Zuordnen … KITA-020' }));
    forschungKita ??= await server.signIn({ name: 'forscher17', role: 'forschung', sites: ['KITA-017'] });
    server.use(forschungKita);
    fireEvent.click(screen.getByRole('button', { name: 'Zuordnen' }));
    expect((await within(unassignedRegion()).findByRole('alert')).textContent).toBe(
      'Das hat nicht geklappt: Kennungen zuordnen kann nur, wer alle Einrichtungen sieht.',
    );
  });

  it('says when every result belongs to an Einrichtung', async () => {
    server.use(verwaltung);
    await verwaltung.request('POST', '/api/verwaltung/assignments', { code: 'KITA-020', site: 'KITA-017' });
    renderSections();
    expect(
      await within(unassignedRegion()).findByText('Alle Ergebnisse gehören zu einer Einrichtung.'),
    ).toBeTruthy();
    expect(within(unassignedRegion()).queryByRole('table')).toBeNull();
  });
});

describe('what Forschung sees', () => {
  it('reads the Einrichtungen and the codes without Einrichtung, and changes nothing', async () => {
    server.use(verwaltung);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/results',
      payload: makePayload({ site: 'KITA-021' }),
    });
    expect(response.statusCode).toBe(201);
    server.use(forschung);
    renderSections(false, false);
    const row = await rowOf('KITA-017');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(
      within(sitesRegion())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Kennung', 'Name', 'Ergebnisse', 'Aktiv', 'Zugeordnete Kennungen']);
    expect(
      within(sitesRegion()).getByText('Nur die Verwaltung kann Einrichtungen anlegen und ändern.'),
    ).toBeTruthy();
    expect(within(sitesRegion()).queryByRole('heading', { name: 'Einrichtung hinzufügen' })).toBeNull();

    const code = (await within(unassignedRegion()).findByRole('rowheader', { name: 'KITA-021' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(code).queryByRole('combobox')).toBeNull();
    expect(
      within(unassignedRegion()).getByText(/^Zuordnen kann nur, wer alle Einrichtungen sieht/),
    ).toBeTruthy();
  });

  it("shows the server's refusal of the list to an account without the right as text", async () => {
    const sessionEnded = vi.fn();
    server.use(await server.signIn({ name: 'leiterin', role: 'leitung', sites: ['KITA-017'] }));
    render(
      <I18nextProvider i18n={i18n}>
        <UnassignedSection
          sites={[]}
          canAssign={false}
          version={0}
          onChanged={() => {}}
          onSessionEnded={sessionEnded}
        />
      </I18nextProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Konnte nicht geladen werden: \S/);
    expect(sessionEnded).not.toHaveBeenCalled();
  });
});
