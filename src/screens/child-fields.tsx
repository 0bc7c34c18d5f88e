import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { childLanguages, defaultChildLanguage, isDraftLanguage, languageLabel } from '../content/languages';
import { type ChildLanguage, SCHOOL_LEVELS, SCHOOLS } from '../domain/facts';
import type { SchoolLevel, UserData } from '../store/types';
import { Dialog } from '../ui/dialog';
import type { BirthdateCheck } from './birthdate';
import { DraftLanguageNote } from './draft-language-note';

export type BirthdateProblem = Extract<BirthdateCheck, { kind: 'invalid' }>['problem'];

/** The details of a new child before anything is typed: Kita and the pack marked `default: true`. */
export const EMPTY_CHILD_FORM: UserData = {
  name: '',
  birthdate: '',
  school: 'Kita',
  schoolLevel: '',
  language: defaultChildLanguage,
};

/**
 * The fields of a child's details (docs/product.md §29): Name, Geburtsdatum (typed as TT.MM.JJJJ in
 * every browser language, §21), Einrichtung, Jahrgang and Sprache, every one optional. The details
 * form above 'Test beginnen' and 'Kind hinzufügen' in the list of the device's children share them.
 * `ids` name the two fields a form focuses when it refuses what was typed.
 */
export function ChildFields({
  user,
  onChange,
  birthdateText,
  onBirthdateText,
  problem,
  nameProblem,
  explainDraft = true,
  ids,
}: {
  user: UserData;
  onChange(patch: Partial<UserData>): void;
  birthdateText: string;
  onBirthdateText(text: string): void;
  problem: BirthdateProblem | null;
  /** Why the name is refused, where a name is needed ('Kind hinzufügen'). */
  nameProblem?: string;
  /** Whether to explain '(Entwurf)' under 'Sprache' (not when a note just above says it already). */
  explainDraft?: boolean;
  ids: { name: string; birthdate: string };
}) {
  const { t } = useTranslation();
  const own = { level: useId(), language: useId(), problem: useId(), nameProblem: useId(), draft: useId() };
  // One radio group per form: two forms on the screen must not share a group name.
  const schoolGroup = useId();
  const isKita = user.school === 'Kita';
  const draftShown = explainDraft && childLanguages.some((code) => isDraftLanguage(code));
  return (
    <>
      <div className="form-row">
        <label htmlFor={ids.name} className="field-label">
          {t('userData.name')}
        </label>
        <input
          id={ids.name}
          type="text"
          className="text-input"
          autoComplete="off"
          aria-invalid={nameProblem !== undefined}
          aria-describedby={nameProblem ? own.nameProblem : undefined}
          value={user.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        {nameProblem && (
          <p id={own.nameProblem} className="field-problem" role="alert">
            {nameProblem}
          </p>
        )}
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
          aria-describedby={problem ? own.problem : undefined}
          value={birthdateText}
          onChange={(e) => onBirthdateText(e.target.value)}
        />
        {problem && (
          <p id={own.problem} className="field-problem" role="alert">
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
                name={schoolGroup}
                value={school}
                checked={user.school === school}
                // Kita has no year level: choosing it clears Jahrgang.
                onChange={() => onChange(school === 'Kita' ? { school, schoolLevel: '' } : { school })}
              />
              <span>{t(`userData.schools.${school}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="form-row">
        <label htmlFor={own.level} className="field-label">
          {t('userData.schoolLevel')}
        </label>
        <select
          id={own.level}
          className="select"
          disabled={isKita}
          value={isKita ? '' : user.schoolLevel}
          onChange={(e) => onChange({ schoolLevel: e.target.value as SchoolLevel })}
        >
          {SCHOOL_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level === '' ? t('userData.noSchoolLevel') : level}
            </option>
          ))}
        </select>
      </div>
      <div className="form-row">
        <label htmlFor={own.language} className="field-label">
          {t('userData.language')}
        </label>
        <select
          id={own.language}
          className="select"
          aria-describedby={draftShown ? own.draft : undefined}
          value={user.language}
          onChange={(e) => onChange({ language: e.target.value as ChildLanguage })}
        >
          {childLanguages.map((language) => (
            <option key={language} value={language}>
              {languageLabel(language)}
            </option>
          ))}
        </select>
        {explainDraft && (
          <DraftLanguageNote languages={childLanguages} className="children-note" id={own.draft} />
        )}
      </div>
    </>
  );
}

/** 'Alter prüfen' (§21): the age is outside 3 to 11 years; correct the date or confirm it. */
export function AgeCheckDialog({
  age,
  onCorrect,
  onConfirm,
}: {
  age: number;
  onCorrect(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('userData.ageTitle')} onClose={onCorrect}>
      <p className="dialog-text">{t('userData.ageQuestion', { count: age })}</p>
      <div className="dialog-buttons">
        <button type="button" className="button" data-autofocus onClick={onCorrect}>
          {t('userData.ageCorrect')}
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm}>
          {t('userData.ageConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
