import { type ComponentType, use, useState, useSyncExternalStore } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { AccessScreen } from '../screens/access-screen';
import { EducatorBar } from '../screens/educator-bar';
import { StartScreen } from '../screens/start-screen';
import { TransitionScreen } from '../screens/transition-screen';
import { UserDataScreen } from '../screens/user-data-screen';
import { tabGuard, takeOver, useStore } from '../store';
import { RUNNING_TEST_SCREENS } from '../store/screen-routing';
import type { Screen } from '../store/types';
import { ChunkBoundary, trackChunk } from './chunk';
import { useLeaveConfirmation } from './use-leave-confirmation';
import './app.css';

/*
 * The question screens (all answer types) and the results page are separate chunks, so that the
 * first screen needs only the shell. Both start loading as soon as the app starts (and are
 * precached for offline use), so they are there long before the child reaches them.
 */
const questionScreens = trackChunk(import('../screens/question-screen'));
const resultScreen = trackChunk(import('../screens/result-screen'));
const groupOverviewScreen = trackChunk(import('../screens/group-overview-screen'));

function QuestionScreen() {
  const { QuestionScreen: Screen } = use(questionScreens);
  return <Screen />;
}

function ResultScreen() {
  const { ResultScreen: Screen } = use(resultScreen);
  return <Screen />;
}

function GroupOverviewScreen() {
  const { GroupOverviewScreen: Screen } = use(groupOverviewScreen);
  return <Screen />;
}

/** The access screen inside the app (after 'Zurück zum Start'); the first one is boot.tsx's. */
function Access() {
  const cancelled = useStore((s) => s.testCancelled);
  // A test set aside when the passphrase changed and continued on this screen stays where it stood.
  return (
    <AccessScreen
      onGranted={() => {
        if (!sessionResumed()) grantAccess();
      }}
      cancelled={cancelled}
    />
  );
}

/** Whether the unlock brought back a stored session (boot.tsx: it then stays where it stopped). */
export function sessionResumed(): boolean {
  return useStore.getState().screen !== 'access';
}

/** The store's 'access granted' (for boot.tsx, which has no store of its own). */
export function grantAccess(): void {
  useStore.getState().grantAccess();
}

/** Which component shows each screen (docs/product.md §1). */
const SCREENS = {
  access: Access,
  userdata: UserDataScreen,
  overview: GroupOverviewScreen,
  startscreen: StartScreen,
  transition: TransitionScreen,
  question: QuestionScreen,
  'timer-image-question': QuestionScreen,
  'image-compare': QuestionScreen,
  'count-and-forgotten': QuestionScreen,
  'five-fingers': QuestionScreen,
  'move-dots': QuestionScreen,
  'examples/move-dots': QuestionScreen,
  'examples/timer': QuestionScreen,
  result: ResultScreen,
} satisfies Record<Screen, ComponentType>;

/** The shell: the current screen from the store; the address bar never changes. */
export function App() {
  const screen = useStore((s) => s.screen);
  // A new question screen gets a fresh component even when two questions in a row share a screen.
  const currentId = useStore((s) => s.currentId);
  const passive = useSyncExternalStore(tabGuard.subscribe, tabGuard.isPassive);
  useLeaveConfirmation(!passive && RUNNING_TEST_SCREENS.has(screen));
  const Current: ComponentType = SCREENS[screen] ?? Access;
  if (passive) {
    return (
      <I18nextProvider i18n={i18n}>
        <main className="app app-elsewhere" data-screen="elsewhere">
          <OpenElsewhere />
        </main>
      </I18nextProvider>
    );
  }
  return (
    <I18nextProvider i18n={i18n}>
      {/* Outside <main>: until a screen's chunk is there, no data-screen claims it is shown. */}
      <ChunkBoundary>
        <main className={`app app-${screen.replace('/', '-')}`} data-screen={screen}>
          <Current key={Current === QuestionScreen ? `q${currentId}` : screen} />
          {RUNNING_TEST_SCREENS.has(screen) && <EducatorBar screen={screen} />}
        </main>
      </ChunkBoundary>
    </I18nextProvider>
  );
}

/** Another tab of the app runs the session (see store/tab-guard.ts); this one waits. */
function OpenElsewhere() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const continueHere = () => {
    setBusy(true);
    takeOver()
      .catch((error: unknown) => console.error('Taking over the session failed', error))
      .finally(() => setBusy(false));
  };
  return (
    <div className="panel" role="alert">
      <h1 className="panel-title">{t('elsewhere.title')}</h1>
      <p className="panel-text">{t('elsewhere.text')}</p>
      <button type="button" className="button button-primary" onClick={continueHere} disabled={busy}>
        {t('elsewhere.continueHere')}
      </button>
    </div>
  );
}
