import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './site-setting.css';
import { SITE_MAX_LENGTH } from '../domain/facts';
import {
  normalizeSite,
  readSite,
  SITE_CHANGED_EVENT,
  type SiteProblem,
  saveSite,
  siteProblem,
} from '../settings/site';
import { ENROLMENT_CHANGED_EVENT, readEnrolment } from '../tablet/enrolment';

/**
 * The device setting 'Einrichtungskennung' (docs/product.md, deployment), behind the passphrase on
 * the details screen: folded away, since it is set once per tablet. It lives inside the details
 * form, so it is no form of its own: Enter in its field saves it instead of starting the test.
 */
export function SiteSetting() {
  const [enrolment, setEnrolment] = useState(readEnrolment);
  useEffect(() => {
    const reread = () => setEnrolment(readEnrolment());
    window.addEventListener(ENROLMENT_CHANGED_EVENT, reread);
    return () => window.removeEventListener(ENROLMENT_CHANGED_EVENT, reread);
  }, []);
  // An enrolled tablet's Einrichtung comes from its enrolment (docs/product.md §51).
  if (enrolment) return <EnrolledSite code={enrolment.site.code} name={enrolment.site.name} />;
  return <TypedSiteSetting />;
}

function EnrolledSite({ code, name }: { code: string; name: string }) {
  const { t } = useTranslation();
  return (
    <p className="form-row panel-text site-enrolled" data-testid="site-enrolled">
      {t('site.enrolled', { site: code, name })}
    </p>
  );
}

/** The hand-typed Einrichtungskennung of a tablet that is not enrolled. */
function TypedSiteSetting() {
  const { t } = useTranslation();
  const [stored, setStored] = useState(() => readSite() ?? '');
  const [text, setText] = useState(stored);
  const [problem, setProblem] = useState<SiteProblem | undefined>();
  const [notice, setNotice] = useState<'saved' | 'cleared' | 'failed' | undefined>();
  const ids = { input: useId(), hint: useId(), problem: useId() };

  // A restored backup may bring the code back (src/storage/backup.ts): the line shows it at once.
  useEffect(() => {
    const reread = () => {
      const now = readSite() ?? '';
      setStored(now);
      setText(now);
      setProblem(undefined);
    };
    window.addEventListener(SITE_CHANGED_EVENT, reread);
    return () => window.removeEventListener(SITE_CHANGED_EVENT, reread);
  }, []);

  const save = () => {
    const value = normalizeSite(text);
    const found = siteProblem(value);
    setProblem(found);
    if (found) {
      setNotice(undefined);
      document.getElementById(ids.input)?.focus();
      return;
    }
    if (!saveSite(value)) {
      setNotice('failed');
      return;
    }
    setStored(value);
    setText(value);
    setNotice(value === '' ? 'cleared' : 'saved');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    save();
  };

  return (
    <details className="form-row site-setting">
      <summary className="field-label">
        {stored ? t('site.current', { site: stored }) : t('site.none')}
      </summary>
      <div className="site-setting-body">
        <p id={ids.hint} className="panel-text">
          {t('site.hint')}
        </p>
        <label htmlFor={ids.input} className="field-label">
          {t('site.label')}
        </label>
        <input
          id={ids.input}
          type="text"
          className="text-input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="KITA-017"
          // A little room above the limit, so that a pasted, too long code is told, not cut.
          maxLength={SITE_MAX_LENGTH + 10}
          aria-invalid={problem !== undefined}
          aria-describedby={problem ? `${ids.hint} ${ids.problem}` : ids.hint}
          value={text}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(undefined);
            setNotice(undefined);
          }}
        />
        {problem && (
          <p id={ids.problem} className="field-problem" role="alert">
            {t(`site.problems.${problem}`)}
          </p>
        )}
        <button type="button" className="button" onClick={save}>
          {t('site.save')}
        </button>
        <p role="status" className="panel-text">
          {notice === 'saved' && t('site.saved', { site: stored })}
          {notice === 'cleared' && t('site.cleared')}
          {notice === 'failed' && t('site.saveFailed')}
        </p>
      </div>
    </details>
  );
}

/** The 'Einrichtungskennung' as one detail of the results page, when the device has one. */
export function SiteDetail() {
  const { t } = useTranslation();
  const [site] = useState(readSite);
  if (!site) return null;
  return (
    <div className="result-detail">
      <dt>{t('site.resultLabel')}</dt>
      <dd data-testid="result-site">{site}</dd>
    </div>
  );
}
