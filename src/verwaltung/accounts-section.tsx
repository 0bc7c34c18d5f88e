import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_NAME_PATTERN,
  type AccountRow,
  ROLE_LABELS,
  ROLES,
  type Role,
  type SiteRow,
} from '../../schemas/verwaltung-api';
import { ConfirmDialog, SectionMessage, type SectionMessageValue } from '../auswertung/section-message';
import { Scroll } from '../auswertung/tables';
import { LanguageChoice, languageList } from '../sprachen/language-choice';
import { addAccount, changeAccount, loadAccounts, resetPassword } from './api';
import { SecretBox, useAct, useFailure, useFormatTime, useLoaded } from './shared';

type Sites = string[] | 'alle';

/**
 * 'Konten' (the Verwaltung's, docs/product.md §47): every account with its role, Einrichtungen,
 * state and last login; a new account, or a new one-time password, shows the password once, to be
 * handed over in person; role and Einrichtungen change, accounts are disabled and enabled.
 */
export function AccountsSection({
  sites,
  version,
  onChanged,
  onSessionEnded,
}: {
  sites: SiteRow[] | undefined;
  /** Raised on every change of the page: the list loads again. */
  version: number;
  onChanged(): void;
  onSessionEnded(): void;
}) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const formatTime = useFormatTime();
  const [message, setMessage] = useState<SectionMessageValue>();
  const [secret, setSecret] = useState<{ name: string; password: string }>();
  const [editing, setEditing] = useState<AccountRow>();
  const [resetting, setResetting] = useState<AccountRow>();
  const dialog = useRef<HTMLDialogElement>(null);

  const accounts = useLoaded(loadAccounts, version, failed, (text) => setMessage({ kind: 'error', text }));

  /** Runs a change; on success shows `done` and lets the page load again. */
  const act = useAct(failed, setMessage, onChanged);

  const siteList = (value: Sites) =>
    value === 'alle' ? t('auswertung.me.allSites') : value.join(', ') || '–';
  const stateOf = (account: AccountRow) =>
    account.disabled
      ? t('verwaltung.accounts.states.disabled')
      : account.mustChangePassword
        ? t('verwaltung.accounts.states.oneTime')
        : t('verwaltung.accounts.states.active');

  return (
    <section id="konten" className="auswertung-card" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{t('verwaltung.accounts.heading')}</h2>
      <p className="auswertung-hint">{t('verwaltung.accounts.intro')}</p>
      <SectionMessage message={message} />
      {accounts && accounts.length > 0 && (
        <Scroll label={t('verwaltung.accounts.caption')}>
          <table className="auswertung-table verwaltung-table">
            <caption>{t('verwaltung.accounts.caption')}</caption>
            <thead>
              <tr>
                {(['name', 'role', 'sites', 'state', 'lastLogin', 'actions'] as const).map((column) => (
                  <th key={column} scope="col">
                    {t(`verwaltung.accounts.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.id} className={account.disabled ? 'verwaltung-inactive' : undefined}>
                  <th scope="row">{account.name}</th>
                  <td data-label={t('verwaltung.accounts.columns.role')}>{ROLE_LABELS[account.role]}</td>
                  <td className="verwaltung-wrap" data-label={t('verwaltung.accounts.columns.sites')}>
                    {account.role === 'sprache' ? languageList(account.languages) : siteList(account.sites)}
                  </td>
                  <td className="verwaltung-wrap" data-label={t('verwaltung.accounts.columns.state')}>
                    {stateOf(account)}
                  </td>
                  <td data-label={t('verwaltung.accounts.columns.lastLogin')}>
                    {formatTime(account.lastLoginAt)}
                  </td>
                  <td className="verwaltung-wrap">
                    <div className="verwaltung-actions">
                      <button
                        type="button"
                        className="auswertung-button auswertung-button--quiet verwaltung-small"
                        aria-label={t('verwaltung.accounts.editLabel', { name: account.name })}
                        onClick={() => setEditing(account)}
                      >
                        {t('verwaltung.accounts.edit')}
                      </button>
                      <button
                        type="button"
                        className="auswertung-button auswertung-button--quiet verwaltung-small"
                        aria-label={`${account.disabled ? t('verwaltung.accounts.enable') : t('verwaltung.accounts.disable')}: ${account.name}`}
                        onClick={() =>
                          void act(
                            () => changeAccount(account.id, { disabled: !account.disabled }),
                            () =>
                              setMessage({
                                kind: 'done',
                                text: account.disabled
                                  ? t('verwaltung.accounts.enabled', { name: account.name })
                                  : t('verwaltung.accounts.disabled', { name: account.name }),
                              }),
                          )
                        }
                      >
                        {account.disabled
                          ? t('verwaltung.accounts.enable')
                          : t('verwaltung.accounts.disable')}
                      </button>
                      <button
                        type="button"
                        className="auswertung-button auswertung-button--quiet verwaltung-small"
                        aria-label={`${t('verwaltung.accounts.reset')} ${account.name}`}
                        onClick={() => {
                          setResetting(account);
                          dialog.current?.showModal();
                        }}
                      >
                        {t('verwaltung.accounts.reset')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {secret && (
        <SecretBox
          key={secret.password}
          heading={t('verwaltung.accounts.passwordHeading', { name: secret.name })}
          warning={t('verwaltung.accounts.passwordNote', { name: secret.name })}
          label={t('verwaltung.accounts.passwordLabel')}
          value={secret.password}
          onClose={() => setSecret(undefined)}
        />
      )}
      {editing && (
        <AccountForm
          key={editing.id}
          heading={t('verwaltung.accounts.editHeading', { name: editing.name })}
          sites={sites ?? []}
          initial={editing}
          submitLabel={t('verwaltung.save')}
          onCancel={() => setEditing(undefined)}
          onSubmit={(input) =>
            act(
              () =>
                changeAccount(editing.id, {
                  role: input.role,
                  sites: input.sites,
                  ...(input.role === 'sprache' && { languages: input.languages }),
                }),
              () => {
                setMessage({ kind: 'done', text: t('verwaltung.accounts.changed', { name: editing.name }) });
                setEditing(undefined);
              },
            )
          }
        />
      )}
      <AccountForm
        heading={t('verwaltung.accounts.addHeading')}
        sites={sites ?? []}
        submitLabel={t('verwaltung.accounts.add')}
        onSubmit={(input) =>
          act(
            () =>
              addAccount({
                name: input.name,
                role: input.role,
                sites: input.sites,
                languages: input.languages,
              }),
            (created) => setSecret({ name: input.name, password: created.oneTimePassword }),
          )
        }
      />
      <ConfirmDialog
        dialog={dialog}
        id="reset-password"
        heading={t('verwaltung.accounts.resetHeading', { name: resetting?.name ?? '' })}
        text={t('verwaltung.accounts.resetText', { name: resetting?.name ?? '' })}
        confirmLabel={t('verwaltung.accounts.resetConfirm')}
        onConfirm={() => {
          dialog.current?.close();
          const account = resetting;
          if (account)
            void act(
              () => resetPassword(account.id),
              (created) => setSecret({ name: account.name, password: created.oneTimePassword }),
            );
        }}
      />
    </section>
  );
}

/**
 * A new account (name, role, Einrichtungen) or an account's new role and Einrichtungen. The
 * Verwaltung always sees all; Forschung all or chosen ones; a Kita-Leitung at least one.
 */
function AccountForm({
  heading,
  sites,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  heading: string;
  sites: SiteRow[];
  /** The account changed; absent: a new one, whose name is asked for. */
  initial?: AccountRow;
  submitLabel: string;
  onSubmit(input: { name: string; role: Role; sites: Sites; languages: string[] }): Promise<boolean>;
  onCancel?(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>(initial?.role ?? 'leitung');
  const [chosen, setChosen] = useState<Sites>(initial?.sites ?? []);
  // Sprachprüfung (docs/product.md §50): languages instead of Einrichtungen.
  const [languages, setLanguages] = useState<string[]>(initial?.languages ?? []);
  const [problem, setProblem] = useState('');
  // A Kita-Leitung has chosen Einrichtungen, never 'alle' (left from Forschung before a role change).
  const effective: Sites = role === 'leitung' && chosen === 'alle' ? [] : chosen;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const scope: Sites = role === 'verwaltung' ? 'alle' : role === 'sprache' ? [] : effective;
    if (role === 'sprache' && languages.length === 0) {
      setProblem(t('verwaltung.accounts.needLanguage'));
      return;
    }
    if (role !== 'sprache' && scope !== 'alle' && scope.length === 0) {
      setProblem(t('verwaltung.accounts.needSite'));
      return;
    }
    setProblem('');
    if ((await onSubmit({ name: name.trim(), role, sites: scope, languages })) && !initial) {
      setName('');
      setChosen([]);
      setLanguages([]);
    }
  }

  const toggle = (code: string, on: boolean) => {
    const list = effective === 'alle' ? [] : effective;
    setChosen(on ? [...list, code] : list.filter((entry) => entry !== code));
  };

  return (
    <section className="verwaltung-subform" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <form className="auswertung-stack-form" onSubmit={(event) => void submit(event)}>
        {!initial && (
          <div className="auswertung-field">
            <label htmlFor={`${id}-name`}>{t('verwaltung.accounts.name')}</label>
            <input
              id={`${id}-name`}
              required
              pattern={ACCOUNT_NAME_PATTERN}
              title={t('verwaltung.accounts.nameHint')}
              aria-describedby={`${id}-name-hint`}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <span id={`${id}-name-hint`} className="auswertung-hint">
              {t('verwaltung.accounts.nameHint')}
            </span>
          </div>
        )}
        <div className="auswertung-field">
          <label htmlFor={`${id}-role`}>{t('verwaltung.accounts.role')}</label>
          <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {role === 'sprache' ? (
          <LanguageChoice chosen={languages} onChange={setLanguages} />
        ) : (
          <fieldset className="verwaltung-sites">
            <legend>{t('verwaltung.accounts.sites')}</legend>
            {role === 'verwaltung' ? (
              <p className="auswertung-hint">{t('verwaltung.accounts.verwaltungSites')}</p>
            ) : (
              <>
                {role === 'forschung' && (
                  <label className="verwaltung-check">
                    <input
                      type="checkbox"
                      checked={effective === 'alle'}
                      onChange={(event) => setChosen(event.target.checked ? 'alle' : [])}
                    />
                    {t('verwaltung.accounts.allSites')}
                  </label>
                )}
                {sites.length === 0 && (
                  <p className="auswertung-hint">{t('verwaltung.accounts.noSitesYet')}</p>
                )}
                {sites.map((site) => (
                  <label key={site.code} className="verwaltung-check">
                    <input
                      type="checkbox"
                      disabled={effective === 'alle'}
                      checked={effective === 'alle' || effective.includes(site.code)}
                      onChange={(event) => toggle(site.code, event.target.checked)}
                    />
                    {site.code} – {site.name}
                  </label>
                ))}
              </>
            )}
          </fieldset>
        )}
        {problem && (
          <p role="alert" className="auswertung-error">
            {problem}
          </p>
        )}
        <div className="auswertung-filter-buttons">
          <button type="submit" className="auswertung-button">
            {submitLabel}
          </button>
          {onCancel && (
            <button type="button" className="auswertung-button auswertung-button--quiet" onClick={onCancel}>
              {t('verwaltung.cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
