import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../schemas/verwaltung-api.ts';
import { openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { makePayload } from '../../server/testing/payload.ts';
import { SCORED_QUESTION_IDS } from '../domain/facts';
import { Dashboard } from './dashboard';
import { i18n } from './i18n';

/**
 * The researchers' dashboard in jsdom against the real server (Fastify on PGlite, reached through
 * a fetch that hands each request to the server): the filter fields, the offer of 'alle' when
 * 'mit Ton' leaves nothing, the statistics' count of children, the warning below 30 children, and
 * 'Tests je Kind'.
 */

const TOKEN = 'dashboard-component-test-token-0123456789';
/** Signed in with EXPORT_TOKEN: Forschung on all Einrichtungen (docs/product.md §47). */
const EXPORT_KEY_HOLDER: Me = { name: null, role: 'forschung', sites: 'alle', mustChangePassword: false };

/** A silent Turkish test (no prompt spoken) of `childCode`, or without a code. */
const silent = (childCode: string | undefined, testDate: string, correct: readonly number[]) =>
  makePayload({
    language: '2',
    testDate,
    contentVersion: '0123456789ab',
    // With the parents' research consent, so that /auswertung counts it (docs/product.md §48).
    researchConsent: 'yes',
    ...(childCode ? { childCode } : {}),
    ...Object.fromEntries(SCORED_QUESTION_IDS.map((id) => [`question${id}`, correct.includes(id)])),
    answers: SCORED_QUESTION_IDS.map((id) => ({
      question: id,
      given: '',
      responseTimeMs: 1000 + id,
      prompt: { source: 'none', replays: 0 },
    })),
  });

// Three results of two children: K7M3QX first solved nothing, later question 1; one without a code.
const RESULTS = [
  silent('K7M3QX', '2026-11-01', [1]),
  silent('K7M3QX', '2026-10-01', []),
  silent(undefined, '2026-10-02', []),
];

let server: PageServer;

beforeAll(async () => {
  server = await openPageServer({ exportToken: TOKEN });
  for (const payload of RESULTS) {
    const response = await server.app.inject({ method: 'POST', url: '/api/results', payload });
    expect(response.statusCode, response.body).toBe(201);
  }
  await server.signInWithKey(TOKEN);
}, 120_000);

afterAll(() => server?.close());

describe('the Auswertung dashboard', () => {
  it("offers 'alle' when 'mit Ton' leaves nothing, then counts children and warns below 30", async () => {
    window.history.replaceState(null, '', '/auswertung');
    render(
      <I18nextProvider i18n={i18n}>
        <Dashboard me={EXPORT_KEY_HOLDER} onSessionEnded={() => {}} />
      </I18nextProvider>,
    );
    // Every filter is one labelled field: the dates as date inputs, the others as selects.
    expect(screen.getByLabelText('Testdatum von')).toHaveProperty('type', 'date');
    const tests = screen.getByLabelText('Tests je Kind') as HTMLSelectElement;
    expect([...tests.options].map((option) => [option.value, option.text])).toEqual([
      ['erster', 'erster Test'],
      ['letzter', 'letzter Test'],
    ]);
    expect(tests.value).toBe('erster');

    const onlySilent = await screen.findByTestId('only-silent');
    expect(onlySilent.textContent).toContain('Alle 3 Ergebnisse wurden ohne Ton durchgeführt');
    expect(screen.queryByTestId('per-child')).toBeNull();
    fireEvent.click(within(onlySilent).getByRole('button', { name: 'Alle Ergebnisse zeigen (Ton: alle)' }));

    const note = await screen.findByTestId('per-child');
    expect(screen.getByTestId('total').textContent).toBe('3 Ergebnisse');
    expect(window.location.search).toContain('sound=alle');
    expect(note.textContent).toContain('2 Kinder, je Kind ein Test (der erste unter den gefilterten)');
    const items = screen.getByRole('region', { name: /^Tabelle: Lösungsquote/ });
    // Question 1 on the first tests: neither child solved it.
    const firstRow = within(items).getAllByRole('row')[2] as HTMLElement;
    expect(firstRow.textContent).toMatch(/^1\s*1\s*0\s%/);
    expect(screen.getAllByTestId('few-children').length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByTestId('few-children')[0]?.textContent).toMatch(
      /^Weniger als 30 Kinder, Werte unsicher \(mit \* markiert\): /,
    );

    fireEvent.change(tests, { target: { value: 'letzter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anwenden' }));
    await waitFor(() => expect(screen.getByTestId('per-child').textContent).toContain('der letzte'));
    expect(
      server.requested.some(
        ({ path }) => path.startsWith('/api/auswertung/items') && path.includes('test=letzter'),
      ),
    ).toBe(true);
    // Question 1 on the latest tests: K7M3QX solved it, the child without a code did not.
    const latestRow = within(screen.getByRole('region', { name: /^Tabelle: Lösungsquote/ })).getAllByRole(
      'row',
    )[2] as HTMLElement;
    await waitFor(() => expect(latestRow.textContent).toMatch(/^1\s*1\s*50\s%/));

    // 'Sprachverständnis' (docs/product.md §39): 'alle' by default; none of these results recorded 'nein'.
    const understanding = screen.getByLabelText('Sprachverständnis') as HTMLSelectElement;
    expect([...understanding.options].map((option) => option.value)).toEqual([
      'alle',
      'ja',
      'teilweise',
      'nein',
    ]);
    expect(understanding.value).toBe('alle');
    fireEvent.change(understanding, { target: { value: 'nein' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anwenden' }));
    await waitFor(() => expect(screen.getByTestId('total').textContent).toBe('0 Ergebnisse'));
    expect(window.location.search).toContain('understanding=nein');
    expect(screen.getByText(/Sprachverständnis: nein/)).toBeTruthy();
  });
});
