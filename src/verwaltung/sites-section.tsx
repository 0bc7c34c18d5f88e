import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteRow, UnassignedCode } from '../../schemas/verwaltung-api';
import { ConfirmDialog, SectionMessage, type SectionMessageValue } from '../auswertung/section-message';
import { Scroll } from '../auswertung/tables';
import { SITE_PATTERN } from '../domain/facts';
import { addSite, assignCode, changeSite, loadUnassigned } from './api';
import { useAct, useFailure, useLoaded } from './shared';

/**
 * 'Einrichtungen' (docs/product.md §47): each with its code, name, number of results, whether it
 * is active and the codes joined to it. The Verwaltung adds, renames, deactivates and reactivates
 * them; Forschung reads the list.
 */
export function SitesSection({
  sites,
  canEdit,
  onChanged,
  onSessionEnded,
}: {
  sites: SiteRow[] | undefined;
  canEdit: boolean;
  onChanged(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ code: string; name: string }>();
  const [message, setMessage] = useState<SectionMessageValue>();

  const change = useAct(failed, setMessage, onChanged);
  const act = (action: () => Promise<void>, done: string) =>
    change(action, () => setMessage({ kind: 'done', text: done }));

  async function add(event: FormEvent) {
    event.preventDefault();
    const site = { code: code.trim(), name: name.trim() };
    if (await act(() => addSite(site), t('verwaltung.sites.added', { code: site.code }))) {
      setCode('');
      setName('');
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    const next = { code: renaming.code, name: renaming.name.trim() };
    if (await act(() => changeSite(next.code, { name: next.name }), t('verwaltung.sites.renamed', next)))
      setRenaming(undefined);
  }

  const columns = [
    'code',
    'name',
    'results',
    'active',
    'aliases',
    ...(canEdit ? ['actions' as const] : []),
  ] as const;
  return (
    <section id="einrichtungen" className="auswertung-card" aria-labelledby="sites-heading">
      <h2 id="sites-heading">{t('verwaltung.sites.heading')}</h2>
      <p className="auswertung-hint">{t('verwaltung.sites.intro')}</p>
      {!canEdit && <p className="auswertung-hint">{t('verwaltung.sites.readOnly')}</p>}
      {sites && sites.length === 0 && <p className="auswertung-hint">{t('verwaltung.sites.none')}</p>}
      {sites && sites.length > 0 && (
        <Scroll label={t('verwaltung.sites.caption')}>
          <table className="auswertung-table verwaltung-table">
            <caption>{t('verwaltung.sites.caption')}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className={column === 'results' ? 'num' : undefined}>
                    {t(`verwaltung.sites.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <tr key={site.code} className={site.active ? undefined : 'verwaltung-inactive'}>
                  <th scope="row">{site.code}</th>
                  <td className="verwaltung-wrap" data-label={t('verwaltung.sites.columns.name')}>
                    {renaming?.code === site.code ? (
                      <form className="verwaltung-row-form" onSubmit={(event) => void rename(event)}>
                        <label className="visually-hidden" htmlFor={`rename-${site.code}`}>
                          {t('verwaltung.sites.newName', { code: site.code })}
                        </label>
                        <input
                          id={`rename-${site.code}`}
                          required
                          maxLength={120}
                          value={renaming.name}
                          onChange={(event) => setRenaming({ code: site.code, name: event.target.value })}
                        />
                        <button type="submit" className="auswertung-button verwaltung-small">
                          {t('verwaltung.save')}
                        </button>
                        <button
                          type="button"
                          className="auswertung-button auswertung-button--quiet verwaltung-small"
                          onClick={() => setRenaming(undefined)}
                        >
                          {t('verwaltung.cancel')}
                        </button>
                      </form>
                    ) : (
                      site.name
                    )}
                  </td>
                  <td className="num" data-label={t('verwaltung.sites.columns.results')}>
                    {site.results}
                  </td>
                  <td data-label={t('verwaltung.sites.columns.active')}>
                    {site.active ? t('verwaltung.yes') : t('verwaltung.no')}
                  </td>
                  <td className="verwaltung-wrap" data-label={t('verwaltung.sites.columns.aliases')}>
                    {site.aliases.join(', ')}
                  </td>
                  {canEdit && (
                    <td className="verwaltung-wrap">
                      <div className="verwaltung-actions">
                        <button
                          type="button"
                          className="auswertung-button auswertung-button--quiet verwaltung-small"
                          aria-label={`${t('verwaltung.sites.rename')}: ${site.code}`}
                          onClick={() => setRenaming({ code: site.code, name: site.name })}
                        >
                          {t('verwaltung.sites.rename')}
                        </button>
                        <button
                          type="button"
                          className="auswertung-button auswertung-button--quiet verwaltung-small"
                          aria-label={`${site.active ? t('verwaltung.sites.deactivate') : t('verwaltung.sites.reactivate')}: ${site.code}`}
                          onClick={() =>
                            void act(
                              () => changeSite(site.code, { active: !site.active }),
                              site.active
                                ? t('verwaltung.sites.deactivated', { code: site.code })
                                : t('verwaltung.sites.reactivated', { code: site.code }),
                            )
                          }
                        >
                          {site.active ? t('verwaltung.sites.deactivate') : t('verwaltung.sites.reactivate')}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      <SectionMessage message={message} />
      {canEdit && (
        <>
          <h3>{t('verwaltung.sites.addHeading')}</h3>
          <form className="auswertung-stack-form" onSubmit={(event) => void add(event)}>
            <div className="auswertung-field">
              <label htmlFor="site-code">{t('verwaltung.sites.code')}</label>
              <input
                id="site-code"
                required
                pattern={SITE_PATTERN}
                title={t('verwaltung.sites.codeHint')}
                aria-describedby="site-code-hint"
                autoCapitalize="characters"
                spellCheck={false}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <span id="site-code-hint" className="auswertung-hint">
                {t('verwaltung.sites.codeHint')}
              </span>
            </div>
            <div className="auswertung-field">
              <label htmlFor="site-name">{t('verwaltung.sites.name')}</label>
              <input
                id="site-name"
                required
                maxLength={120}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <div>
              <button type="submit" className="auswertung-button">
                {t('verwaltung.sites.add')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

/**
 * 'Kennungen ohne Einrichtung' (docs/product.md §47): codes of uploads that are no Einrichtung,
 * with their count; assigning one to an Einrichtung asks first and names how many results move.
 */
export function UnassignedSection({
  sites,
  canAssign,
  version,
  onChanged,
  onSessionEnded,
}: {
  sites: SiteRow[] | undefined;
  /** Moving results between Kitas is for whoever sees all Einrichtungen (server/verwaltung/routes.ts). */
  canAssign: boolean;
  /** Raised on every change of the page: the list loads again. */
  version: number;
  onChanged(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<{ code: string; results: number; site: SiteRow }>();
  const [message, setMessage] = useState<SectionMessageValue>();
  const dialog = useRef<HTMLDialogElement>(null);

  const codes = useLoaded(loadUnassigned, version, failed, (text) => setMessage({ kind: 'error', text }));

  const ask = (row: UnassignedCode) => {
    const site = sites?.find((candidate) => candidate.code === chosen[row.code]);
    if (!site) {
      setMessage({ kind: 'error', text: t('verwaltung.unassigned.chooseFirst') });
      return;
    }
    setMessage(undefined);
    setAsking({ ...row, site });
    dialog.current?.showModal();
  };

  async function assign() {
    dialog.current?.close();
    if (!asking) return;
    try {
      const count = await assignCode(asking.code, asking.site.code);
      setMessage({
        kind: 'done',
        text: t('verwaltung.unassigned.done', { count, code: asking.code, site: asking.site.code }),
      });
      onChanged();
    } catch (failure) {
      failed(failure, (text) =>
        setMessage({ kind: 'error', text: t('verwaltung.failed', { message: text }) }),
      );
    }
  }

  return (
    <section id="kennungen" className="auswertung-card" aria-labelledby="unassigned-heading">
      <h2 id="unassigned-heading">{t('verwaltung.unassigned.heading')}</h2>
      <p className="auswertung-hint">{t('verwaltung.unassigned.intro')}</p>
      {!canAssign && <p className="auswertung-hint">{t('verwaltung.unassigned.readOnly')}</p>}
      {codes && codes.length === 0 && <p className="auswertung-hint">{t('verwaltung.unassigned.none')}</p>}
      {codes && codes.length > 0 && (
        <Scroll label={t('verwaltung.unassigned.caption')}>
          <table className="auswertung-table verwaltung-table">
            <caption>{t('verwaltung.unassigned.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('verwaltung.unassigned.columns.code')}</th>
                <th scope="col" className="num">
                  {t('verwaltung.unassigned.columns.results')}
                </th>
                {canAssign && <th scope="col">{t('verwaltung.unassigned.columns.assign')}</th>}
              </tr>
            </thead>
            <tbody>
              {codes.map((row) => (
                <tr key={row.code}>
                  <th scope="row">{row.code}</th>
                  <td className="num" data-label={t('verwaltung.unassigned.columns.results')}>
                    {row.results}
                  </td>
                  {canAssign && (
                    <td className="verwaltung-wrap">
                      <div className="verwaltung-actions">
                        <label className="visually-hidden" htmlFor={`assign-${row.code}`}>
                          {t('verwaltung.unassigned.target', { code: row.code })}
                        </label>
                        <select
                          id={`assign-${row.code}`}
                          value={chosen[row.code] ?? ''}
                          onChange={(event) => setChosen({ ...chosen, [row.code]: event.target.value })}
                        >
                          <option value="">{t('verwaltung.unassigned.choose')}</option>
                          {sites?.map((site) => (
                            <option key={site.code} value={site.code}>
                              {site.code} – {site.name}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          className="auswertung-button verwaltung-small"
                          aria-label={`${t('verwaltung.unassigned.assign')} ${row.code}`}
                          onClick={() => ask(row)}
                        >
                          {t('verwaltung.unassigned.assign')}
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      <SectionMessage message={message} />
      <ConfirmDialog
        dialog={dialog}
        id="assign-code"
        heading={t('verwaltung.unassigned.confirmHeading')}
        text={
          asking
            ? t('verwaltung.unassigned.confirmText', {
                count: asking.results,
                code: asking.code,
                site: asking.site.code,
                name: asking.site.name,
              })
            : ''
        }
        confirmLabel={t('verwaltung.unassigned.confirm')}
        onConfirm={() => void assign()}
      />
    </section>
  );
}
