import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROTOKOLL_PAGE_LIMIT } from '../../server/auswertung/protokoll-routes.ts';
import { berlinDay } from '../../server/db/retention.ts';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { makeResearchPayload } from '../../server/testing/payload.ts';
import { i18n } from './i18n';
import { ProtokollSection } from './protokoll-section';

/**
 * The Protokoll on /verwaltung (docs/product.md §46) in jsdom against the real server (Fastify on
 * PGlite through inject): its filter by kind and days, its rows, the CSV link's URL, the server's
 * refusal of a period, the check of a child code's deletion, and the end of the session.
 */

const TOKEN = 'protokoll-section-test-token-0123456789';
const CODE = 'KQ7MX4';
const OTHER = 'RT3PW9';

let server: PageServer;
let chef: AccountSession;
const today = berlinDay(new Date());
/** The calendar day before today (not 24 hours back: Berlin's October day has 25 hours). */
const yesterday = (() => {
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
})();

beforeAll(async () => {
  server = await openPageServer({ exportToken: TOKEN });
  for (const childCode of [CODE, CODE, OTHER]) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/results',
      payload: makeResearchPayload({ overrides: { childCode } }),
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  chef = await server.signIn({ name: 'chef', role: 'verwaltung', sites: 'alle' });
  // A wrong password, and the deletion a parent asked for: a Fehlversuch and a Löschung.
  const failed = await server.app.inject({
    method: 'POST',
    url: '/api/auswertung/login',
    payload: { name: 'chef', password: 'falsch-geraten-123' },
  });
  expect(failed.statusCode).toBe(401);
  expect((await chef.request('DELETE', `/api/auswertung/child-results?childCode=${CODE}`)).json()).toEqual({
    deleted: 2,
  });
}, 120_000);

afterAll(() => server?.close());

function show(version = 0, onSessionEnded = () => {}) {
  const element = (at: number) => (
    <I18nextProvider i18n={i18n}>
      <ProtokollSection refresh={0} version={at} onSessionEnded={onSessionEnded} />
    </I18nextProvider>
  );
  const view = render(element(version));
  return { ...view, again: (at: number) => view.rerender(element(at)) };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Einträge des Protokolls, die neuesten zuerst' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
const csvLink = () => screen.getByRole('link', { name: 'Protokoll als CSV' }).getAttribute('href');

describe('the Protokoll section (docs/product.md §46)', () => {
  it('lists the entries newest first, filters them by kind and day, and links the same CSV', async () => {
    show();
    expect(screen.getByText('Protokoll wird geladen …')).toBeTruthy();
    const status = await screen.findByText(/^\d+ Einträge\.$/);
    const all = rows();
    expect(status.textContent).toBe(`${all.length} Einträge.`);
    expect(screen.getByText(/wird 24 Monate aufbewahrt\./)).toBeTruthy();
    // The deletion with its count, the failed login, chef's login.
    const deletion = all.find((row) => row[1] === 'Löschung');
    expect(deletion?.[3]).toBe('2');
    expect(deletion?.[0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(all.some((row) => row[1] === 'Fehlversuch')).toBe(true);
    expect(all.some((row) => row[1] === 'Anmeldung' && row[2]?.includes('chef'))).toBe(true);
    // No child code in the Protokoll (docs/product.md §46).
    expect(all.flat().join(' ')).not.toContain(CODE);
    expect(csvLink()).toBe('/api/auswertung/protokoll.csv');

    const kind = screen.getByLabelText('Art') as HTMLSelectElement;
    expect(kind.options[0]?.text).toBe('alle');
    expect([...kind.options].map((option) => option.text)).toContain('Löschung nach Frist');
    fireEvent.change(kind, { target: { value: 'deletion' } });
    fireEvent.change(screen.getByLabelText('von'), { target: { value: today } });
    fireEvent.change(screen.getByLabelText('bis'), { target: { value: today } });
    // The link follows the filter shown, not the form being typed.
    expect(csvLink()).toBe('/api/auswertung/protokoll.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    await screen.findByText('1 Eintrag.');
    expect(rows().map((row) => row[1])).toEqual(['Löschung']);
    const href = csvLink() as string;
    expect(href).toBe(`/api/auswertung/protokoll.csv?kind=deletion&from=${today}&to=${today}`);
    // The link's CSV holds the same entry.
    const csv = await (await fetch(href)).text();
    const lines = csv.trim().split('\r\n');
    // (Response.text() drops the byte order mark the file starts with.)
    expect(lines[0]).toBe('Zeit;Art;Wer;Anzahl;Angabe');
    expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual(['Löschung']);

    // Up to yesterday: nothing.
    fireEvent.change(screen.getByLabelText('von'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('bis'), { target: { value: yesterday } });
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    await screen.findByText('Keine Einträge für diese Auswahl.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(csvLink()).toBe(`/api/auswertung/protokoll.csv?kind=deletion&to=${yesterday}`);
  });

  it("shows the server's refusal of a period whose 'von' is after 'bis'", async () => {
    show();
    await screen.findByText(/^\d+ Einträge\.$/);
    fireEvent.change(screen.getByLabelText('von'), { target: { value: today } });
    fireEvent.change(screen.getByLabelText('bis'), { target: { value: yesterday } });
    fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das Protokoll konnte nicht geladen werden: Das Datum „von“ liegt nach dem Datum „bis“. Bitte den Zeitraum korrigieren.',
    );
  });

  it("finds a child code's deletion, says when there is none, and refuses a code that is none", async () => {
    show();
    await screen.findByText(/^\d+ Einträge\.$/);
    const field = screen.getByLabelText('Kind-Code');
    const check = screen.getByRole('button', { name: 'Prüfen' });

    fireEvent.change(field, { target: { value: 'K7M' } });
    fireEvent.click(check);
    expect((await screen.findByText(/^Bitte einen Kind-Code eingeben/)).textContent).toContain('6 Zeichen');

    // Lower case and spaces are forgiven.
    fireEvent.change(field, { target: { value: 'kq7 mx4' } });
    fireEvent.click(check);
    expect(await screen.findByText(`Für den Kind-Code ${CODE} ist 1 Löschung im Protokoll:`)).toBeTruthy();
    const found = screen.getByRole('listitem');
    expect(found.textContent).toMatch(
      /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}: 2 Ergebnisse gelöscht \(.*chef.*\)$/,
    );

    fireEvent.change(field, { target: { value: OTHER } });
    fireEvent.click(check);
    expect(
      await screen.findByText(
        new RegExp(
          `^Für den Kind-Code ${OTHER} ist keine Löschung auf Antrag im Protokoll der letzten 24 Monate\\.`,
        ),
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('loads again when its version is raised, and returns to the login when the session ends', async () => {
    const ended = vi.fn();
    const view = show(0, ended);
    const before = (await screen.findByText(/^\d+ Einträge\.$/)).textContent;
    // An Auskunft meanwhile: the Protokoll records it and shows it once asked again.
    const auskunft = await chef.request('GET', `/api/auswertung/auskunft?childCode=${OTHER}`);
    expect(auskunft.statusCode, auskunft.body).toBe(200);
    view.again(1);
    await waitFor(() => expect(screen.getByRole('status').textContent).not.toBe(before));
    expect(rows()[0]?.[1]).toBe('Auskunft');

    server.use(undefined);
    try {
      view.again(2);
      await waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
      fireEvent.change(screen.getByLabelText('Kind-Code'), { target: { value: OTHER } });
      fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
      await waitFor(() => expect(ended).toHaveBeenCalledTimes(2));
    } finally {
      server.use(chef);
    }
  });

  it(`shows the newest ${PROTOKOLL_PAGE_LIMIT} entries and says the CSV holds all`, async () => {
    // A busy year's exports, written as the export routes record them.
    const research = server.store.research;
    if (!research) throw new Error('the store has no Protokoll');
    for (let index = 0; index < PROTOKOLL_PAGE_LIMIT; index++)
      await research.record({ kind: 'export', actor: 'Zugangsschlüssel', detail: `CSV ${index}` });
    show();
    const status = await screen.findByText(/^Die neuesten 500 von \d+ Einträgen; alle in der CSV-Datei\.$/);
    expect(Number(/von (\d+)/.exec(status.textContent ?? '')?.[1])).toBeGreaterThan(PROTOKOLL_PAGE_LIMIT);
    expect(rows()).toHaveLength(PROTOKOLL_PAGE_LIMIT);
  }, 30_000);
});
