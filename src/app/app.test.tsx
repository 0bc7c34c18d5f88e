import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultChildLanguage } from '../content/languages';
import { isAccessPassword } from '../screens/access-password';
import { unlock } from '../storage/sealed';
import { tabGuard, useStore } from '../store';
import { openSession, sealSession } from '../store/create-store';
import { DEFAULT_USER } from '../store/slices';
import { ACTIVE_TAB_KEY } from '../store/tab-guard';
import { App } from './app';

// The real store from one question (the compiled content is a build-time virtual module).
vi.mock('../store', async () => (await import('./test-session')).oneQuestionAppSession());

// The session is stored sealed: the device is unlocked as after the passphrase.
beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

beforeEach(() => {
  localStorage.clear();
  tabGuard.claim();
  useStore.getState().endSession();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A child as the details form hands it over: the store's empty child has no language of its own. */
const FORM_CHILD = { ...DEFAULT_USER, name: 'Mara', language: defaultChildLanguage };

describe('the access password', () => {
  it('is checked with the slow KDF against the verifier made at build time', async () => {
    expect(await isAccessPassword('zaehltest')).toBe(true);
    expect(await isAccessPassword('Zaehltest')).toBe(false);
    expect(await isAccessPassword('')).toBe(false);
  });
});

describe('the app shell', () => {
  it('shows the red wrong-password message', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.type(screen.getByLabelText('Bitte Passwort eingeben:'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    // The passphrase goes through the slow KDF first (600,000 PBKDF2 rounds): a busy machine needs a while.
    expect(await screen.findByText('Falsches Passwort', {}, { timeout: 10_000 })).toBeTruthy();
    expect(useStore.getState().screen).toBe('access');
  });

  it('goes from the child details through start and transition to the question and the result', async () => {
    const user = userEvent.setup();
    act(() => useStore.getState().grantAccess());
    render(<App />);
    expect(screen.getByRole('radio', { name: 'Kita' })).toHaveProperty('checked', true);
    const level = screen.getByLabelText('Jahrgang') as HTMLSelectElement;
    expect(level.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Grundschule' }));
    expect(level.disabled).toBe(false);
    await user.selectOptions(level, '2');
    await user.click(screen.getByRole('radio', { name: 'Kita' }));
    expect(level.disabled).toBe(true);
    expect(level.value).toBe('');
    await user.selectOptions(screen.getByLabelText('Sprache'), 'ro');
    await user.type(screen.getByLabelText('Name'), 'Mara');
    await user.click(screen.getByRole('button', { name: 'Test beginnen' }));
    // 'Test beginnen' checks the details and the device's children first (awaited): on a loaded
    // machine the details reach the store a moment after the click.
    await waitFor(() =>
      expect(useStore.getState().user).toMatchObject({
        name: 'Mara',
        school: 'Kita',
        schoolLevel: '',
        language: 'ro',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Bist du bereit?' })).toBeTruthy();

    // 'Start' waits for whether the child understood the spoken language (docs/product.md §39).
    await user.click(screen.getByRole('radio', { name: 'ja' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    // jsdom has no voice and no recordings ship: the app asks before a silent test (§14).
    const ask = await screen.findByRole('alertdialog', { name: 'Ohne Ton testen?' });
    const started = performance.now();
    await user.click(within(ask).getByRole('button', { name: 'Ohne Ton testen' }));
    expect(useStore.getState().screen).toBe('transition');
    await waitFor(() => expect(useStore.getState().screen).toBe('question'));
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    // The question screens are a separate chunk; under Vitest its first import takes a moment.
    expect(await screen.findByText('question-ro', {}, { timeout: 5000 })).toBeTruthy();

    await user.type(screen.getByRole('textbox'), '8');
    await user.click(screen.getByRole('button', { name: 'Antwort' }));
    expect(useStore.getState().answers).toHaveLength(1);
    expect(useStore.getState().screen).toBe('transition');
    await waitFor(() => expect(useStore.getState().screen).toBe('result'));
  }, 15_000); // a whole pass through the shell; slow when the machine runs browser tests too

  it('asks before leaving the page while a test runs, not before or after', () => {
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    render(<App />);
    expect(leave()).toBe(false);
    act(() => useStore.getState().startTest(FORM_CHILD));
    expect(leave()).toBe(true);
    act(() => useStore.getState().goTo('result'));
    expect(leave()).toBe(false);
  });

  it('stops when another tab of the app opens, and continues here on request', async () => {
    const user = userEvent.setup();
    render(<App />);
    act(() => useStore.getState().startTest(FORM_CHILD));
    expect(document.querySelector('main')?.dataset.screen).toBe('startscreen');

    // Another tab claims the session and moves on to the first question.
    const ownClaim = localStorage.getItem(ACTIVE_TAB_KEY);
    const stored = JSON.parse(openSession(localStorage.getItem('zaehltest-session')) ?? '{}');
    stored.state.screen = 'transition';
    localStorage.setItem('zaehltest-session', sealSession(JSON.stringify(stored)));
    localStorage.setItem(ACTIVE_TAB_KEY, 'the-other-tab');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: ACTIVE_TAB_KEY, newValue: 'the-other-tab' }));
    });
    expect(screen.getByRole('heading', { name: 'Zähltest ist in einem anderen Tab geöffnet' })).toBeTruthy();
    expect(document.querySelector('main')?.dataset.screen).toBe('elsewhere');
    act(() => useStore.getState().goTo('result')); // a late timer of this tab
    expect(JSON.parse(openSession(localStorage.getItem('zaehltest-session')) ?? '{}').state.screen).toBe(
      'transition',
    );

    await user.click(screen.getByRole('button', { name: 'Hier weitermachen' }));
    await waitFor(() => expect(document.querySelector('main')?.dataset.screen).not.toBe('elsewhere'));
    // This tab's claim again, made anew ('<order>:<tab id>', src/store/tab-guard.ts).
    const tabId = (claim: string | null) => claim?.replace(/^\d+:/, '');
    expect(tabId(localStorage.getItem(ACTIVE_TAB_KEY))).toBe(tabId(ownClaim));
    expect(localStorage.getItem(ACTIVE_TAB_KEY)).not.toBe(ownClaim);
    expect(useStore.getState().screen).not.toBe('result');
  });
});
