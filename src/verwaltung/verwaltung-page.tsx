import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKUP_KEEP_DAYS, type Me, type SiteRow } from '../../schemas/verwaltung-api';
import { ProtokollSection } from '../auswertung/protokoll-section';
import { SignedInPage } from '../auswertung/signed-in-page';
// The constant itself, not src/contract.ts, whose other exports would pull the child's app in.
import { RETENTION_MONTHS as DEVICE_RETENTION_MONTHS } from '../children/retention';
import { AccountsSection } from './accounts-section';
import { loadSettings, loadSites, type Settings } from './api';
import { DatenschutzSection } from './datenschutz-section';
import { KontoSection } from './konto-section';
import { useFailure } from './shared';
import { SitesSection, UnassignedSection } from './sites-section';
import { TabletsSection } from './tablets-section';

/** /verwaltung: the shared login, then the sections the account's role may see (docs/product.md §47). */
export function VerwaltungPage() {
  return (
    <SignedInPage page="verwaltung">
      {(me, sessionEnded) => <Verwaltung me={me} onSessionEnded={sessionEnded} />}
    </SignedInPage>
  );
}

/**
 * 'Mein Konto' for every account; 'Einrichtungen' and 'Kennungen ohne Einrichtung' for Verwaltung
 * and Forschung (Forschung reads the Einrichtungen); 'Konten', 'Protokoll' 'Fristen' and
 * 'Datenschutz-Unterlagen' for the Verwaltung. The server refuses the rest anyway (server/auth/access.ts).
 */
function Verwaltung({ me, onSessionEnded }: { me: Me; onSessionEnded(): void }) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  /** Raised by every change: the lists and the Protokoll load again. */
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((n) => n + 1), []);
  const [sites, setSites] = useState<SiteRow[]>();
  const [sitesError, setSitesError] = useState('');
  const isVerwaltung = me.role === 'verwaltung';
  const seesSites = isVerwaltung || me.role === 'forschung';
  // The enrolled tablets (docs/product.md §51): the Verwaltung's of every Einrichtung, a Kita-Leitung's of hers.
  const managesTablets = isVerwaltung || me.role === 'leitung';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the trigger to load again.
  useEffect(() => {
    if (!seesSites) return;
    let current = true;
    loadSites()
      .then((loaded) => {
        if (!current) return;
        setSites(loaded);
        setSitesError('');
      })
      .catch((failure: unknown) => failed(failure, (message) => current && setSitesError(message)));
    return () => {
      current = false;
    };
  }, [seesSites, version, failed]);

  const sections = [
    ['konto', t('verwaltung.konto.heading')],
    ...(seesSites
      ? [
          ['einrichtungen', t('verwaltung.sites.heading')],
          ['kennungen', t('verwaltung.unassigned.heading')],
        ]
      : []),
    ...(managesTablets ? [['tablets', t('verwaltung.tablets.heading')]] : []),
    ...(isVerwaltung
      ? [
          ['konten', t('verwaltung.accounts.heading')],
          ['protokoll', t('auswertung.protokoll.heading')],
          ['fristen', t('verwaltung.fristen.heading')],
          ['datenschutz', t('verwaltung.datenschutz.heading')],
        ]
      : []),
  ];

  return (
    <>
      <p className="auswertung-hint">{t('verwaltung.intro')}</p>
      {isVerwaltung && (
        <p>
          <a href="/verwaltung/sprachen">{t('verwaltung.sprachenLink')}</a>
        </p>
      )}
      {sections.length > 1 && (
        <nav className="verwaltung-nav" aria-label={t('verwaltung.nav')}>
          {sections.map(([anchor, label]) => (
            <a key={anchor} href={`#${anchor}`}>
              {label}
            </a>
          ))}
        </nav>
      )}
      <KontoSection me={me} onChanged={changed} onSessionEnded={onSessionEnded} />
      {seesSites && (
        <>
          {sitesError && (
            <p role="alert" className="auswertung-error">
              {t('verwaltung.loadFailed', { message: sitesError })}
            </p>
          )}
          <SitesSection
            sites={sites}
            canEdit={isVerwaltung}
            onChanged={changed}
            onSessionEnded={onSessionEnded}
          />
          <UnassignedSection
            sites={sites}
            canAssign={me.sites === 'alle'}
            version={version}
            onChanged={changed}
            onSessionEnded={onSessionEnded}
          />
        </>
      )}
      {managesTablets && (
        <TabletsSection version={version} onChanged={changed} onSessionEnded={onSessionEnded} />
      )}
      {isVerwaltung && (
        <>
          <AccountsSection
            sites={sites}
            version={version}
            onChanged={changed}
            onSessionEnded={onSessionEnded}
          />
          <div id="protokoll">
            <ProtokollSection refresh={version} version={0} onSessionEnded={onSessionEnded} />
          </div>
          <FristenSection onSessionEnded={onSessionEnded} />
          <DatenschutzSection onSessionEnded={onSessionEnded} />
        </>
      )}
    </>
  );
}

/**
 * 'Fristen': the server's periods in force, the backups' period of the guide (docs/deploy.md) and the
 * device's (src/children/retention.ts).
 */
function FristenSection({ onSessionEnded }: { onSessionEnded(): void }) {
  const { t } = useTranslation();
  const failed = useFailure(onSessionEnded);
  const [settings, setSettings] = useState<Settings>();
  const [error, setError] = useState('');
  useEffect(() => {
    loadSettings()
      .then(setSettings)
      .catch((failure: unknown) => failed(failure, setError));
  }, [failed]);
  return (
    <section id="fristen" className="auswertung-card" aria-labelledby="fristen-heading">
      <h2 id="fristen-heading">{t('verwaltung.fristen.heading')}</h2>
      <p className="auswertung-hint">{t('verwaltung.fristen.intro')}</p>
      {error && (
        <p role="alert" className="auswertung-error">
          {t('verwaltung.loadFailed', { message: error })}
        </p>
      )}
      <ul className="verwaltung-fristen" data-testid="fristen">
        {settings && <li>{t('verwaltung.fristen.results', { months: settings.retentionMonths })}</li>}
        {settings && <li>{t('verwaltung.fristen.protokoll', { months: settings.protokollMonths })}</li>}
        <li>{t('verwaltung.fristen.backups', { days: BACKUP_KEEP_DAYS })}</li>
        <li>{t('verwaltung.fristen.device', { months: DEVICE_RETENTION_MONTHS })}</li>
      </ul>
      <p className="auswertung-hint">{t('verwaltung.fristen.change')}</p>
    </section>
  );
}
