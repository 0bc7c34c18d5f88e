import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../../schemas/verwaltung-api.ts';
import type { AccountSession } from '../../server/testing/auswertung-app.ts';
import { openPageServer, type PageServer } from '../../server/testing/page-server.ts';
import { i18n } from './i18n';
import { PasswordForm } from './password-form';

/**
 * The account's own new password (POST /api/konto/password, docs/product.md §47) in jsdom against
 * the real server (Fastify on PGlite through inject): the form's own checks, the server's refusals
 * in German, the change itself, and a session that has ended.
 */

const TOKEN = 'password-form-test-token-0123456789';

let server: PageServer;
let chef: AccountSession;
let keyHolder: { cookie: string };

beforeAll(async () => {
  server = await openPageServer({ exportToken: TOKEN });
  keyHolder = await server.signInWithKey(TOKEN);
  chef = await server.signIn({ name: 'chef', role: 'verwaltung', sites: 'alle' });
}, 120_000);

afterAll(() => server?.close());

function show() {
  const changed = vi.fn();
  const ended = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <PasswordForm currentLabel="Bisheriges Passwort" onChanged={changed} onSessionEnded={ended} />
    </I18nextProvider>,
  );
  const fill = (current: string, next: string, repeat = next) => {
    fireEvent.change(screen.getByLabelText('Bisheriges Passwort'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Neues Passwort wiederholen'), { target: { value: repeat } });
    fireEvent.click(screen.getByRole('button', { name: 'Passwort festlegen' }));
  };
  return { changed, ended, fill };
}

const signsIn = async (password: string) =>
  (
    await server.app.inject({
      method: 'POST',
      url: '/api/auswertung/login',
      payload: { name: 'chef', password },
    })
  ).statusCode === 204;

describe('the password form (docs/product.md §47)', () => {
  it('checks the length and the repetition itself, before asking the server', () => {
    server.use(chef);
    const { fill, changed } = show();
    expect(
      screen.getByText(
        `Mindestens ${MIN_PASSWORD_LENGTH} Zeichen; der Benutzername darf nicht darin vorkommen.`,
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Neues Passwort').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('Bisheriges Passwort').getAttribute('autocomplete')).toBe(
      'current-password',
    );
    const before = server.requested.length;

    fill(chef.password, 'kurz-1234');
    expect(
      screen.getByText(`Das neue Passwort braucht mindestens ${MIN_PASSWORD_LENGTH} Zeichen.`),
    ).toBeTruthy();
    fill(chef.password, 'lang-genug-und-neu-1', 'lang-genug-und-neu-2');
    expect(screen.getByText('Die beiden Eingaben des neuen Passworts stimmen nicht überein.')).toBeTruthy();
    expect(server.requested.length).toBe(before);
    expect(changed).not.toHaveBeenCalled();
  });

  it("shows the server's refusals in German and keeps the old password", async () => {
    server.use(chef);
    const { fill, changed } = show();
    fill('nicht-das-passwort-123', 'lang-genug-und-neu-1');
    expect(
      await screen.findByText('Das Passwort wurde nicht geändert: Das bisherige Passwort stimmt nicht.'),
    ).toBeTruthy();
    fill(chef.password, 'chef-ist-hier-drin-1');
    expect(await screen.findByText(/^Das Passwort wurde nicht geändert: .*Benutzername/)).toBeTruthy();
    fill(chef.password, chef.password);
    expect(
      await screen.findByText('Das Passwort wurde nicht geändert: Das neue Passwort muss ein anderes sein.'),
    ).toBeTruthy();
    expect(changed).not.toHaveBeenCalled();
    expect(await signsIn(chef.password)).toBe(true);
  });

  it('has no own password to change with the access key', async () => {
    server.use(keyHolder);
    const { fill } = show();
    fill('irgendein-passwort-1', 'lang-genug-und-neu-1');
    expect(
      await screen.findByText(
        'Das Passwort wurde nicht geändert: Mit dem Zugangsschlüssel gibt es kein eigenes Konto.',
      ),
    ).toBeTruthy();
  });

  it('changes the password, empties the fields and says other sessions ended', async () => {
    server.use(chef);
    const { fill, changed } = show();
    const next = 'ein-neues-langes-passwort-7';
    fill(chef.password, next);
    // While the server works the button says so and takes no second click.
    const working = screen.getByRole('button', { name: 'Wird gespeichert …' });
    expect(working).toHaveProperty('disabled', true);
    expect(
      await screen.findByText(
        'Das neue Passwort gilt ab sofort. Andere Sitzungen dieses Kontos wurden beendet.',
      ),
    ).toBeTruthy();
    expect(changed).toHaveBeenCalledTimes(1);
    for (const label of ['Bisheriges Passwort', 'Neues Passwort', 'Neues Passwort wiederholen'])
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    expect(await signsIn(next)).toBe(true);
    expect(await signsIn(chef.password)).toBe(false);
  });

  it('returns to the login when the session has ended', async () => {
    server.use(undefined);
    const { fill, ended, changed } = show();
    fill('irgendein-passwort-1', 'lang-genug-und-neu-1');
    await waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    expect(changed).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
