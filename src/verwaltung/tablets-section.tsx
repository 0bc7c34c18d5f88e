import { type CSSProperties, type FormEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { MIN_PASSPHRASE_LENGTH } from '../../schemas/access-passphrase';
import {
  MAX_CODES_PER_REQUEST,
  MAX_TABLET_NAME_LENGTH,
  type NewEnrolmentCodes,
  SILENT_TABLET_DAYS,
  type SiteTablets,
  type TabletRow,
  UNENROLLED_WINDOW_DAYS,
} from '../../schemas/tablets-api';
import { ConfirmDialog, SectionMessage, type SectionMessageValue } from '../auswertung/section-message';
import { Scroll } from '../auswertung/tables';
import { createCodes, loadTablets, revokeTablet, setSitePassphrase } from './api';
import { useAct, useFailure, useFormatTime, useLoaded } from './shared';
import './tablets.css';

/**
 * 'Tablets' (docs/product.md §51): per Einrichtung the enrolled tablets with their state, 'Tablet
 * hinzufügen' (codes with QR codes, printed on one A4 page), 'Abmelden' and the passphrase of the
 * Einrichtung; above them, the recent results of tablets that are not enrolled. The Verwaltung sees
 * every Einrichtung, a Kita-Leitung hers (the server decides: server/tablets/routes.ts).
 */
export function TabletsSection({
  version,
  onChanged,
  onSessionEnded,
}: {
  /** Raised on every change of the page: the list loads again. */
  version: number;
  onChanged(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const [message, setMessage] = useState<SectionMessageValue>();
  const [codes, setCodes] = useState<NewEnrolmentCodes>();
  const [revoking, setRevoking] = useState<TabletRow>();
  const dialog = useRef<HTMLDialogElement>(null);
  const overview = useLoaded(loadTablets, version, failed, (text) => setMessage({ kind: 'error', text }));

  /** Runs a change; on success shows `done` and lets the page load again. */
  const act = useAct(failed, setMessage, onChanged);
  const nameOf = (tablet: TabletRow) => tablet.name || t('verwaltung.tablets.unnamed');

  return (
    <section id="tablets" className="auswertung-card" aria-labelledby="tablets-heading">
      <h2 id="tablets-heading">{t('verwaltung.tablets.heading')}</h2>
      <p className="auswertung-hint">{t('verwaltung.tablets.intro')}</p>
      <SectionMessage message={message} />
      {codes && <CodeSheet codes={codes} onClose={() => setCodes(undefined)} />}
      {/* On paper the sheet alone: a copy outside the page's root, which printing leaves out (tablets.css). */}
      {codes && createPortal(<PrintedCodes codes={codes} />, document.body)}
      {overview && <Unenrolled rows={overview.unenrolled} />}
      {overview?.sites.length === 0 && <p>{t('verwaltung.tablets.none')}</p>}
      {overview?.sites.map((site) => (
        <SiteSection
          key={site.code}
          site={site}
          act={act}
          onCodes={setCodes}
          onRevoke={(tablet) => {
            setRevoking(tablet);
            dialog.current?.showModal();
          }}
        />
      ))}
      <ConfirmDialog
        dialog={dialog}
        id="revoke-tablet"
        heading={t('verwaltung.tablets.revokeHeading', { name: revoking ? nameOf(revoking) : '' })}
        text={t('verwaltung.tablets.revokeText')}
        confirmLabel={t('verwaltung.tablets.revokeConfirm')}
        onConfirm={() => {
          dialog.current?.close();
          const tablet = revoking;
          if (tablet)
            void act(
              () => revokeTablet(tablet.id),
              () =>
                setMessage({ kind: 'done', text: t('verwaltung.tablets.revoked', { name: nameOf(tablet) }) }),
            );
        }}
      />
    </section>
  );
}

type Act = <R>(action: () => Promise<R>, done: (result: R) => void) => Promise<boolean>;

/** How many results came from tablets that are not enrolled, per site code (the switch to 'enrolled'). */
function Unenrolled({ rows }: { rows: { site: string | null; results: number }[] }) {
  const { t } = useTranslation();
  return (
    <section className="verwaltung-subform" aria-labelledby="unenrolled-heading">
      <h3 id="unenrolled-heading">{t('verwaltung.tablets.unenrolled.heading')}</h3>
      <p className="auswertung-hint">
        {t('verwaltung.tablets.unenrolled.intro', { days: UNENROLLED_WINDOW_DAYS })}
      </p>
      {rows.length === 0 ? (
        <p data-testid="unenrolled">
          {t('verwaltung.tablets.unenrolled.none', { days: UNENROLLED_WINDOW_DAYS })}
        </p>
      ) : (
        <ul data-testid="unenrolled">
          {rows.map((row) => (
            <li key={row.site ?? ''}>
              {t('verwaltung.tablets.unenrolled.row', {
                site: row.site ?? t('verwaltung.tablets.unenrolled.withoutCode'),
                count: row.results,
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One Einrichtung: its tablets, 'Tablet hinzufügen' and its passphrase. */
function SiteSection({
  site,
  act,
  onCodes,
  onRevoke,
}: {
  site: SiteTablets;
  act: Act;
  onCodes(codes: NewEnrolmentCodes): void;
  onRevoke(tablet: TabletRow): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formatTime = useFormatTime();
  const [form, setForm] = useState<'codes' | 'passphrase'>();
  const [done, setDone] = useState('');
  const stateOf = (tablet: TabletRow) => {
    const state = tablet.replacedBy
      ? t('verwaltung.tablets.states.replaced', { id: tablet.replacedBy })
      : tablet.revokedAt
        ? t('verwaltung.tablets.states.revoked', { at: formatTime(tablet.revokedAt) })
        : t('verwaltung.tablets.states.active');
    return [
      state,
      tablet.silent ? t('verwaltung.tablets.flags.silent', { days: SILENT_TABLET_DAYS }) : '',
      tablet.oldVersion ? t('verwaltung.tablets.flags.oldVersion') : '',
    ].filter(Boolean);
  };
  const columns = [
    'name',
    'enrolled',
    'lastContact',
    'version',
    'unsent',
    'backup',
    'state',
    'actions',
  ] as const;
  const unknown = t('verwaltung.tablets.unknown');

  return (
    <section
      className="verwaltung-subform tablets-site"
      aria-labelledby={`${id}-heading`}
      data-site={site.code}
    >
      <h3 id={`${id}-heading`}>
        {t('verwaltung.tablets.siteHeading', { name: site.name, code: site.code })}
      </h3>
      {site.tablets.length === 0 ? (
        <p>{t('verwaltung.tablets.noTablets')}</p>
      ) : (
        <Scroll label={t('verwaltung.tablets.caption', { name: site.name })}>
          <table className="auswertung-table verwaltung-table">
            <caption>{t('verwaltung.tablets.caption', { name: site.name })}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`verwaltung.tablets.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {site.tablets.map((tablet) => {
                const [state, ...flags] = stateOf(tablet);
                return (
                  <tr key={tablet.id} className={tablet.revokedAt ? 'verwaltung-inactive' : undefined}>
                    <th scope="row" className="verwaltung-wrap">
                      {tablet.name || (
                        <span className="tablets-muted">{t('verwaltung.tablets.unnamed')}</span>
                      )}
                      <span className="tablets-id">{tablet.id}</span>
                    </th>
                    <td data-label={t('verwaltung.tablets.columns.enrolled')}>
                      {formatDay(tablet.enrolledAt)}
                    </td>
                    <td data-label={t('verwaltung.tablets.columns.lastContact')}>
                      {formatTime(tablet.lastContactAt)}
                    </td>
                    <td className="verwaltung-wrap" data-label={t('verwaltung.tablets.columns.version')}>
                      {t('verwaltung.tablets.version', {
                        app: tablet.appVersion ?? unknown,
                        content: tablet.contentVersion ?? unknown,
                      })}
                    </td>
                    <td className="num" data-label={t('verwaltung.tablets.columns.unsent')}>
                      {tablet.unsent ?? unknown}
                    </td>
                    <td data-label={t('verwaltung.tablets.columns.backup')}>
                      {tablet.lastBackupAt ? formatDay(tablet.lastBackupAt) : t('verwaltung.never')}
                    </td>
                    <td className="verwaltung-wrap" data-label={t('verwaltung.tablets.columns.state')}>
                      {state}
                      {flags.map((flag) => (
                        <strong key={flag} className="tablets-flag">
                          {flag}
                        </strong>
                      ))}
                    </td>
                    <td>
                      {!tablet.revokedAt && (
                        <button
                          type="button"
                          className="auswertung-button auswertung-button--quiet verwaltung-small"
                          aria-label={t('verwaltung.tablets.revokeLabel', { name: tablet.name || tablet.id })}
                          onClick={() => onRevoke(tablet)}
                        >
                          {t('verwaltung.tablets.revoke')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Scroll>
      )}
      {site.openCodes > 0 && (
        <p className="auswertung-hint">{t('verwaltung.tablets.openCodes', { count: site.openCodes })}</p>
      )}
      <p className="tablets-passphrase-state">
        <strong>{t('verwaltung.tablets.passphrase.heading')}:</strong>{' '}
        {site.passphrase
          ? t('verwaltung.tablets.passphrase.state', {
              at: formatTime(site.passphrase.changedAt),
              version: site.passphrase.version,
            })
          : t('verwaltung.tablets.passphrase.none')}
      </p>
      <div className="verwaltung-actions">
        <button
          type="button"
          className="auswertung-button"
          aria-expanded={form === 'codes'}
          onClick={() => {
            setDone('');
            setForm(form === 'codes' ? undefined : 'codes');
          }}
        >
          {t('verwaltung.tablets.add.open')}
        </button>
        <button
          type="button"
          className="auswertung-button auswertung-button--quiet"
          aria-expanded={form === 'passphrase'}
          onClick={() => {
            setDone('');
            setForm(form === 'passphrase' ? undefined : 'passphrase');
          }}
        >
          {site.passphrase
            ? t('verwaltung.tablets.passphrase.change')
            : t('verwaltung.tablets.passphrase.open')}
        </button>
      </div>
      {form === 'codes' && (
        <CodesForm
          site={site}
          onSubmit={(count, names) =>
            act(
              () => createCodes(site.code, count, names),
              (created) => {
                setForm(undefined);
                onCodes(created);
              },
            )
          }
        />
      )}
      {form === 'passphrase' && (
        <PassphraseForm
          site={site}
          onSubmit={(passphrase, repeat) =>
            act(
              () => setSitePassphrase(site.code, passphrase, repeat),
              (version) => {
                setForm(undefined);
                setDone(t('verwaltung.tablets.passphrase.saved', { code: site.code, version }));
              },
            )
          }
        />
      )}
      {done && (
        <p role="status" className="auswertung-done">
          {done}
        </p>
      )}
    </section>
  );
}

/** TT.MM.JJJJ of an ISO time, where the Verwaltung sits (the list's days; last contact keeps its time). */
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { dateStyle: 'medium' });

/** 'Tablet hinzufügen': how many, and optionally their names (one per line). */
function CodesForm({
  site,
  onSubmit,
}: {
  site: SiteTablets;
  onSubmit(count: number, names: string[]): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [count, setCount] = useState('1');
  const [names, setNames] = useState('');
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = names
      .split('\n')
      .map((name) => name.trim())
      .filter(Boolean);
    if (list.length > Number(count)) {
      setProblem(t('verwaltung.tablets.add.tooManyNames', { names: list.length, count: Number(count) }));
      return;
    }
    setProblem('');
    void onSubmit(Number(count), list);
  };
  return (
    <form className="auswertung-stack-form tablets-form" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{t('verwaltung.tablets.add.heading', { name: site.name })}</h4>
      <div className="auswertung-field">
        <label htmlFor={`${id}-count`}>{t('verwaltung.tablets.add.count')}</label>
        <input
          id={`${id}-count`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CODES_PER_REQUEST}
          required
          value={count}
          onChange={(event) => setCount(event.target.value)}
        />
      </div>
      <div className="auswertung-field">
        <label htmlFor={`${id}-names`}>{t('verwaltung.tablets.add.names')}</label>
        <textarea
          id={`${id}-names`}
          rows={3}
          maxLength={MAX_CODES_PER_REQUEST * (MAX_TABLET_NAME_LENGTH + 1)}
          value={names}
          onChange={(event) => setNames(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="auswertung-error">
          {problem}
        </p>
      )}
      <button type="submit" className="auswertung-button">
        {t('verwaltung.tablets.add.submit')}
      </button>
    </form>
  );
}

/** 'Passwort der Einrichtung': typed twice, at least MIN_PASSPHRASE_LENGTH characters. */
function PassphraseForm({
  site,
  onSubmit,
}: {
  site: SiteTablets;
  onSubmit(passphrase: string, repeat: string): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ([...passphrase.normalize('NFC')].length < MIN_PASSPHRASE_LENGTH)
      return setProblem(t('verwaltung.tablets.passphrase.tooShort', { min: MIN_PASSPHRASE_LENGTH }));
    if (passphrase !== repeat) return setProblem(t('verwaltung.tablets.passphrase.mismatch'));
    setProblem('');
    await onSubmit(passphrase, repeat);
  };
  return (
    <form
      className="auswertung-stack-form tablets-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
    >
      <h4 id={`${id}-heading`}>
        {t('verwaltung.tablets.passphrase.heading')} – {site.name}
      </h4>
      <p className="auswertung-hint">{t('verwaltung.tablets.passphrase.intro')}</p>
      <div className="auswertung-field">
        <label htmlFor={`${id}-new`}>
          {t('verwaltung.tablets.passphrase.field', { min: MIN_PASSPHRASE_LENGTH })}
        </label>
        <input
          id={`${id}-new`}
          type="password"
          autoComplete="new-password"
          required
          value={passphrase}
          onChange={(event) => setPassphrase(event.target.value)}
        />
      </div>
      <div className="auswertung-field">
        <label htmlFor={`${id}-repeat`}>{t('verwaltung.tablets.passphrase.repeat')}</label>
        <input
          id={`${id}-repeat`}
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="auswertung-error">
          {problem}
        </p>
      )}
      <button type="submit" className="auswertung-button">
        {t('verwaltung.tablets.passphrase.submit')}
      </button>
    </form>
  );
}

/** The codes of one request, shown once, with 'Drucken' and 'Gedruckt, ausblenden'. */
function CodeSheet({ codes, onClose }: { codes: NewEnrolmentCodes; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <section className="tablets-codes" aria-labelledby="tablets-codes-heading" data-testid="code-sheet">
      <CodesContent codes={codes} headingId="tablets-codes-heading" />
      <div className="verwaltung-actions">
        <button type="button" className="auswertung-button" onClick={() => window.print()}>
          {t('verwaltung.tablets.codes.print')}
        </button>
        <button type="button" className="auswertung-button auswertung-button--quiet" onClick={onClose}>
          {t('verwaltung.tablets.codes.close')}
        </button>
      </div>
    </section>
  );
}

/** The sheet as printed: all codes of the request on one A4 page (tablets.css, @media print). */
function PrintedCodes({ codes }: { codes: NewEnrolmentCodes }) {
  return (
    <div className="tablets-print-sheet" aria-hidden="true">
      <CodesContent codes={codes} printed />
    </div>
  );
}

/**
 * What the sheet says: the Einrichtung, the expiry, how to use a code (on iPads: typed in the
 * installed app), and each code with its QR code and name.
 */
function CodesContent({
  codes,
  headingId,
  printed = false,
}: {
  codes: NewEnrolmentCodes;
  headingId?: string;
  printed?: boolean;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const count = codes.codes.length;
  // Fewer codes print larger: columns by count, up to 6 × 10 for 60 on one page. On A4 with 10 mm
  // margins about 190 × 245 mm are left under the heading; a row takes about 12 mm more than its QR codes, 15 mm
  // with names.
  const columns = count <= 2 ? 2 : count <= 9 ? 3 : count <= 20 ? 4 : count <= 30 ? 5 : 6;
  const rows = Math.ceil(count / columns);
  const textMillimetres = codes.codes.some((code) => code.name) ? 15 : 12;
  const qrMillimetres = Math.floor(Math.min(190 / columns - 8, 240 / rows - textMillimetres, 60));
  const Heading = printed ? 'h1' : 'h3';
  return (
    <>
      <Heading id={headingId}>
        {t('verwaltung.tablets.codes.heading', { name: codes.site.name, code: codes.site.code })}
      </Heading>
      <p className="tablets-codes-valid">
        {t('verwaltung.tablets.codes.validUntil', { at: formatTime(codes.expiresAt) })}
      </p>
      {!printed && <p className="tablets-codes-once">{t('verwaltung.tablets.codes.once')}</p>}
      <p className="tablets-codes-how">{t('verwaltung.tablets.codes.howTo')}</p>
      <p className="tablets-codes-how">
        <strong>{t('verwaltung.tablets.codes.ipad')}</strong>
      </p>
      <ol
        className="tablets-codes-grid"
        style={{ '--tablets-columns': columns, '--tablets-qr': `${qrMillimetres}mm` } as CSSProperties}
      >
        {codes.codes.map((code) => (
          <li key={code.code} className="tablets-code">
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.qrSvg)}`}
              alt={t('verwaltung.tablets.codes.qr', { code: code.code })}
            />
            <span className="tablets-code-value">{code.code}</span>
            {code.name && <span className="tablets-code-name">{code.name}</span>}
            <span className="tablets-code-site">{codes.site.name}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
