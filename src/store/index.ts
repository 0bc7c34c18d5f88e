import { questions } from 'virtual:zaehltest-content';
import { createAppSession } from './create-store';

export type { AnswerSubmission } from '../answer-types/types';
export { SESSION_STORAGE_KEY } from './create-store';
export type { Store } from './slices';

/**
 * The app's store (session/user, queue, answers and screen, persisted as 'zaehltest-session'),
 * the guard that lets one tab run the session (see tab-guard.ts) and 'Hier weitermachen'.
 */
export const { useStore, tabGuard, takeOver } = createAppSession(questions);
