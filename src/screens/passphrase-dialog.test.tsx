import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { PassphraseDialogButton } from './passphrase-dialog';

/** A dialog with one question of its own above the passphrase, as 'Test beenden' has. */
function Example({ onConfirmed }: { onConfirmed(): void }) {
  const [agreed, setAgreed] = useState(false);
  return (
    <PassphraseDialogButton
      label="Beenden"
      className="cancel-test"
      title="Wirklich beenden?"
      passwordLabel="Passwort"
      keepGoingLabel="Weiter"
      confirmLabel="Beenden bestätigen"
      missing={() => (agreed ? null : 'Bitte zustimmen.')}
      onConfirmed={onConfirmed}
      onClosed={() => setAgreed(false)}
    >
      <label>
        <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} /> Zustimmen
      </label>
    </PassphraseDialogButton>
  );
}

function open(onConfirmed = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <Example onConfirmed={onConfirmed} />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Beenden' }));
  return { dialog: within(screen.getByRole('alertdialog', { name: 'Wirklich beenden?' })), onConfirmed };
}

describe("a passphrase dialog of the educator's bar", () => {
  it('asks its own question first, then refuses a wrong passphrase, and acts on the right one', async () => {
    const { dialog, onConfirmed } = open();
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: 'zaehltest' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Beenden bestätigen' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Bitte zustimmen.');
    // Any answer takes the message back.
    fireEvent.click(dialog.getByLabelText('Zustimmen'));
    expect(dialog.queryByRole('alert')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: 'falsch' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Beenden bestätigen' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(i18n.t('access.wrongPassword'));
    expect(onConfirmed).not.toHaveBeenCalled();
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: 'zaehltest' } });
    expect(dialog.queryByRole('alert')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Beenden bestätigen' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
  });

  it('forgets the passphrase and its own answers when it closes', () => {
    const { dialog } = open();
    fireEvent.click(dialog.getByLabelText('Zustimmen'));
    fireEvent.change(dialog.getByLabelText('Passwort'), { target: { value: 'zaehltest' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Weiter' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Beenden' }));
    const again = within(screen.getByRole('alertdialog', { name: 'Wirklich beenden?' }));
    expect((again.getByLabelText('Passwort') as HTMLInputElement).value).toBe('');
    expect((again.getByLabelText('Zustimmen') as HTMLInputElement).checked).toBe(false);
  });
});
