import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Count, type Filter, fromAfterTo, NO_FILTER, SOUND_CHOICES } from './api';
import { germanDay, LANGUAGE_CODES, languageName, SCHOOLS, schoolName, type T } from './format';

export function describeFilter(filter: Filter, t: T): string {
  const parts: string[] = [];
  if (filter.from) parts.push(`${t('auswertung.filter.from')} ${germanDay(filter.from)}`);
  if (filter.to) parts.push(`${t('auswertung.filter.to')} ${germanDay(filter.to)}`);
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
  return parts.length
    ? t('auswertung.filter.active', { filters: parts.join(' · ') })
    : t('auswertung.filter.none');
}

export function FilterForm({
  filter,
  versions,
  sites,
  onApply,
}: {
  filter: Filter;
  versions: Count[];
  /** The codes present under the other filters. */
  sites: Count[];
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
  const siteKeys = sites.flatMap((entry) => (entry.key === null ? [] : [entry.key]));
  if (filter.site && !siteKeys.includes(filter.site)) siteKeys.push(filter.site);

  return (
    <section className="auswertung-card auswertung-filter" aria-labelledby="filter-heading">
      <h2 id="filter-heading">{t('auswertung.filter.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.filter.hint')}</p>
      <form onSubmit={submit} className="auswertung-filter-form">
        <div className="auswertung-field">
          <label htmlFor="filter-from">{t('auswertung.filter.from')}</label>
          <input
            id="filter-from"
            type="date"
            name="from"
            value={draft.from}
            aria-invalid={refused || undefined}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-to">{t('auswertung.filter.to')}</label>
          <input
            id="filter-to"
            type="date"
            name="to"
            value={draft.to}
            aria-invalid={refused || undefined}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-language">{t('auswertung.filter.language')}</label>
          <select
            id="filter-language"
            name="language"
            value={draft.language}
            onChange={(event) => set('language', event.target.value as Filter['language'])}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code}>
                {languageName(t, code)}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-school">{t('auswertung.filter.school')}</label>
          <select
            id="filter-school"
            name="school"
            value={draft.school}
            onChange={(event) => set('school', event.target.value as Filter['school'])}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {SCHOOLS.map((school) => (
              <option key={school} value={school}>
                {schoolName(t, school)}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-version">{t('auswertung.filter.version')}</label>
          <select
            id="filter-version"
            name="version"
            value={draft.version}
            onChange={(event) => set('version', event.target.value)}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {versionKeys.map((key) => (
              <option key={key} value={key}>
                {key === 'ohne' ? t('auswertung.filter.withoutVersion') : key}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-site">{t('auswertung.filter.site')}</label>
          <select
            id="filter-site"
            name="site"
            value={draft.site}
            onChange={(event) => set('site', event.target.value)}
          >
            <option value="">{t('auswertung.filter.any')}</option>
            {siteKeys.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        </div>
        <div className="auswertung-field">
          <label htmlFor="filter-sound">{t('auswertung.filter.sound')}</label>
          <select
            id="filter-sound"
            name="sound"
            value={draft.sound}
            onChange={(event) => set('sound', event.target.value as Filter['sound'])}
          >
            {SOUND_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`auswertung.filter.sounds.${choice}`)}
              </option>
            ))}
          </select>
        </div>
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
