import { useTranslation } from 'react-i18next';
import { Dashboard } from './dashboard';
import { SignedInPage } from './signed-in-page';

/** /auswertung: the shared login, then the statistics of the account's Einrichtungen. */
export function AuswertungPage() {
  const { t } = useTranslation();
  return (
    <SignedInPage
      page="auswertung"
      actions={
        <button
          type="button"
          className="auswertung-button auswertung-button--quiet"
          onClick={() => window.print()}
        >
          {t('auswertung.print')}
        </button>
      }
    >
      {(me, sessionEnded) => <Dashboard me={me} onSessionEnded={sessionEnded} />}
    </SignedInPage>
  );
}
