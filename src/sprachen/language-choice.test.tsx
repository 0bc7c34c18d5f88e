import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../auswertung/i18n';
import { LanguageChoice, languageList } from './language-choice';

/** The languages of a Sprachprüfung on /verwaltung's account form (docs/product.md §50). */

function Form({ start }: { start: string[] }) {
  const [chosen, setChosen] = useState(start);
  return (
    <I18nextProvider i18n={i18n}>
      <LanguageChoice chosen={chosen} onChange={setChosen} />
      <output data-testid="chosen">{chosen.join(',')}</output>
    </I18nextProvider>
  );
}

describe('LanguageChoice', () => {
  it('offers every child language but German, one checkbox each, and keeps the order of ticking', () => {
    render(<Form start={['ar']} />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => box.parentElement?.textContent)).toEqual([
      'Türkisch',
      'Arabisch',
      'Rumänisch',
      'Ukrainisch',
    ]);
    expect(screen.queryByRole('checkbox', { name: 'Deutsch' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Arabisch' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Türkisch' })).toHaveProperty('checked', false);

    // Türkisch comes before Arabisch in the list; ticked after it, it comes after it.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Türkisch' }));
    expect(screen.getByTestId('chosen').textContent).toBe('ar,tr');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Arabisch' }));
    expect(screen.getByTestId('chosen').textContent).toBe('tr');
    expect(screen.getByRole('checkbox', { name: 'Arabisch' })).toHaveProperty('checked', false);
  });

  it("names an account's languages in German, and a dash for none", () => {
    expect(languageList(['tr', 'ar'])).toBe('Türkisch, Arabisch');
    expect(languageList([])).toBe('–');
  });
});
