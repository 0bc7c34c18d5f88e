import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { AccessScreen } from '../screens/access-screen';
import { QuestionScreen } from '../screens/question-screen';
import { ResultScreen } from '../screens/result-screen';
import { StartScreen } from '../screens/start-screen';
import { TransitionScreen } from '../screens/transition-screen';
import { UserDataScreen } from '../screens/user-data-screen';
import { useStore } from '../store';
import { RUNNING_TEST_SCREENS } from '../store/screen-routing';
import type { Screen } from '../store/types';
import { useLeaveConfirmation } from './use-leave-confirmation';
import './app.css';

/** Which component shows each screen of SPEC section 2. */
const SCREENS = {
  access: AccessScreen,
  userdata: UserDataScreen,
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
  useLeaveConfirmation(RUNNING_TEST_SCREENS.has(screen));
  const Current: ComponentType = SCREENS[screen] ?? AccessScreen;
  return (
    <I18nextProvider i18n={i18n}>
      <main className={`app app-${screen.replace('/', '-')}`} data-screen={screen}>
        <Current key={Current === QuestionScreen ? `q${currentId}` : screen} />
      </main>
    </I18nextProvider>
  );
}
