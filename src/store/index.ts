import { questions } from 'virtual:zaehltest-content';
import { createAppStore, followOtherTabs } from './create-store';

export { SESSION_STORAGE_KEY } from './create-store';
export type { AnswerSubmission, Store } from './slices';

/** The app's store: session/user, queue, answers and screen, persisted as 'zaehltest-session'. */
export const useStore = createAppStore(questions);

if (typeof window !== 'undefined') followOtherTabs(useStore, window);
