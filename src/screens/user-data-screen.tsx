import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { germanDate } from '../domain/date';
import { CHILD_LANGUAGES, type ChildLanguage, SCHOOL_LEVELS, SCHOOLS } from '../domain/facts';
import { localDay } from '../results/format';
import { useStore } from '../store';
import type { SchoolLevel, UserData } from '../store/types';
import { Dialog } from '../ui/dialog';
import { BackupPanel } from './backup-panel';
import { ageInYears, type BirthdateEntry, MAX_AGE, MIN_AGE, parseBirthdate } from './birthdate';

type BirthdateProblem = Extract<BirthdateEntry, { kind: 'invalid' }>['problem'];

/**
 * docs/product.md §29: the child's details, every field optional. The birth date is typed as
 * TT.MM.JJJJ in every browser language (a date input shows mm/dd/yyyy in an English browser) and
 * stored as YYYY-MM-DD; an impossible date is refused, an age outside 3 to 11 asks first (§21).
 */
export function UserDataScreen() {
  const { t } = useTranslation();
  const initial = useStore((s) => s.user);
  const startTest = useStore((s) => s.startTest);
  const [user, setUser] = useState<UserData>(initial);
  const [birthdateText, setBirthdateText] = useState(() => germanDate(initial.birthdate));
  const [problem, setProblem] = useState<BirthdateProblem | null>(null);
  const [ageToConfirm, setAgeToConfirm] = useState<{ age: number; user: UserData } | null>(null);
  const ids = { name: useId(), birthdate: useId(), level: useId(), language: useId(), problem: useId() };
  const set = (patch: Partial<UserData>) => setUser((u) => ({ ...u, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const today = localDay(new Date().toISOString());
    const entry = parseBirthdate(birthdateText, today);
    if (entry.kind === 'invalid') {
      setProblem(entry.problem);
      document.getElementById(ids.birthdate)?.focus();
      return;
    }
    const details = { ...user, birthdate: entry.kind === 'date' ? entry.iso : '' };
    const age = entry.kind === 'date' ? ageInYears(entry.iso, today) : undefined;
    if (age !== undefined && (age < MIN_AGE || age > MAX_AGE)) setAgeToConfirm({ age, user: details });
    else startTest(details);
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
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('userData.birthdatePlaceholder')}
          className="text-input"
          aria-invalid={problem !== null}
          aria-describedby={problem ? ids.problem : undefined}
          value={birthdateText}
          onChange={(e) => {
            setBirthdateText(e.target.value);
            setProblem(null);
          }}
        />
        {problem && (
          <p id={ids.problem} className="field-problem" role="alert">
            {t(`userData.birthdateProblems.${problem}`)}
          </p>
        )}
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
      {ageToConfirm && (
        <Dialog title={t('userData.ageTitle')} onClose={() => setAgeToConfirm(null)}>
          <p className="dialog-text">{t('userData.ageQuestion', { count: ageToConfirm.age })}</p>
          <div className="dialog-buttons">
            <button
              type="button"
              className="button"
              data-autofocus
              onClick={() => {
                setAgeToConfirm(null);
                document.getElementById(ids.birthdate)?.focus();
              }}
            >
              {t('userData.ageCorrect')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => startTest(ageToConfirm.user)}
            >
              {t('userData.ageConfirm')}
            </button>
          </div>
        </Dialog>
      )}
      <BackupPanel />
    </form>
  );
}
