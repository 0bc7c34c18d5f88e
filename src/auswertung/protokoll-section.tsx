import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProtokollAnswer, ProtokollEntryAnswer } from '../../schemas/auswertung-api';
import {
  deletionsOfChildCode,
  loadProtokoll,
  normaliseChildCode,
  type ProtokollFilter,
  protokollCsvUrl,
  SessionEnded,
} from './api';
import { ChildCodeForm } from './child-code-form';
import { formatAt } from './format';
import { SectionMessage, type SectionMessageValue } from './section-message';
import { Scroll } from './tables';

const NO_FILTER: ProtokollFilter = { kind: '', from: '', to: '' };

/**
 * The Protokoll (docs/product.md §46): who logged in, exported and deleted what, filtered by kind
 * and day, with its CSV; and the check whether a child code's deletion was carried out. Loaded
 * again whenever the page's statistics are (`refresh`), so a deletion made here shows at once.
 */
export function ProtokollSection({
  refresh,
  version,
  onSessionEnded,
}: {
  refresh: unknown;
  /** Raised when something recorded happened here without the statistics loading again (an Auskunft). */
  version: number;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProtokollFilter>(NO_FILTER);
  const [filter, setFilter] = useState<ProtokollFilter>(NO_FILTER);
  const [answer, setAnswer] = useState<ProtokollAnswer>();
  const [error, setError] = useState('');
  const [typed, setTyped] = useState('');
  const [check, setCheck] = useState<SectionMessageValue>();
  const [found, setFound] = useState<ProtokollEntryAnswer[]>([]);

  const failed = (failure: unknown, show: (message: string) => void) => {
    if (failure instanceof SessionEnded) onSessionEnded();
    else show((failure as Error).message);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` and `version` are the triggers to load again.
  useEffect(() => {
    let current = true;
    setError('');
    loadProtokoll(filter)
      .then((loaded) => current && setAnswer(loaded))
      .catch((failure: unknown) => current && failed(failure, setError));
    return () => {
      current = false;
    };
  }, [filter, refresh, version]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(form);
  };

  const checkCode = async () => {
    setFound([]);
    const code = normaliseChildCode(typed);
    if (!code) {
      setCheck({ kind: 'error', text: t('auswertung.removeChild.invalid') });
      return;
    }
    try {
      const deletions = await deletionsOfChildCode(code);
      setFound(deletions);
      setCheck({
        kind: 'done',
        text: deletions.length
          ? t('auswertung.protokoll.checkFound', { code, count: deletions.length })
          : t('auswertung.protokoll.checkNone', { code, months: answer?.months ?? 24 }),
      });
    } catch (failure) {
      failed(failure, (message) => setCheck({ kind: 'error', text: message }));
    }
  };

  const field = (name: keyof ProtokollFilter) => ({
    id: `protokoll-${name}`,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  return (
    <section className="auswertung-card auswertung-no-print" aria-labelledby="protokoll-heading">
      <h2 id="protokoll-heading">{t('auswertung.protokoll.heading')}</h2>
      <p className="auswertung-hint">{t('auswertung.protokoll.intro', { months: answer?.months ?? 24 })}</p>
      <form onSubmit={apply} className="auswertung-protokoll-form">
        <label htmlFor="protokoll-kind">{t('auswertung.protokoll.kind')}</label>
        <select {...field('kind')}>
          <option value="">{t('auswertung.protokoll.allKinds')}</option>
          {answer?.kinds.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor="protokoll-from">{t('auswertung.protokoll.from')}</label>
        <input type="date" min="1900-01-01" max="2999-12-31" {...field('from')} />
        <label htmlFor="protokoll-to">{t('auswertung.protokoll.to')}</label>
        <input type="date" min="1900-01-01" max="2999-12-31" {...field('to')} />
        <button type="submit" className="auswertung-button">
          {t('auswertung.protokoll.show')}
        </button>
        <a className="auswertung-button auswertung-button--quiet" href={protokollCsvUrl(filter)} download>
          {t('auswertung.protokoll.csv')}
        </a>
      </form>
      {error && (
        <p role="alert" className="auswertung-error">
          {t('auswertung.protokoll.failed', { message: error })}
        </p>
      )}
      {!answer && !error && <p className="auswertung-hint">{t('auswertung.protokoll.loading')}</p>}
      {answer && (
        <>
          <p className="auswertung-hint" role="status">
            {answer.total === 0
              ? t('auswertung.protokoll.empty')
              : answer.total > answer.entries.length
                ? t('auswertung.protokoll.truncated', { limit: answer.limit, total: answer.total })
                : t('auswertung.protokoll.shown', { count: answer.total })}
          </p>
          {answer.entries.length > 0 && (
            <Scroll label={t('auswertung.protokoll.caption')}>
              <table className="auswertung-table auswertung-table--protokoll">
                <caption>{t('auswertung.protokoll.caption')}</caption>
                <thead>
                  <tr>
                    {(['at', 'kind', 'actor', 'count', 'detail'] as const).map((column) => (
                      <th key={column} scope="col" className={column === 'count' ? 'num' : undefined}>
                        {t(`auswertung.protokoll.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {answer.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatAt(entry.at, answer.timeZone)}</td>
                      <td>{entry.kindLabel}</td>
                      <td>{entry.actor}</td>
                      <td className="num">{entry.count ?? ''}</td>
                      <td>{entry.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          )}
        </>
      )}
      <h3>{t('auswertung.protokoll.checkHeading')}</h3>
      <p className="auswertung-hint">{t('auswertung.protokoll.checkIntro')}</p>
      <ChildCodeForm
        id="protokoll-child-code"
        value={typed}
        onChange={setTyped}
        onSubmit={() => void checkCode()}
        label={t('auswertung.protokoll.check')}
      />
      <SectionMessage message={check} />
      {found.length > 0 && (
        <ul className="auswertung-protokoll-found">
          {found.map((entry) => (
            <li key={entry.id}>
              {t('auswertung.protokoll.checkEntry', {
                at: formatAt(entry.at, answer?.timeZone ?? 'Europe/Berlin'),
                count: entry.count ?? 0,
                actor: entry.actor,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
