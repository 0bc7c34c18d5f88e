import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChildCodeProblem, parseChildCode } from '../children/code';
import type { Child } from '../children/types';
import { isDraftLanguage, languageLabel } from '../content/languages';
import { germanDate } from '../domain/date';
import { BlankLetter } from '../letters/letter-button';
import type { UserData } from '../store/types';
import { AddChild } from './add-child';
import { DraftLanguageNote } from './draft-language-note';

/** One collator for every comparison (`localeCompare` with a locale sets one up per call). */
const byName = new Intl.Collator('de');

/** A child of the list with the day of its last test ('' when never tested). */
export interface ListedChild {
  child: Child;
  lastTestDate: string;
}

export type ChildrenList =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; children: ListedChild[] };

/**
 * 'Kinder auf diesem Gerät' above the details form (docs/product.md, children of the device): the
 * saved children with a search field, 'Kind auswählen' per child, 'Kind hinzufügen' (a child on the
 * list without a test), 'Neues Kind', 'Kind mit Code übernehmen' and the way to the Gruppenübersicht.
 */
export function ChildrenOfDevice({
  list,
  selectedCode,
  onSelect,
  onNew,
  onAdopt,
  onAdd,
  onOverview,
}: {
  list: ChildrenList;
  selectedCode: string | undefined;
  onSelect(child: Child): void;
  onNew(): void;
  /** A well-formed code was typed; returns true when it belongs to a child already on the device. */
  onAdopt(code: string): boolean;
  /** 'Kind hinzufügen': saves a new child without a test; resolves to it as stored. */
  onAdd(details: UserData): Promise<Child>;
  onOverview(): void;
}) {
  const { t } = useTranslation();
  const ids = { heading: useId(), search: useId(), code: useId(), codeProblem: useId() };
  const [query, setQuery] = useState('');
  const [adopting, setAdopting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [codeText, setCodeText] = useState('');
  const [codeProblem, setCodeProblem] = useState<ChildCodeProblem | null>(null);
  const [adoptNote, setAdoptNote] = useState<string | null>(null);
  const children = list.kind === 'ready' ? list.children : [];
  // The texts every item shares, once per list rather than once per child (300 children).
  const texts = useMemo(
    () => ({
      noName: t('children.noName'),
      lastTest: t('children.columns.lastTest'),
      notTested: t('children.notTested'),
      select: t('children.select'),
    }),
    [t],
  );
  const shown = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('de');
    const matching = needle
      ? children.filter(
          ({ child }) =>
            child.name.toLocaleLowerCase('de').includes(needle) || child.code.toLowerCase().includes(needle),
        )
      : children;
    return [...matching].sort((a, b) => byName.compare(a.child.name, b.child.name));
  }, [children, query]);

  const shownLanguages = useMemo(() => shown.map(({ child }) => child.language), [shown]);

  const adopt = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseChildCode(codeText);
    if (!parsed.ok) {
      setCodeProblem(parsed.problem);
      document.getElementById(ids.code)?.focus();
      return;
    }
    const known = onAdopt(parsed.code);
    setAdopting(false);
    setCodeText('');
    setAdoptNote(known ? t('children.adopt.known') : null);
  };

  return (
    <section className="panel children-panel" aria-labelledby={ids.heading}>
      <div className="children-head">
        <h2 id={ids.heading} className="children-title">
          {t('children.heading')}
        </h2>
        <div className="children-head-buttons">
          <BlankLetter />
          <button type="button" className="button button-secondary" onClick={onOverview}>
            {t('children.overview')}
          </button>
        </div>
      </div>
      {list.kind === 'loading' && <p className="children-note">{t('children.loading')}</p>}
      {list.kind === 'failed' && (
        <p className="children-note field-problem" role="alert">
          {t('children.loadFailed')}
        </p>
      )}
      {list.kind === 'ready' && children.length === 0 && (
        <p className="children-note">{t('children.none')}</p>
      )}
      {children.length > 0 && (
        <>
          <div className="form-row">
            <label htmlFor={ids.search} className="field-label">
              {t('children.search')}
            </label>
            <input
              id={ids.search}
              type="search"
              className="text-input"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          {shown.length === 0 ? (
            <p className="children-note">{t('children.noMatch', { query: query.trim() })}</p>
          ) : (
            <ul className="children-list">
              {shown.map(({ child, lastTestDate }) => {
                const name = child.name || texts.noName;
                const selected = child.code === selectedCode;
                return (
                  <li key={child.code} className={selected ? 'children-item is-selected' : 'children-item'}>
                    <div className="children-item-text">
                      <strong className="children-name" dir="auto">
                        {name}
                      </strong>
                      <span className="children-facts">
                        {[
                          child.birthDate ? germanDate(child.birthDate) : null,
                          languageLabel(child.language),
                          `${texts.lastTest}: ${lastTestDate ? germanDate(lastTestDate) : texts.notTested}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </div>
                    {selected ? (
                      <span className="children-selected">{t('children.selected')}</span>
                    ) : (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={t('children.selectNamed', { name })}
                        onClick={() => {
                          setAdoptNote(null);
                          onSelect(child);
                        }}
                      >
                        {texts.select}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <DraftLanguageNote languages={shownLanguages} className="children-note" />
        </>
      )}
      <div className="children-actions">
        {!adding && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setAdding(true);
              setAdopting(false);
              setAdoptNote(null);
            }}
          >
            {t('children.add.open')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setAdoptNote(null);
            onNew();
          }}
        >
          {t('children.newChild')}
        </button>
        {!adopting && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setAdopting(true);
              setAdding(false);
              setAdoptNote(null);
            }}
          >
            {t('children.adopt.open')}
          </button>
        )}
      </div>
      {adding && (
        <AddChild
          onAdd={onAdd}
          onClose={() => setAdding(false)}
          explainDraft={!shownLanguages.some((code) => isDraftLanguage(code))}
        />
      )}
      {adoptNote && (
        <p className="children-note" role="status">
          {adoptNote}
        </p>
      )}
      {adopting && (
        <form className="children-adopt" onSubmit={adopt} noValidate>
          <p className="children-note">{t('children.adopt.hint')}</p>
          <div className="form-row">
            <label htmlFor={ids.code} className="field-label">
              {t('children.adopt.label')}
            </label>
            <input
              id={ids.code}
              type="text"
              className="text-input children-code-input"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="K7M3QX"
              aria-invalid={codeProblem !== null}
              aria-describedby={codeProblem ? ids.codeProblem : undefined}
              value={codeText}
              onChange={(e) => {
                setCodeText(e.target.value);
                setCodeProblem(null);
              }}
            />
            {codeProblem && (
              <p id={ids.codeProblem} className="field-problem" role="alert">
                {t(`children.adopt.problems.${codeProblem}`)}
              </p>
            )}
          </div>
          <div className="children-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setAdopting(false);
                setCodeProblem(null);
              }}
            >
              {t('children.adopt.cancel')}
            </button>
            <button type="submit" className="button button-secondary button-primary">
              {t('children.adopt.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
