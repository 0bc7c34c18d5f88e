import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { PromptProvider, usePromptSession } from './prompt-context';
import { SpeakerButton } from './speaker-button';

function QuestionCorner() {
  const session = usePromptSession(2, 'tr', { situationText: 'İyi dinle.', questionText: 'Kaç?' });
  return (
    <PromptProvider session={session}>
      <SpeakerButton />
    </PromptProvider>
  );
}

describe('SpeakerButton', () => {
  it('is gone once the device turns out to have neither a voice nor recordings of the language', async () => {
    // jsdom has no speech synthesis and the test build no recordings: a test without sound.
    render(
      <I18nextProvider i18n={i18n}>
        <QuestionCorner />
      </I18nextProvider>,
    );
    // While the voices are still sought it stands, as on every device at first.
    expect(screen.getByRole('button', { name: 'Nochmal vorlesen' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Nochmal vorlesen' })).toBeNull());
  });
});
