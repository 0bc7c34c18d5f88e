import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../store';
import { Boot } from './boot';

// The real store from one question (the compiled content is a build-time virtual module).
vi.mock('../store', async () => (await import('./test-session')).oneQuestionAppSession());

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('the first screen', () => {
  it('is the access screen, and the right passphrase leads into the app', async () => {
    useStore.getState().endSession();
    const user = userEvent.setup();
    render(<Boot />);
    expect(document.querySelector('main')?.dataset.screen).toBe('access');
    await user.type(screen.getByLabelText('Bitte Passwort eingeben:'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    // The passphrase is checked with the slow KDF (src/storage/kdf.ts): the message follows it.
    expect(await screen.findByText('Falsches Passwort', {}, { timeout: 10_000 })).toBeTruthy();
    await user.clear(screen.getByLabelText('Bitte Passwort eingeben:'));
    await user.type(screen.getByLabelText('Bitte Passwort eingeben:'), 'zaehltest');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Angaben zum Kind' })).toBeTruthy();
    expect(useStore.getState().screen).toBe('userdata');
  });

  it('after a reload in a running test, asks for the passphrase first, then shows where the test stopped', async () => {
    // A child as the details form hands it over, with a language (the store's empty child has none).
    useStore.getState().startTest({ ...useStore.getState().user, name: 'Mara', language: 'tr' });
    // A reload: the page's modules run again and find the stored session.
    vi.resetModules();
    const { Boot: BootAfterReload } = await import('./boot');
    const user = userEvent.setup();
    render(<BootAfterReload />);
    expect(screen.getByText(/Auf diesem Gerät ist ein Test gespeichert/)).toBeTruthy();
    expect(screen.queryByText('Mara')).toBeNull();
    await user.type(screen.getByLabelText('Bitte Passwort eingeben:'), 'zaehltest');
    // Inside an async act: React then follows the suspended app chunk (a plain sync render would
    // leave the suspended tree waiting in the test environment).
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    });
    // The app chunk is imported anew here (slow in jsdom), then React reveals it.
    expect(await screen.findByRole('heading', { name: 'Bist du bereit?' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('Bitte Passwort eingeben:')).toBeNull();
  });
});
