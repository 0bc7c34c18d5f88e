import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Child } from '../children/types';
import { localDay } from '../domain/date';
import type { UserData } from '../store/types';
import { checkBirthdate } from './birthdate';
import { AgeCheckDialog, type BirthdateProblem, ChildFields, EMPTY_CHILD_FORM } from './child-fields';

type Note = { kind: 'added'; name: string; code: string } | { kind: 'failed' };

/**
 * 'Kind hinzufügen' in the list of the device's children (docs/product.md §33): the child's details
 * with the fields and rules of the details form, saved as a new child with a new child code, and no
 * test starts. The form stays open for the next child of the group, keeping Einrichtung, Jahrgang
 * and Sprache. A name is needed here: a child without one could not be found in the list again.
 */
export function AddChild({
  onAdd,
  onClose,
  explainDraft,
}: {
  /** Saves the child; resolves to it as stored, with its code. */
  onAdd(details: UserData): Promise<Child>;
  onClose(): void;
  /** False while the list above already explains '(Entwurf)'. */
  explainDraft: boolean;
}) {
  const { t } = useTranslation();
  const [user, setUser] = useState<UserData>(EMPTY_CHILD_FORM);
  const [birthdateText, setBirthdateText] = useState('');
  const [problem, setProblem] = useState<BirthdateProblem | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const [ageToConfirm, setAgeToConfirm] = useState<{ age: number; user: UserData } | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const ids = { heading: useId(), name: useId(), birthdate: useId() };
  const focus = (id: string) => document.getElementById(id)?.focus();

  const add = async (details: UserData) => {
    setBusy(true);
    try {
      const child = await onAdd(details);
      setNote({ kind: 'added', name: child.name, code: child.code });
      // The next child is likely of the same group: Einrichtung, Jahrgang and Sprache stay.
      setUser({ ...details, name: '', birthdate: '' });
      setBirthdateText('');
      focus(ids.name);
    } catch (error) {
      console.error('The child could not be added on this device', error);
      setNote({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setNote(null);
    if (user.name.trim() === '') {
      setNameMissing(true);
      focus(ids.name);
      return;
    }
    const checked = checkBirthdate(birthdateText, localDay(new Date()));
    if (checked.kind === 'invalid') {
      setProblem(checked.problem);
      focus(ids.birthdate);
      return;
    }
    const details = { ...user, name: user.name.trim(), birthdate: checked.iso };
    if (checked.ageToConfirm !== undefined) setAgeToConfirm({ age: checked.ageToConfirm, user: details });
    else void add(details);
  };

  return (
    <form className="children-add" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="children-add-title">
        {t('children.add.title')}
      </h3>
      <p className="children-note">{t('children.add.hint')}</p>
      {/* Above the fields: the focus goes back to 'Name', so the note is in view on a phone too. */}
      {note?.kind === 'added' && (
        <p className="children-note children-add-done" role="status">
          {t('children.add.added', { name: note.name, code: note.code })}
        </p>
      )}
      {note?.kind === 'failed' && (
        <p className="field-problem" role="alert">
          {t('children.add.failed')}
        </p>
      )}
      <ChildFields
        user={user}
        onChange={(patch) => {
          setUser((now) => ({ ...now, ...patch }));
          if (patch.name !== undefined) setNameMissing(false);
        }}
        birthdateText={birthdateText}
        onBirthdateText={(text) => {
          setBirthdateText(text);
          setProblem(null);
        }}
        problem={problem}
        nameProblem={nameMissing ? t('children.add.nameMissing') : undefined}
        explainDraft={explainDraft}
        ids={ids}
      />
      <div className="children-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('children.add.close')}
        </button>
        <button type="submit" className="button button-secondary button-primary" disabled={busy}>
          {t('children.add.submit')}
        </button>
      </div>
      {ageToConfirm && (
        <AgeCheckDialog
          age={ageToConfirm.age}
          onCorrect={() => {
            setAgeToConfirm(null);
            focus(ids.birthdate);
          }}
          onConfirm={() => {
            const details = ageToConfirm.user;
            setAgeToConfirm(null);
            void add(details);
          }}
        />
      )}
    </form>
  );
}
