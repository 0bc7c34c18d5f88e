import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { useStore } from '../store';
import { CancelTest } from './cancel-test';
import { type LeaveFacts, leaveResultsText } from './leave-results';

vi.mock('../store', async () => {
  const { createAppSession } = await import('../store/create-store');
  return createAppSession([]);
});

const t = i18n.t;
const PDF =
  'Das PDF wurde noch nicht gespeichert. Nach „Zurück zum Start“ lässt sich diese Ergebnisseite mit allen Antworten nicht wieder öffnen.';

describe("the dialog of 'Zurück zum Start' says what happens", () => {
  const saved: LeaveFacts = { verlauf: 'ready', upload: 'sent', durable: true };

  it('to a saved child: it stays on the device with this test', () => {
    expect(leaveResultsText(saved, t)).toEqual([
      PDF,
      'Das Kind bleibt mit diesem Test auf diesem Gerät gespeichert: in „Kinder auf diesem Gerät“, im Verlauf und in der Gruppenübersicht (Punkte und Niveaus).',
      'Das Ergebnis ohne Namen ist schon gesendet und bleibt auf dem Server.',
    ]);
    expect(leaveResultsText({ ...saved, verlauf: 'failed' }, t)[1]).toBe(
      'Das Kind bleibt in „Kinder auf diesem Gerät“; ob dieser Test in seinem Verlauf gespeichert ist, ließ sich nicht prüfen.',
    );
  });

  it("to a child of 'Nicht speichern': nothing of it stays on the device", () => {
    expect(leaveResultsText({ ...saved, verlauf: 'not-saved' }, t)[1]).toBe(
      'Das Kind wurde nicht gespeichert („Nicht speichern“): Name, Angaben und Ergebnisse sind danach nicht mehr auf diesem Gerät.',
    );
  });

  it('to the result without the name: sent, waiting, only in this tab, or refused', () => {
    const result = (facts: Partial<LeaveFacts>) => leaveResultsText({ ...saved, ...facts }, t)[2];
    expect(result({ upload: 'saved' })).toMatch(
      /^Das Ergebnis ohne Namen bleibt zum Senden auf diesem Gerät/,
    );
    expect(result({ upload: 'sending' })).toMatch(
      /^Das Ergebnis ohne Namen bleibt zum Senden auf diesem Gerät/,
    );
    // Before the outbox has it, it is queued on the way: it waits as well.
    expect(result({ upload: undefined })).toMatch(/^Das Ergebnis ohne Namen bleibt zum Senden/);
    expect(result({ upload: 'saved', durable: false })).toBe(
      'Achtung: Das Ergebnis ist noch nicht gesendet und nicht dauerhaft gespeichert. Es wird nur gesendet, solange Zähltest in diesem Tab geöffnet bleibt.',
    );
    expect(result({ upload: 'rejected' })).toBe(
      'Der Server hat das Ergebnis nicht angenommen; es bleibt ohne Namen auf diesem Gerät gespeichert.',
    );
  });
});

describe("the dialog of 'Test abbrechen' says what happens", () => {
  function openCancel() {
    render(
      <I18nextProvider i18n={i18n}>
        <CancelTest />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Test abbrechen' }));
    return within(screen.getByRole('alertdialog', { name: 'Test abbrechen' }));
  }

  it('to a saved child: it stays with its code and earlier tests; only this test goes', () => {
    useStore.setState({ user: { ...useStore.getState().user, name: 'Elif', childCode: 'K7M3QX' } });
    expect(openCancel().getByText(/^Beim Abbrechen/).textContent).toBe(
      'Beim Abbrechen werden die Antworten dieses Tests von diesem Gerät gelöscht; es wird nichts gesendet. Das Kind bleibt mit dem Kind-Code K7M3QX und seinen früheren Tests in „Kinder auf diesem Gerät“.',
    );
  });

  it("to a child of 'Nicht speichern': its details go with the answers", () => {
    const { childCode: _none, ...user } = useStore.getState().user;
    useStore.setState({ user: { ...user, name: 'Nur heute' } });
    expect(openCancel().getByText(/^Beim Abbrechen/).textContent).toBe(
      'Beim Abbrechen werden die Angaben zum Kind und die Antworten dieses Tests von diesem Gerät gelöscht; es wird nichts gesendet.',
    );
  });
});
