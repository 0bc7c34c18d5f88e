import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { type Filter, NO_FILTER, type Statistics } from './api';
import { describeFilter, FilterForm } from './filter-section';
import { languageName } from './format';
import { i18n } from './i18n';
import { LevelSection } from './level-section';
import { OverviewSection } from './overview-section';

/** An overview of five Turkish results, `unusual` of them counted per language. */
const overview = (unusualProfiles: Statistics['overview']['unusualProfiles']): Statistics['overview'] => ({
  total: 5,
  byLanguage: [{ key: '2', n: 5 }],
  bySchool: [{ key: 'Kita', n: 5 }],
  bySchoolLevel: [{ key: null, n: 5 }],
  byMonth: [{ key: '2026-11', n: 5 }],
  contentVersions: [],
  sites: [],
  bySound: [],
  soundExcluded: 0,
  endedEarly: [],
  endedExcluded: 0,
  unusualProfiles,
});

const inI18n = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('unusual profiles on /auswertung (docs/product.md §28)', () => {
  it('counts them per language in the overview, or says there are none', () => {
    const { unmount } = inI18n(
      <OverviewSection
        overview={overview([
          { language: '2', n: 4 },
          { language: '3', n: 1 },
        ])}
        onShowAll={() => {}}
      />,
    );
    const counts = screen.getByTestId('unusual-counts');
    const table = within(counts).getByRole('table', { name: 'Ungewöhnliches Profil nach Sprache' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // The languages by the names of their packs ('Türkisch', with '(Entwurf)' while a draft).
    expect(rows).toEqual([`${languageName(i18n.t, '2')}4`, `${languageName(i18n.t, '3')}1`]);
    expect(rows[0]).toMatch(/^Türkisch/);
    expect(counts.textContent).toContain(
      'ein niedrigeres Niveau nicht erreicht, obwohl ein höheres erreicht ist',
    );
    unmount();
    inI18n(<OverviewSection overview={overview([])} onShowAll={() => {}} />);
    expect(screen.getByTestId('unusual-counts').textContent).toBe(
      'Kein Ergebnis mit ungewöhnlichem Profil (unter den übrigen Filtern).',
    );
  });

  it("offers 'Profil' in the filter form, 'alle' by default, and names a choice among the active filters", () => {
    const onApply = vi.fn<(next: Filter) => void>();
    inI18n(<FilterForm filter={NO_FILTER} versions={[]} sites={[]} onApply={onApply} />);
    const profile = screen.getByLabelText('Profil') as HTMLSelectElement;
    expect([...profile.options].map((option) => [option.value, option.text])).toEqual([
      ['alle', 'alle'],
      ['nur', 'nur ungewöhnliche'],
      ['ohne', 'ohne ungewöhnliche'],
    ]);
    expect(profile.value).toBe('alle');
    fireEvent.change(profile, { target: { value: 'nur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anwenden' }));
    expect(onApply).toHaveBeenCalledWith({ ...NO_FILTER, profile: 'nur' });
    expect(describeFilter({ ...NO_FILTER, sound: 'alle', ended: 'alle', profile: 'ohne' }, i18n.t)).toBe(
      'Aktive Filter: Profil: ohne ungewöhnliche',
    );
  });

  it('notes under the levels that an unusual profile keeps the specification’s level', () => {
    inI18n(
      <LevelSection levels={{ n: 1, test: 'erster', minChildren: 30, byLanguage: [], byAgeBand: [] }} />,
    );
    expect(screen.getByTestId('levels-unusual-note').textContent).toContain(
      'behalten das Niveau nach der Regel der Spezifikation',
    );
  });
});
