import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { unlock } from '../storage/sealed';
import { useStore } from '../store';
import { DEFAULT_USER } from '../store/slices';
import { StartScreen } from './start-screen';

beforeAll(async () => {
  expect(await unlock('zaehltest')).toBe('unlocked');
});

vi.mock('../store', async () => {
  const { createAppSession } = await import('../store/create-store');
  return createAppSession([]);
});

const QUESTION = 'Hat das Kind die Ansage verstanden?';

function renderScreen() {
  render(
    <I18nextProvider i18n={i18n}>
      <StartScreen />
    </I18nextProvider>,
  );
  return screen.getByRole('group', { name: QUESTION });
}

beforeEach(() => {
  useStore.getState().startTest({ ...DEFAULT_USER, name: 'Ayşe', language: 'tr' });
});

describe("'Hat das Kind die Ansage verstanden?' on the start screen (docs/product.md §39)", () => {
  it("asks with 'ja', 'teilweise' and 'nein', and 'Start' says what is missing instead of starting", async () => {
    const user = userEvent.setup();
    const group = renderScreen();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['yes', 'partly', 'no']);
    expect(within(group).getByRole('radio', { name: 'teilweise' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const missing = screen.getByText('Bitte zuerst unten eintragen, ob das Kind die Ansage verstanden hat.');
    expect(missing.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(group);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useStore.getState().screen).toBe('startscreen');

    await user.click(within(group).getByRole('radio', { name: 'teilweise' }));
    expect(useStore.getState().understanding).toBe('partly');
    expect(screen.queryByText(/^Bitte zuerst unten eintragen/)).toBeNull();
    // jsdom has no voice: 'Start' now goes on to the question about a test without sound (§14).
    await user.click(screen.getByRole('button', { name: 'Start' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Ohne Ton testen?' });
    await user.click(within(ask).getByRole('button', { name: 'Ohne Ton testen' }));
    expect(useStore.getState().screen).toBe('transition');
  });

  it("suggests another language after 'nein', and still lets the test start in this one", async () => {
    const user = userEvent.setup();
    const group = renderScreen();
    await user.click(within(group).getByRole('radio', { name: 'nein' }));
    expect(useStore.getState().understanding).toBe('no');
    const suggestion = within(group).getByRole('status');
    expect(suggestion.textContent).toContain(
      'Wählen Sie bei den Angaben eine andere Sprache, die das Kind kennt, zum Beispiel Deutsch.',
    );
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('alertdialog', { name: 'Ohne Ton testen?' })).toBeTruthy();
  });

  it("'Andere Sprache wählen' goes back to the details, and a new 'Test beginnen' asks again", async () => {
    const user = userEvent.setup();
    const group = renderScreen();
    await user.click(within(group).getByRole('radio', { name: 'nein' }));
    await user.click(within(group).getByRole('button', { name: 'Andere Sprache wählen' }));
    expect(useStore.getState().screen).toBe('userdata');
    useStore.getState().startTest({ ...DEFAULT_USER, name: 'Ayşe', language: 'ar' });
    expect(useStore.getState().understanding).toBeNull();
  });

  it('in a test without sound, shows the sample sentence to read aloud', async () => {
    const group = renderScreen();
    await within(group).findByText(/^Ohne Ton:/);
    const sample = group.querySelector('.understanding-sample [lang="tr"]');
    expect(sample?.textContent).toMatch(/.+/);
    expect(sample?.parentElement?.textContent).toBe(`Beispielsatz: „${sample?.textContent}“`);
  });
});

describe("the language's '(Entwurf)' on the start screen (docs/product.md §50)", () => {
  it("follows the test's own count of confirmed texts: none after the name once every text is confirmed", () => {
    const counts = (confirmed: number) => ({ texts: 100, confirmed, spoken: 55, recorded: 0 });
    const snapshot = useStore.getState().updates;
    if (!snapshot) throw new Error("'Test beginnen' took no snapshot");
    useStore.getState().setUpdates({ ...snapshot, counts: counts(100) });
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <StartScreen />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('start-language').textContent).toBe('Türkisch');
    expect(screen.queryByText(/^„\(Entwurf\)“ hinter einer Sprache/)).toBeNull();
    unmount();
    useStore.getState().setUpdates({ ...snapshot, counts: counts(99) });
    renderScreen();
    expect(screen.getByTestId('start-language').textContent).toBe('Türkisch (Entwurf)');
    expect(screen.getByText(/^„\(Entwurf\)“ hinter einer Sprache/)).toBeTruthy();
  });
});
