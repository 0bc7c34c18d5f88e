import 'fake-indexeddb/auto';
import { createHmac, pbkdf2Sync } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lockForTests, seal, unlock, unseal } from '../storage/sealed';
import { SESSION_STORAGE_KEY } from '../store/session-key';
import { AccessScreen } from './access-screen';

/** The keyring of an earlier build whose passphrase was 'altes-passwort'. */
async function dataOfAnEarlierPassphrase() {
  const salt = Buffer.from('salt-of-the-earlier-build');
  const master = pbkdf2Sync('altes-passwort', salt, 1000, 32, 'sha256');
  const verifier = {
    salt: salt.toString('base64'),
    iterations: 1000,
    verifier: createHmac('sha256', master).update('zaehltest/verifier').digest('hex'),
  };
  expect(await unlock('altes-passwort', verifier)).toBe('unlocked');
  const sealed = await seal({ name: 'Mara' }, 'children/K7M3QX');
  localStorage.setItem(SESSION_STORAGE_KEY, '{"format":2,"meta":{"screen":"result"},"sealed":"…"}');
  lockForTests(); // the page reloads with the new build (passphrase 'zaehltest')
  return sealed;
}

async function typePassphrase(passphrase: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Bitte Passwort eingeben:'), passphrase);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return user;
}

beforeEach(() => {
  localStorage.clear();
  lockForTests();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

describe('the access screen after the passphrase was changed', () => {
  it('asks once for the earlier passphrase and then opens the data with the new one', async () => {
    const sealed = await dataOfAnEarlierPassphrase();
    const onGranted = vi.fn();
    render(<AccessScreen onGranted={onGranted} />);
    const user = await typePassphrase('zaehltest');
    expect(await screen.findByRole('heading', { name: 'Das Passwort wurde geändert' })).toBeTruthy();
    await user.type(screen.getByLabelText('Bisheriges Passwort:'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Daten übernehmen' }));
    expect(await screen.findByText('Das bisherige Passwort stimmt nicht.')).toBeTruthy();
    expect(onGranted).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Bisheriges Passwort:'));
    await user.type(screen.getByLabelText('Bisheriges Passwort:'), 'altes-passwort');
    await user.click(screen.getByRole('button', { name: 'Daten übernehmen' }));
    await vi.waitFor(() => expect(onGranted).toHaveBeenCalledOnce());
    expect(await unseal(sealed, 'children/K7M3QX')).toEqual({ name: 'Mara' });
  });

  it('says plainly what a forgotten earlier passphrase loses before anything is deleted', async () => {
    const sealed = await dataOfAnEarlierPassphrase();
    const onGranted = vi.fn();
    render(<AccessScreen onGranted={onGranted} />);
    const user = await typePassphrase('zaehltest');
    await user.click(await screen.findByRole('button', { name: 'Bisheriges Passwort vergessen' }));
    expect(
      screen.getByRole('alertdialog', { name: 'Ohne das bisherige Passwort sind die Daten verloren' }),
    ).toBeTruthy();
    expect(screen.getByText(/werden sie von diesem Gerät gelöscht/)).toBeTruthy();
    expect(screen.getByText(/Ergebnisse, die schon gesendet wurden, bleiben auf dem Server/)).toBeTruthy();
    // Nothing is gone yet; 'Zurück' leads back to the earlier passphrase.
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    await user.click(screen.getByRole('button', { name: 'Bisheriges Passwort vergessen' }));
    await user.click(
      screen.getByRole('button', { name: 'Daten löschen und mit dem neuen Passwort beginnen' }),
    );
    await vi.waitFor(() => expect(onGranted).toHaveBeenCalledOnce());
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await expect(unseal(sealed, 'children/K7M3QX')).rejects.toThrow();
  });
});
