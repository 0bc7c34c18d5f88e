import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newChildCode } from '../children/code';
import { childrenRepository } from '../children/repository';
import type { Child } from '../children/types';
import { childLanguages, defaultChildLanguage, languageLabel } from '../content/languages';
import { germanDate, localDay } from '../domain/date';
import { type ChildLanguage, SCHOOL_LEVELS, SCHOOLS } from '../domain/facts';
import { useStore } from '../store';
import type { SchoolLevel, UserData } from '../store/types';
import { Dialog } from '../ui/dialog';
import { BackupPanel, CHILDREN_CHANGED_EVENT } from './backup-panel';
import { ageInYears, type BirthdateEntry, MAX_AGE, MIN_AGE, parseBirthdate } from './birthdate';
import { type ChildrenList, ChildrenOfDevice } from './children-of-device';
import { SiteSetting } from './site-setting';

type BirthdateProblem = Extract<BirthdateEntry, { kind: 'invalid' }>['problem'];

/** Who the form is for: a new child, a child of the list, or a child taken over by its code. */
type Entry = { kind: 'new' } | { kind: 'known'; child: Child } | { kind: 'adopted'; code: string };

const EMPTY_FORM: UserData = {
  name: '',
  birthdate: '',
  school: 'Kita',
  schoolLevel: '',
  language: defaultChildLanguage,
};

function userOf(child: Child): UserData {
  return {
    name: child.name,
    birthdate: child.birthDate,
    school: child.school,
    schoolLevel: child.schoolLevel,
    language: child.language,
    childCode: child.code,
  };
}

/**
 * docs/product.md §29: the child's details, every field optional. The birth date is typed as
 * TT.MM.JJJJ in every browser language (a date input shows mm/dd/yyyy in an English browser) and
 * stored as YYYY-MM-DD; an impossible date is refused, an age outside 3 to 11 asks first (§21).
 * Above the form, the children of this device (docs/product.md, children of the device): 'Test
 * beginnen' saves a new child (with a new child code) or updates the chosen one; 'Nicht speichern'
 * tests without keeping the child. The bottom of the screen is kept for the backup panel.
 */
export function UserDataScreen() {
  const { t } = useTranslation();
  const initial = useStore((s) => s.user);
  const startTest = useStore((s) => s.startTest);
  const openOverview = useStore((s) => s.openOverview);
  // The store's empty child has no language (docs/product.md, languages as content): the form
  // starts with the default pack's, as its select shows it, so an untouched select is tested in it.
  const [user, setUser] = useState<UserData>(() =>
    initial.language ? initial : { ...initial, language: defaultChildLanguage },
  );
  const [birthdateText, setBirthdateText] = useState(() => germanDate(initial.birthdate));
  const [problem, setProblem] = useState<BirthdateProblem | null>(null);
  const [ageToConfirm, setAgeToConfirm] = useState<{ age: number; user: UserData; save: boolean } | null>(
    null,
  );
  const [list, setList] = useState<ChildrenList>({ kind: 'loading' });
  const [entry, setEntry] = useState<Entry>(() =>
    initial.childCode ? { kind: 'adopted', code: initial.childCode } : { kind: 'new' },
  );
  const [starting, setStarting] = useState(false);
  /** Which submit button was pressed: 'Test beginnen' saves the child, 'Nicht speichern' does not. */
  const save = useRef(true);
  const ids = { name: useId(), birthdate: useId(), level: useId(), language: useId(), problem: useId() };
  const set = (patch: Partial<UserData>) => setUser((u) => ({ ...u, ...patch }));

  // A restored backup (backup-panel.tsx) announces new children; the list is read again.
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    const reread = () => setRevision((n) => n + 1);
    window.addEventListener(CHILDREN_CHANGED_EVENT, reread);
    return () => window.removeEventListener(CHILDREN_CHANGED_EVENT, reread);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` re-reads the list after a restore
  useEffect(() => {
    let current = true;
    const repository = childrenRepository();
    Promise.all([repository.listChildren(), repository.lastTestDates()]).then(
      ([children, lastTests]) => {
        if (!current) return;
        setList({
          kind: 'ready',
          children: children.map((child) => ({ child, lastTestDate: lastTests.get(child.code) ?? '' })),
        });
        // Back from 'Bist du bereit?': the child chosen before is still the chosen one.
        const chosen = children.find((child) => child.code === initial.childCode);
        if (chosen)
          setEntry((now) =>
            now.kind === 'adopted' && now.code === chosen.code ? { kind: 'known', child: chosen } : now,
          );
      },
      (error: unknown) => {
        console.error('The children of this device could not be read', error);
        if (current) setList({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [initial.childCode, revision]);

  const fill = (details: UserData) => {
    setUser(details);
    setBirthdateText(germanDate(details.birthdate));
    setProblem(null);
  };
  const select = (child: Child) => {
    setEntry({ kind: 'known', child });
    fill(userOf(child));
  };
  const startNew = () => {
    setEntry({ kind: 'new' });
    fill(EMPTY_FORM);
    document.getElementById(ids.name)?.focus();
  };
  const adopt = (code: string): boolean => {
    const known = list.kind === 'ready' ? list.children.find(({ child }) => child.code === code) : undefined;
    if (known) {
      select(known.child);
      return true;
    }
    setEntry({ kind: 'adopted', code });
    fill({ ...EMPTY_FORM, childCode: code });
    document.getElementById(ids.name)?.focus();
    return false;
  };

  /** Saves the child (new, updated or taken over) and starts the test with its code. */
  const begin = async (details: UserData, saveChild: boolean) => {
    const { childCode: _previous, ...form } = details;
    if (!saveChild) {
      startTest(form);
      return;
    }
    setStarting(true);
    const now = new Date().toISOString();
    const code =
      entry.kind === 'known' ? entry.child.code : entry.kind === 'adopted' ? entry.code : newChildCode();
    const child: Child = {
      code,
      name: form.name,
      birthDate: form.birthdate,
      school: form.school,
      schoolLevel: form.schoolLevel,
      language: form.language,
      createdAt: entry.kind === 'known' ? entry.child.createdAt : now,
      updatedAt: now,
    };
    // One code never names two children of the device (docs/product.md, child code): a new child's
    // code is drawn again while the device has it; a code taken over that the device has already
    // is that child's, whose details are kept and tested.
    let tested = child;
    try {
      const repository = childrenRepository();
      if (entry.kind === 'known') await repository.saveChild(child);
      else if (entry.kind === 'adopted') tested = await repository.adoptChild(child);
      else tested = await repository.addNewChild(child);
    } catch (error) {
      // The test still runs and is uploaded with the code; only the list misses the child.
      console.error('The child could not be saved on this device', error);
    }
    const { childCode: _code, ...testedForm } = tested === child ? details : userOf(tested);
    startTest({ ...testedForm, childCode: tested.code });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (starting) return;
    const saveChild = save.current;
    save.current = true;
    const today = localDay(new Date().toISOString());
    const parsed = parseBirthdate(birthdateText, today);
    if (parsed.kind === 'invalid') {
      setProblem(parsed.problem);
      document.getElementById(ids.birthdate)?.focus();
      return;
    }
    const details = { ...user, birthdate: parsed.kind === 'date' ? parsed.iso : '' };
    const age = parsed.kind === 'date' ? ageInYears(parsed.iso, today) : undefined;
    if (age !== undefined && (age < MIN_AGE || age > MAX_AGE)) {
      setAgeToConfirm({ age, user: details, save: saveChild });
    } else void begin(details, saveChild);
  };
  const isKita = user.school === 'Kita';
  const code = entry.kind === 'known' ? entry.child.code : entry.kind === 'adopted' ? entry.code : undefined;
  return (
    <div className="user-data-screen">
      <ChildrenOfDevice
        list={list}
        selectedCode={code}
        onSelect={select}
        onNew={startNew}
        onAdopt={adopt}
        onOverview={openOverview}
      />
      <form className="panel user-data" onSubmit={submit}>
        <h1 className="panel-title">{t('userData.title')}</h1>
        <p className="child-code-line" data-testid="child-code">
          {entry.kind === 'known'
            ? t('children.codeKnown', { code: entry.child.code })
            : entry.kind === 'adopted'
              ? t('children.codeAdopted', { code: entry.code })
              : t('children.codeNew')}
        </p>
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
            {childLanguages.map((language) => (
              <option key={language} value={language}>
                {languageLabel(language)}
              </option>
            ))}
          </select>
        </div>
        <SiteSetting />
        <div className="user-data-submit">
          <button
            type="submit"
            className="button button-primary"
            disabled={starting}
            onClick={() => {
              save.current = true;
            }}
          >
            {t('userData.submit')}
          </button>
          <button
            type="submit"
            className="button"
            disabled={starting}
            onClick={() => {
              save.current = false;
            }}
          >
            {t('children.doNotSave')}
          </button>
        </div>
        <p className="children-note">{t('children.doNotSaveHint')}</p>
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
                onClick={() => {
                  const { user: details, save: saveChild } = ageToConfirm;
                  setAgeToConfirm(null);
                  void begin(details, saveChild);
                }}
              >
                {t('userData.ageConfirm')}
              </button>
            </div>
          </Dialog>
        )}
      </form>
      <BackupPanel />
    </div>
  );
}
