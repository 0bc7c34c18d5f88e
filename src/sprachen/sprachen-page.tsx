import './sprachen.css';
import { questions } from 'virtual:zaehltest-content';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  type LanguageTextsAnswer,
  progressOf,
  type SprachenLanguage,
  type TextState,
} from '../../schemas/sprachen-api';
import type { Me } from '../../schemas/verwaltung-api';
import { SignedInPage } from '../auswertung/signed-in-page';
import type { Question } from '../content/types';
import { ChildScreenFrame } from '../preview/child-screen-frame';
import { useFailure } from '../verwaltung/shared';
import { loadLanguages, loadTexts } from './api';
import { i18n } from './i18n';
import { TextCard } from './text-card';

/** The page /verwaltung/sprachen (docs/product.md §50), with its own i18n instance. */
export function Page() {
  return (
    <I18nextProvider i18n={i18n}>
      <SignedInPage page="sprachen">
        {(me, sessionEnded) => <Sprachen me={me} onSessionEnded={sessionEnded} />}
      </SignedInPage>
    </I18nextProvider>
  );
}

/** A part of the page: one question's texts, the pack's phrases, or the number words. */
type Part = { kind: 'frage'; id: number } | { kind: 'satz' } | { kind: 'zahlwort' };
const partValue = (part: Part) => (part.kind === 'frage' ? `frage-${part.id}` : part.kind);

/** The picture the child sees first in a question (its main picture, else another of it). */
function pictureOf(question: Question | undefined): string | undefined {
  if (!question) return undefined;
  const fields = question as unknown as Record<string, unknown>;
  for (const field of ['image', 'choiceImage', 'timerImage']) {
    if (typeof fields[field] === 'string') return fields[field] as string;
  }
  return undefined;
}

function Sprachen({ me, onSessionEnded }: { me: Me; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const [languages, setLanguages] = useState<SprachenLanguage[]>();
  const [code, setCode] = useState<string>();
  const [answer, setAnswer] = useState<LanguageTextsAnswer>();
  const [error, setError] = useState('');
  const [part, setPart] = useState<Part>();
  const languageId = useId();
  const partId = useId();

  useEffect(() => {
    loadLanguages()
      .then((loaded) => {
        setLanguages(loaded);
        setCode((before) => before ?? loaded[0]?.code);
      })
      .catch((failure: unknown) => failed(failure, setError));
  }, [failed]);

  useEffect(() => {
    if (!code) return;
    let current = true;
    setAnswer(undefined);
    loadTexts(code)
      .then((loaded) => {
        if (!current) return;
        setAnswer(loaded);
        setPart((before) => before ?? firstPart(loaded.texts));
      })
      .catch((failure: unknown) => failed(failure, (message) => current && setError(message)));
    return () => {
      current = false;
    };
  }, [code, failed]);

  /** A text's new state from an action: replaced in place, the progress counted again. */
  const changed = useCallback((next: TextState) => {
    setAnswer((before) => {
      if (!before) return before;
      const texts = before.texts.map((text) => (text.key === next.key ? next : text));
      return { ...before, texts, progress: progressOf(texts) };
    });
  }, []);

  const parts = useMemo(() => (answer ? partsOf(answer.texts) : []), [answer]);
  const language = languages?.find((candidate) => candidate.code === code);

  if (error)
    return (
      <p role="alert" className="auswertung-error">
        {t('sprachen.loadFailed', { message: error })}
      </p>
    );
  if (!languages) return <p role="status">{t('sprachen.loading')}</p>;
  if (languages.length === 0) return <p className="auswertung-hint">{t('sprachen.noLanguages')}</p>;

  const index = part ? parts.findIndex((candidate) => partValue(candidate) === partValue(part)) : -1;
  const shown = part && answer ? textsOf(answer.texts, part) : [];
  const label = (candidate: Part) =>
    candidate.kind === 'frage'
      ? t('sprachen.question', { id: candidate.id })
      : candidate.kind === 'satz'
        ? t('sprachen.phrases')
        : t('sprachen.numberWords');

  return (
    <div className="sprachen">
      <p className="auswertung-hint">{t('sprachen.intro')}</p>
      <div className="sprachen-choose">
        {languages.length > 1 && (
          <div className="sprachen-field">
            <label htmlFor={languageId}>{t('sprachen.language')}</label>
            <select
              id={languageId}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setPart(undefined);
              }}
            >
              {languages.map((candidate) => (
                <option key={candidate.code} value={candidate.code}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {languages.length === 1 && language && <p className="sprachen-language">{language.name}</p>}
      </div>
      {answer && language && (
        <>
          <p className="sprachen-progress" role="status" data-testid="sprachen-progress">
            <strong>{t('sprachen.progress', { ...answer.progress })}</strong>
            {answer.progress.correctionsPending > 0 && (
              <span> · {t('sprachen.progressPending', { count: answer.progress.correctionsPending })}</span>
            )}
          </p>
          <nav className="sprachen-nav" aria-label={t('sprachen.sections')}>
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              disabled={index <= 0}
              onClick={() => setPart(parts[index - 1])}
            >
              {t('sprachen.previous')}
            </button>
            <div className="sprachen-field">
              <label htmlFor={partId}>{t('sprachen.section')}</label>
              <select
                id={partId}
                value={part ? partValue(part) : ''}
                onChange={(event) =>
                  setPart(parts.find((candidate) => partValue(candidate) === event.target.value))
                }
              >
                {parts.map((candidate) => (
                  <option key={partValue(candidate)} value={partValue(candidate)}>
                    {label(candidate)}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="auswertung-button auswertung-button--quiet"
              disabled={index < 0 || index >= parts.length - 1}
              onClick={() => setPart(parts[index + 1])}
            >
              {t('sprachen.next')}
            </button>
          </nav>
          {part && (
            <PartSection
              key={`${language.code}-${partValue(part)}`}
              heading={label(part)}
              part={part}
              texts={shown}
              language={language}
              me={me}
              onChanged={changed}
              onSessionEnded={onSessionEnded}
            />
          )}
        </>
      )}
      {!answer && <p role="status">{t('sprachen.loading')}</p>}
    </div>
  );
}

/** One question (picture, live preview, its texts), or the phrases, or the number words. */
function PartSection({
  heading,
  part,
  texts,
  language,
  me,
  onChanged,
  onSessionEnded,
}: {
  heading: string;
  part: Part;
  texts: TextState[];
  language: SprachenLanguage;
  me: Me;
  onChanged(text: TextState): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  /** What each text of this part reads now: its draft while a correction is written, else the wording. */
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const setDraft = useCallback((key: string, draft: string | undefined) => {
    setDrafts((before) => {
      const next = { ...before };
      if (draft === undefined) delete next[key];
      else next[key] = draft;
      return next;
    });
  }, []);
  const headingId = useId();
  const question =
    part.kind === 'frage' ? questions.find((candidate) => candidate.id === part.id) : undefined;
  const picture = pictureOf(question);
  const previewTexts = Object.fromEntries(
    texts.map((text) => [text.field, drafts[text.key] ?? text.current]),
  );
  return (
    <section className="auswertung-card sprachen-part" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {part.kind === 'frage' && (
        <div className="sprachen-question">
          {picture && (
            <img className="sprachen-picture" src={picture} alt={t('sprachen.picture', { id: part.id })} />
          )}
          <figure className="sprachen-preview">
            {/* Shown, not used: the child's screen takes no focus and no input from the reviewer. */}
            <div inert>
              <ChildScreenFrame
                selection={{ id: part.id, language: language.code, run: 0, texts: previewTexts }}
                device="landscape"
                title={t('sprachen.preview', { id: part.id })}
                onAnswer={() => undefined}
              />
            </div>
            <figcaption className="auswertung-hint">{t('sprachen.previewHint')}</figcaption>
          </figure>
        </div>
      )}
      <div className="sprachen-texts">
        {texts.map((text) => (
          <TextCard
            key={text.key}
            text={text}
            language={language}
            me={me}
            onDraft={setDraft}
            onChanged={onChanged}
            onSessionEnded={onSessionEnded}
          />
        ))}
      </div>
    </section>
  );
}

function partsOf(texts: readonly TextState[]): Part[] {
  const ids = [...new Set(texts.flatMap((text) => (text.question === null ? [] : [text.question])))];
  return [
    ...ids.map((id): Part => ({ kind: 'frage', id })),
    ...(texts.some((text) => text.group === 'satz') ? [{ kind: 'satz' } as const] : []),
    ...(texts.some((text) => text.group === 'zahlwort') ? [{ kind: 'zahlwort' } as const] : []),
  ];
}

const firstPart = (texts: readonly TextState[]): Part | undefined => partsOf(texts)[0];

function textsOf(texts: readonly TextState[], part: Part): TextState[] {
  return texts.filter((text) =>
    part.kind === 'frage' ? text.question === part.id : text.group === part.kind,
  );
}
