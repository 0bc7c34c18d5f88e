import type { Question } from '../content/types';
import { CONTENT_ISSUES_PATH, type ContentIssue } from './dev-protocol';

export type { ContentIssue };

export interface PreviewContent {
  questions: readonly Question[];
  /** Problems of the question packs (dev server only; a build with problems does not exist). */
  issues: readonly ContentIssue[];
  /** Why the questions could not be loaded, when they could not. */
  loadError: string | null;
}

async function importQuestions(): Promise<Pick<PreviewContent, 'questions' | 'loadError'>> {
  try {
    // Imported lazily: while a pack is broken this import fails, and the page still shows why.
    const { questions } = await import('virtual:zaehltest-content');
    return { questions, loadError: null };
  } catch (error) {
    return { questions: [], loadError: error instanceof Error ? error.message : String(error) };
  }
}

async function fetchIssues(): Promise<readonly ContentIssue[]> {
  if (!import.meta.env.DEV) return [];
  try {
    const response = await fetch(CONTENT_ISSUES_PATH, { cache: 'no-store' });
    if (!response.ok) return [];
    const body = (await response.json()) as { issues?: ContentIssue[] };
    return body.issues ?? [];
  } catch (error) {
    console.error('Vorschau: Fehlerliste der Fragen nicht erreichbar', error);
    return [];
  }
}

/**
 * The questions of the build (or of the dev server) and, in development when asked for, their
 * current problems.
 */
export async function loadPreviewContent({ withIssues }: { withIssues: boolean }): Promise<PreviewContent> {
  const [content, issues] = await Promise.all([importQuestions(), withIssues ? fetchIssues() : []]);
  return { ...content, issues };
}
