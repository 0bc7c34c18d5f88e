import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openChildrenDb } from '../children/db';
import { childrenRepository } from '../children/repository';
import { result } from '../children/test-fixtures';
import { i18n } from '../i18n';
import { fullRun, USER } from '../results/test-fixtures';
import { unlock } from '../storage/sealed';
import { useStore } from '../store';
import { ResultScreen } from './result-screen';

// Children are sealed under the device's key: unlocked, as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

vi.mock('../store', async () => {
  const { createAppSession } = await import('../store/create-store');
  return createAppSession([]);
});

const SUBMISSION_ID = '0c9a3b52-8b7e-4d21-9c3a-0e6f5b4d2a18';
/** Level 1: 5 of 7 (achieved), level 2: 4 of 7, level 3: 1 of 7 → assigned level 2. */
const RUN = fullRun([1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 17]);

function renderScreen(childCode?: string) {
  useStore.setState({
    screen: 'result',
    user: { ...USER, ...(childCode ? { childCode } : {}) },
    answers: RUN,
    submissionId: SUBMISSION_ID,
    resultQueued: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <ResultScreen />
    </I18nextProvider>,
  );
}

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"id":1}', { status: 201 })),
  );
  const db = await openChildrenDb();
  await db.clear('children');
  await db.clear('results');
  db.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const verlaufRows = () =>
  within(screen.getByRole('region', { name: 'Verlauf' }))
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));

describe('Verlauf on the results page', () => {
  it('shows the child code and every earlier test with the change since the previous one', async () => {
    await childrenRepository().addResult(result('K7M3QX', '2025-10-14', [3, 1, 0], 'october'));
    renderScreen('K7M3QX');
    const code = screen.getByText('K7M3QX');
    expect(code.closest('dl')?.getAttribute('aria-label')).toBe('Angaben zum Kind');
    expect(code.previousElementSibling?.textContent).toBe('Kind-Code');
    await waitFor(() => expect(verlaufRows()).toHaveLength(3));
    expect(verlaufRows()).toEqual([
      [
        'Testdatum',
        'Niveau 1',
        'Niveau 2',
        'Niveau 3',
        'Zugeordnetes Niveau',
        'Veränderung seit dem vorigen Test',
      ],
      ['14.10.2025', '3 von 7', '1 von 7', '0 von 7', '1', 'erster Test'],
      [
        '22.11.2026 (dieser Test)',
        '5 von 7',
        '4 von 7',
        '1 von 7',
        '2',
        'Niveau 1: +2 · Niveau 2: +3 · Niveau 3: +1 · Zugeordnetes Niveau von 1 auf 2 (höher)',
      ],
    ]);
    expect(screen.getByText('2 Tests dieses Kindes auf diesem Gerät, der älteste zuerst.')).toBeTruthy();
  });

  it('stores the finished test once, however often the page is opened', async () => {
    const first = renderScreen('K7M3QX');
    await waitFor(() => expect(verlaufRows()).toHaveLength(2));
    expect(screen.getByText('Dies ist der erste Test dieses Kindes auf diesem Gerät.')).toBeTruthy();
    first.unmount();
    renderScreen('K7M3QX');
    await waitFor(() => expect(verlaufRows()).toHaveLength(2));
    const stored = await childrenRepository().resultsOf('K7M3QX');
    expect(stored.map((r) => r.submissionId)).toEqual([SUBMISSION_ID]);
    expect(stored[0]).toMatchObject({ testDate: '2026-11-22', assignedLevel: 2 });
  });

  it('says there is no Verlauf for a child that was not saved, and stores nothing', async () => {
    renderScreen();
    expect(
      within(screen.getByRole('region', { name: 'Verlauf' })).getByText(
        'Dieses Kind wurde nicht gespeichert („Nicht speichern“): Es gibt keinen Verlauf.',
      ),
    ).toBeTruthy();
    expect(await childrenRepository().allResults()).toEqual([]);
  });
});
