import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHILD_LANGUAGES, type ChildLanguage, SCHOOL_LEVELS, SCHOOLS } from '../domain/facts';
import { useStore } from '../store';
import type { SchoolLevel, UserData } from '../store/types';

/** docs/product.md §29: the child's details; no validation, every field optional. */
export function UserDataScreen() {
  const { t } = useTranslation();
  const initial = useStore((s) => s.user);
  const startTest = useStore((s) => s.startTest);
  const [user, setUser] = useState<UserData>(initial);
  const ids = { name: useId(), birthdate: useId(), level: useId(), language: useId() };
  const set = (patch: Partial<UserData>) => setUser((u) => ({ ...u, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTest(user);
  };
  const isKita = user.school === 'Kita';
  return (
    <form className="panel user-data" onSubmit={submit}>
      <h1 className="panel-title">{t('userData.title')}</h1>
      <div className="form-row">
        <label htmlFor={ids.name} className="field-label">
          {t('userData.name')}
        </label>
        <input
          id={ids.name}
          type="text"
          className="text-input"
          autoComplete="off"
          value={user.name}
          onChange={(e) => set({ name: e.target.value })}
        />
      </div>
      <div className="form-row">
        <label htmlFor={ids.birthdate} className="field-label">
          {t('userData.birthdate')}
        </label>
        <input
          id={ids.birthdate}
          type="date"
          className="text-input"
          value={user.birthdate}
          onChange={(e) => set({ birthdate: e.target.value })}
        />
      </div>
      <fieldset className="form-row radio-group">
        <legend className="field-label">{t('userData.school')}</legend>
        <div className="radio-options">
          {SCHOOLS.map((school) => (
            <label key={school} className="radio-option">
              <input
                type="radio"
                name="school"
                value={school}
                checked={user.school === school}
                // Kita has no year level: choosing it clears Jahrgang.
                onChange={() => set(school === 'Kita' ? { school, schoolLevel: '' } : { school })}
              />
              <span>{t(`userData.schools.${school}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-row">
        <label htmlFor={ids.level} className="field-label">
          {t('userData.schoolLevel')}
        </label>
        <select
          id={ids.level}
          className="select"
          disabled={isKita}
          value={isKita ? '' : user.schoolLevel}
          onChange={(e) => set({ schoolLevel: e.target.value as SchoolLevel })}
        >
          {SCHOOL_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level === '' ? t('userData.noSchoolLevel') : level}
            </option>
          ))}
        </select>
      </div>
      <div className="form-row">
        <label htmlFor={ids.language} className="field-label">
          {t('userData.language')}
        </label>
        <select
          id={ids.language}
          className="select"
          value={user.language}
          onChange={(e) => set({ language: e.target.value as ChildLanguage })}
        >
          {CHILD_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`userData.languages.${language}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary">
        {t('userData.submit')}
      </button>
    </form>
  );
}
