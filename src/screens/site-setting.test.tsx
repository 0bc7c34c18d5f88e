import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { de } from '../i18n/de';
import { SITE_STORAGE_KEY } from '../settings/site';
import { PlainHttpWarning } from './plain-http-warning';
import { SiteDetail, SiteSetting } from './site-setting';

function renderSetting() {
  const onSubmit = vi.fn((e: Event) => e.preventDefault());
  render(
    <I18nextProvider i18n={i18n}>
      {/* Inside a form, as on the details screen: Enter must save the code, not start the test. */}
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <SiteSetting />
      </form>
    </I18nextProvider>,
  );
  return { onSubmit, input: screen.getByLabelText(de.site.label) };
}

afterEach(() => localStorage.clear());

describe('SiteSetting', () => {
  it('saves a valid code in capitals, shows it, and Enter does not submit the details form', () => {
    const { onSubmit, input } = renderSetting();
    expect(screen.getByText(de.site.none)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'kita-017' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(localStorage.getItem(SITE_STORAGE_KEY)).toBe('KITA-017');
    expect(screen.getByRole('status').textContent).toBe('Gespeichert: KITA-017');
    expect(screen.getByText('Einrichtungskennung: KITA-017')).toBeTruthy();
  });

  it('refuses a code with other characters, a leading "-" or more than 20 characters, in German', () => {
    localStorage.setItem(SITE_STORAGE_KEY, 'KITA-001');
    const { input } = renderSetting();
    const cases: [string, string][] = [
      ['KITA 017', de.site.problems.characters],
      ['=1+1', de.site.problems.characters],
      ['-KITA', de.site.problems.start],
      ['K'.repeat(21), de.site.problems.length],
    ];
    for (const [value, message] of cases) {
      fireEvent.change(input, { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: de.site.save }));
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(localStorage.getItem(SITE_STORAGE_KEY)).toBe('KITA-001');
    }
  });

  it('removes the code when the field is emptied', () => {
    localStorage.setItem(SITE_STORAGE_KEY, 'KITA-001');
    const { input } = renderSetting();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: de.site.save }));
    expect(localStorage.getItem(SITE_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(de.site.cleared);
  });
});

describe('SiteDetail', () => {
  it('shows the code on the results page, and nothing without one', () => {
    const { container, unmount } = render(
      <I18nextProvider i18n={i18n}>
        <dl>
          <SiteDetail />
        </dl>
      </I18nextProvider>,
    );
    expect(container.querySelector('dd')).toBeNull();
    unmount();
    localStorage.setItem(SITE_STORAGE_KEY, 'KITA-017');
    render(
      <I18nextProvider i18n={i18n}>
        <dl>
          <SiteDetail />
        </dl>
      </I18nextProvider>,
    );
    expect(screen.getByTestId('result-site').textContent).toBe('KITA-017');
  });
});

describe('PlainHttpWarning', () => {
  it('warns on plain HTTP from another machine only', () => {
    const { rerender } = render(<PlainHttpWarning plain />);
    expect(screen.getByTestId('plain-http-warning').textContent).toContain('docs/deploy.md');
    rerender(<PlainHttpWarning plain={false} />);
    expect(screen.queryByTestId('plain-http-warning')).toBeNull();
  });
});
