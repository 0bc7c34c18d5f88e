import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../schemas/test-languages';
import { newChildCode } from '../children/code';
import { hasScreeningConsent, type ParentalConsent, researchConsentOf } from '../children/consent';
import { childrenRepository } from '../children/repository';
import type { Child } from '../children/types';
import { userOfChild } from '../children/user-of-child';
import { defaultChildLanguage } from '../content/languages';
import { germanDate, localDay } from '../domain/date';
import { ParentLetterButton } from '../letters/letter-button';
import { useStore } from '../store';
import type { UserData } from '../store/types';
import { useUpdatesRefresh } from '../updates/use-updates-refresh';
import { BackupPanel, CHILDREN_CHANGED_EVENT } from './backup-panel';
import { checkBirthdate } from './birthdate';
import { AgeCheckDialog, type BirthdateProblem, ChildFields, EMPTY_CHILD_FORM } from './child-fields';
import { type ChildrenList, ChildrenOfDevice } from './children-of-device';
import { ConsentPanel, ConsentRequiredDialog, recordConsent } from './consent-panel';
import { SiteSetting } from './site-setting';

/** Who the form is for: a new child, a child of the list, or a child taken over by its code. */
type Entry = { kind: 'new' } | { kind: 'known'; child: Child } | { kind: 'adopted'; code: string };

/** The child as the device stores it, from the form's details. */
function childOf(
  details: UserData,
  code: string,
  createdAt: string,
  updatedAt: string,
  consent?: ParentalConsent,
): Child {
  return {
    code,
    name: details.name,
    birthDate: details.birthdate,
    school: details.school,
    schoolLevel: details.schoolLevel,
    language: details.language,
    ...(consent ? { consent } : {}),
    createdAt,
    updatedAt,
  };
}

/**
 * docs/product.md §29: the child's details, every field optional. The birth date is typed as
 * TT.MM.JJJJ in every browser language (a date input shows mm/dd/yyyy in an English browser) and
 * stored as YYYY-MM-DD; an impossible date is refused, an age outside 3 to 11 asks first (§21).
 * Above the form, the children of this device (docs/product.md, children of the device): 'Test
 * beginnen' saves a new child (with a new child code) or updates the chosen one; 'Nicht speichern'
 * tests without keeping the child; 'Kind hinzufügen' in the list saves a child without a test. The
 * bottom of the screen is kept for the backup panel. Under the details, the parents' consent
 * (docs/product.md §48); a build with CONSENT_REQUIRED asks for it before a test begins.
 */
export function UserDataScreen() {
  const { t } = useTranslation();
  useUpdatesRefresh();
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
  /** The parents' consent of the child in the form: the chosen child's, or one recorded for a new child. */
  const [consent, setConsent] = useState<ParentalConsent | undefined>(undefined);
  /** CONSENT_REQUIRED: the test waiting for a consent to be recorded. */
  const [consentNeeded, setConsentNeeded] = useState<{ details: UserData; save: boolean } | null>(null);
  /** Which submit button was pressed: 'Test beginnen' saves the child, 'Nicht speichern' does not. */
  const save = useRef(true);
  const ids = { name: useId(), birthdate: useId() };
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
        if (chosen) {
          setEntry((now) => {
            if (now.kind !== 'adopted' || now.code !== chosen.code) return now;
            setConsent(chosen.consent);
            return { kind: 'known', child: chosen };
          });
        }
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
    setConsent(child.consent);
    fill(userOfChild(child));
  };
  const startNew = () => {
    setEntry({ kind: 'new' });
    setConsent(undefined);
    fill(EMPTY_CHILD_FORM);
    document.getElementById(ids.name)?.focus();
  };
  const adopt = (code: string): boolean => {
    const known = list.kind === 'ready' ? list.children.find(({ child }) => child.code === code) : undefined;
    if (known) {
      select(known.child);
      return true;
    }
    setEntry({ kind: 'adopted', code });
    setConsent(undefined);
    fill({ ...EMPTY_CHILD_FORM, childCode: code });
    document.getElementById(ids.name)?.focus();
    return false;
  };

  /**
   * The consent changed in the panel: a child of the list keeps it at once (and a research consent
   * taken away goes to the server); a new child's is saved with the child when its test begins.
   */
  const changeConsent = async (next: ParentalConsent | undefined) => {
    if (entry.kind === 'known') {
      const updated = await recordConsent(entry.child, next);
      setEntry({ kind: 'known', child: updated });
      setRevision((n) => n + 1);
    }
    setConsent(next);
  };

  /**
   * Saves the child (new, updated or taken over) and starts the test with its code. With
   * CONSENT_REQUIRED, a child without a screening consent is asked for one first.
   */
  const begin = async (
    details: UserData,
    saveChild: boolean,
    given: ParentalConsent | undefined = consent,
  ) => {
    if (__CONSENT_REQUIRED__ && !hasScreeningConsent(given)) {
      setConsentNeeded({ details, save: saveChild });
      return;
    }
    const { childCode: _previous, ...form } = details;
    if (!saveChild) {
      // Not kept: the consent goes with this test only.
      startTest({ ...form, researchConsent: researchConsentOf(given) });
      return;
    }
    setStarting(true);
    const now = new Date().toISOString();
    const code =
      entry.kind === 'known' ? entry.child.code : entry.kind === 'adopted' ? entry.code : newChildCode();
    // A test in German beside the home language (a bilingual profile, docs/product.md §44) keeps the
    // child's language; the test itself runs in German.
    const home =
      entry.kind === 'known' && form.language === GERMAN && entry.child.language !== GERMAN
        ? { ...form, language: entry.child.language }
        : form;
    const child = childOf(home, code, entry.kind === 'known' ? entry.child.createdAt : now, now, given);
    // One code never names two children of the device (docs/product.md, child code): a new child's
    // code is drawn again while the device has it; a code taken over that the device has already
    // is that child's, whose details are kept and tested.
    let tested = child;
    try {
      const repository = childrenRepository();
      if (entry.kind === 'known') {
        // A consent recorded in the dialog just now may take research away: recordConsent tells the server.
        if (given !== entry.child.consent) await recordConsent(entry.child, given);
        await repository.saveChild(child);
      } else if (entry.kind === 'adopted') tested = await repository.adoptChild(child);
      else tested = await repository.addNewChild(child);
    } catch (error) {
      // The test still runs and is uploaded with the code; only the list misses the child.
      console.error('The child could not be saved on this device', error);
    }
    const { childCode: _code, ...testedForm } = tested === child ? details : userOfChild(tested);
    startTest({ ...testedForm, childCode: tested.code, researchConsent: researchConsentOf(tested.consent) });
  };

  /** 'Kind hinzufügen': a new child with a new code on the device's list, without a test. */
  const addChild = async (details: UserData): Promise<Child> => {
    const now = new Date().toISOString();
    const added = await childrenRepository().addNewChild(childOf(details, newChildCode(), now, now));
    setRevision((n) => n + 1);
    return added;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (starting) return;
    const saveChild = save.current;
    save.current = true;
    const checked = checkBirthdate(birthdateText, localDay(new Date()));
    if (checked.kind === 'invalid') {
      setProblem(checked.problem);
      document.getElementById(ids.birthdate)?.focus();
      return;
    }
    const details = { ...user, birthdate: checked.iso };
    if (checked.ageToConfirm !== undefined) {
      setAgeToConfirm({ age: checked.ageToConfirm, user: details, save: saveChild });
    } else void begin(details, saveChild);
  };
  const code = entry.kind === 'known' ? entry.child.code : entry.kind === 'adopted' ? entry.code : undefined;
  return (
    <div className="user-data-screen">
      <ChildrenOfDevice
        list={list}
        selectedCode={code}
        onSelect={select}
        onNew={startNew}
        onAdopt={adopt}
        onAdd={addChild}
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
        {entry.kind === 'known' && (
          <p className="child-letter-line">
            <ParentLetterButton name={user.name} birthdate={user.birthdate} language={user.language} />
          </p>
        )}
        <ChildFields
          user={user}
          onChange={set}
          birthdateText={birthdateText}
          onBirthdateText={(text) => {
            setBirthdateText(text);
            setProblem(null);
          }}
          problem={problem}
          ids={ids}
        />
        <ConsentPanel
          consent={consent}
          onChange={changeConsent}
          required={__CONSENT_REQUIRED__}
          note={entry.kind === 'known' ? undefined : t('consent.newChildHint')}
        />
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
        {consentNeeded && (
          <ConsentRequiredDialog
            consent={consent}
            onClose={() => setConsentNeeded(null)}
            onSave={(next) => {
              const { details, save: saveChild } = consentNeeded;
              setConsentNeeded(null);
              setConsent(next);
              void begin(details, saveChild, next);
            }}
          />
        )}
        {ageToConfirm && (
          <AgeCheckDialog
            age={ageToConfirm.age}
            onCorrect={() => {
              setAgeToConfirm(null);
              document.getElementById(ids.birthdate)?.focus();
            }}
            onConfirm={() => {
              const { user: details, save: saveChild } = ageToConfirm;
              setAgeToConfirm(null);
              void begin(details, saveChild);
            }}
          />
        )}
      </form>
      <BackupPanel />
    </div>
  );
}
