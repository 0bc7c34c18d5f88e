import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupedCode, isAppleMobile, TabletSetUp } from './tablet-enrolment';

const IPAD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'Tablet einrichten' on the access screen (docs/product.md §51)", () => {
  it('groups what is typed by four, in capitals, keeping what is no code character to be named', () => {
    expect(groupedCode('7kq2m4xp9trc')).toBe('7KQ2-M4XP-9TRC');
    expect(groupedCode('7kq2 m4xp-9trc')).toBe('7KQ2-M4XP-9TRC');
    expect(groupedCode('7KQ2-M4')).toBe('7KQ2-M4');
    expect(groupedCode('7ko2')).toBe('7KO2');
  });

  it('opens with the code of a #einrichten= link filled in, and takes the code out of the address', () => {
    history.replaceState(null, '', '/?x=1#einrichten=7KQ2M4XP9TRC');
    render(<TabletSetUp />);
    expect(screen.getByLabelText('Code (12 Zeichen)')).toHaveProperty('value', '7KQ2-M4XP-9TRC');
    expect(location.hash).toBe('');
    expect(location.search).toBe('?x=1');
  });

  it('names a letter that is not in the code before asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<TabletSetUp />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tablet einrichten' }));
    await user.type(screen.getByLabelText('Code (12 Zeichen)'), '7KQ2-M4XP-9TRO');
    await user.click(screen.getByRole('button', { name: 'Einrichten' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Diese Zeichen kommen im Code nicht vor: O. Der Code enthält keine 0, O, 1, I und L – bitte prüfen Sie die Eingabe.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says that setting up needs HTTPS on a page without WebCrypto', async () => {
    vi.stubGlobal('isSecureContext', false);
    render(<TabletSetUp />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tablet einrichten' }));
    await user.type(screen.getByLabelText('Code (12 Zeichen)'), '7KQ2M4XP9TRC');
    await user.click(screen.getByRole('button', { name: 'Einrichten' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Tablet einrichten geht nur über HTTPS/);
  });

  it('tells on an iPad that a scanned link sets up Safari, not the installed app', async () => {
    vi.stubGlobal('navigator', { ...navigator, userAgent: IPAD_SAFARI, maxTouchPoints: 5 });
    expect(isAppleMobile()).toBe(true);
    render(<TabletSetUp />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tablet einrichten' }));
    expect(screen.getByText(/ein gescannter Link richtet nur Safari ein, nicht die App/)).toBeTruthy();
  });

  it('says nothing of iPads elsewhere', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      maxTouchPoints: 0,
    });
    render(<TabletSetUp />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tablet einrichten' }));
    expect(screen.queryByText(/Safari/)).toBeNull();
  });
});
