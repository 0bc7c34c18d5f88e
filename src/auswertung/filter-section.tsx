import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { germanDate } from '../domain/date';
import {
  CHILD_TESTS,
  type Count,
  ENDED_CHOICES,
  type Filter,
  fromAfterTo,
  NO_FILTER,
  PROFILE_CHOICES,
  SOUND_CHOICES,
  UNDERSTANDING_CHOICES,
} from './api';
import { ANY_DRAFT_LANGUAGE, LANGUAGE_CODES, languageName, SCHOOLS, schoolName, type T } from './format';

export function describeFilter(filter: Filter, t: T): string {
  const parts: string[] = [];
  if (filter.from) parts.push(`${t('auswertung.filter.from')} ${germanDate(filter.from)}`);
  if (filter.to) parts.push(`${t('auswertung.filter.to')} ${germanDate(filter.to)}`);
  if (filter.language) parts.push(languageName(t, filter.language));
  if (filter.school) parts.push(schoolName(t, filter.school));
  if (filter.version)
    parts.push(
      filter.version === 'ohne'
        ? t('auswertung.filter.withoutVersion')
        : `${t('auswertung.filter.version')} ${filter.version}`,
    );
  if (filter.site) parts.push(`${t('auswertung.filter.site')} ${filter.site}`);
  if (filter.sound !== 'alle') parts.push(t(`auswertung.filter.sounds.${filter.sound}`));
  if (filter.ended !== 'alle')
    parts.push(`${t('auswertung.filter.ended')}: ${t(`auswertung.filter.endedChoices.${filter.ended}`)}`);
  if (filter.understanding !== 'alle')
    parts.push(`${t('auswertung.filter.understanding')}: ${filter.understanding}`);
  if (filter.profile !== 'alle')
    parts.push(`${t('auswertung.filter.profile')}: ${t(`auswertung.filter.profiles.${filter.profile}`)}`);
  // The default (first test) is named in the statistics' own notes (per-child-note.tsx).
  if (filter.test !== 'erster')
    parts.push(`${t('auswertung.filter.test')}: ${t(`auswertung.filter.tests.${filter.test}`)}`);
  return parts.length
    ? t('auswertung.filter.active', { filters: parts.join(' · ') })
    : t('auswertung.filter.none');
}

export function FilterForm({
  filter,
  versions,
  sites,
  ownSites,
  onApply,
}: {
  filter: Filter;
  versions: Count[];
  /** The codes present under the other filters. */
  sites: Count[];
  /** An account limited to some Einrichtungen (a Kita-Leitung) is offered exactly these. */
  ownSites?: readonly string[] | undefined;
  onApply(next: Filter): void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filter);
  const [refused, setRefused] = useState(false);
  useEffect(() => setDraft(filter), [filter]);
  const set = <K extends keyof Filter>(key: K, value: Filter[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A period that ends before it begins would show 0 results as if there were none.
    setRefused(fromAfterTo(draft));
    if (!fromAfterTo(draft)) onApply(draft);
  };
  // The selected version stays selectable even when the current selection has no result with it.
  const versionKeys = versions.map((entry) => entry.key ?? 'ohne');
  if (filter.version && !versionKeys.includes(filter.version)) versionKeys.push(filter.version);
  const siteKeys = ownSites
    ? [...ownSites]
    : sites.flatMap((entry) => (entry.key === null ? [] : [entry.key]));
  if (filter.site && !siteKeys.includes(filter.site)) siteKeys.push(filter.site);

  const anyOption = { value: '', label: t('auswertung.filter.any') };
  const field = <K extends keyof Filter>(name: K) => ({
    name,
    value: draft[name],
    onChange: (value: string) => set(name, value as Filter[K]),
  });

  return (
    <section className="auswertung-card auswertung-filter" aria-labelledby="filter-heading">
      <h2 id="filter-heading">{t('auswertung.filter.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.filter.hint')}</p>
      {ANY_DRAFT_LANGUAGE && <p className="auswertung-hint">{t('auswertung.draftNote')}</p>}
      <form onSubmit={submit} className="auswertung-filter-form">
        <FilterField {...field('from')} label={t('auswertung.filter.from')} invalid={refused} />
        <FilterField {...field('to')} label={t('auswertung.filter.to')} invalid={refused} />
        <FilterField
          {...field('language')}
          label={t('auswertung.filter.language')}
          options={[
            anyOption,
            ...LANGUAGE_CODES.map((code) => ({ value: code, label: languageName(t, code) })),
          ]}
        />
        <FilterField
          {...field('school')}
          label={t('auswertung.filter.school')}
          options={[anyOption, ...SCHOOLS.map((school) => ({ value: school, label: schoolName(t, school) }))]}
        />
        <FilterField
          {...field('version')}
          label={t('auswertung.filter.version')}
          options={[
            anyOption,
            ...versionKeys.map((key) => ({
              value: key,
              label: key === 'ohne' ? t('auswertung.filter.withoutVersion') : key,
            })),
          ]}
        />
        <FilterField
          {...field('site')}
          label={t('auswertung.filter.site')}
          options={[anyOption, ...siteKeys.map((key) => ({ value: key, label: key }))]}
        />
        <FilterField
          {...field('sound')}
          label={t('auswertung.filter.sound')}
          options={SOUND_CHOICES.map((choice) => ({
            value: choice,
            label: t(`auswertung.filter.sounds.${choice}`),
          }))}
        />
        <FilterField
          {...field('ended')}
          label={t('auswertung.filter.ended')}
          options={ENDED_CHOICES.map((choice) => ({
            value: choice,
            label: t(`auswertung.filter.endedChoices.${choice}`),
          }))}
        />
        <FilterField
          {...field('understanding')}
          label={t('auswertung.filter.understanding')}
          options={UNDERSTANDING_CHOICES.map((choice) => ({ value: choice, label: choice }))}
        />
        <FilterField
          {...field('profile')}
          label={t('auswertung.filter.profile')}
          options={PROFILE_CHOICES.map((choice) => ({
            value: choice,
            label: t(`auswertung.filter.profiles.${choice}`),
          }))}
        />
        <FilterField
          {...field('test')}
          label={t('auswertung.filter.test')}
          options={CHILD_TESTS.map((choice) => ({
            value: choice,
            label: t(`auswertung.filter.tests.${choice}`),
          }))}
        />
        <div className="auswertung-filter-buttons">
          <button type="submit" className="auswertung-button">
            {t('auswertung.filter.apply')}
          </button>
          <button
            type="button"
            className="auswertung-button auswertung-button--quiet"
            onClick={() => {
              setDraft(NO_FILTER);
              setRefused(false);
              onApply(NO_FILTER);
            }}
          >
            {t('auswertung.filter.reset')}
          </button>
        </div>
      </form>
      {refused && (
        <p role="alert" className="auswertung-error">
          {t('auswertung.filter.fromAfterTo')}
        </p>
      )}
    </section>
  );
}

/**
 * One field of the filter form: its label and a select of `options`, or without options a date
 * input. The id is `filter-<name>`, the form field's name `name`.
 */
function FilterField({
  name,
  label,
  value,
  onChange,
  options,
  invalid = false,
}: {
  name: keyof Filter;
  label: string;
  value: string;
  onChange(value: string): void;
  options?: { value: string; label: string }[];
  invalid?: boolean;
}) {
  const id = `filter-${name}`;
  return (
    <div className="auswertung-field">
      <label htmlFor={id}>{label}</label>
      {options ? (
        <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="date"
          name={name}
          value={value}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
