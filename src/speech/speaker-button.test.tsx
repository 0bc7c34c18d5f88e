import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { PromptProvider, usePromptSession } from './prompt-context';
import type { PromptSession } from './prompt-session';
import { SpeakerButton } from './speaker-button';

let session: PromptSession | undefined;

function QuestionCorner() {
  session = usePromptSession(2, 'tr', { situationText: 'İyi dinle.', questionText: 'Kaç?' });
  return (
    <PromptProvider session={session}>
      <SpeakerButton />
    </PromptProvider>
  );
}

describe('SpeakerButton', () => {
  it('is off in a test without sound: a tap says why, and nothing is logged as a replay', async () => {
    // jsdom has no speech synthesis and the test build no recordings: a test without sound.
    render(
      <I18nextProvider i18n={i18n}>
        <QuestionCorner />
      </I18nextProvider>,
    );
    // While the voices are still sought it is the ordinary button, as on every device at first.
    expect(screen.getByRole('button', { name: 'Nochmal vorlesen' })).toBeTruthy();
    const off = await waitFor(() =>
      screen.getByRole('button', {
        name: 'Nochmal vorlesen: aus, kein Ton für diese Sprache auf diesem Gerät',
      }),
    );
    expect(off.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(off);
    expect(screen.getByRole('status').textContent).toBe(
      'Kein Ton: Für diese Sprache gibt es auf diesem Gerät weder Aufnahmen noch eine Stimme. Bitte lesen Sie die Texte selbst vor.',
    );
    expect(session?.record().replays).toBe(0);
    fireEvent.click(off);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
