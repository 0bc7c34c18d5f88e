/**
 * What the dev server's preview plugin (scripts/content/preview-plugin.ts) and the preview page
 * agree on. Values only, no Node imports: the page bundles this file.
 */

/** The dev server answers here with the current problems of the question packs. */
export const CONTENT_ISSUES_PATH = '/__content-issues';

/** HMR event sent after a file under the content folder changed. */
export const CONTENT_CHANGED_EVENT = 'zaehltest:content-changed';

/** One problem an author has to fix, with the position of the YAML node it is about. */
export interface ContentIssue {
  /** Relative to the repository root, e.g. `content/questions/04-count-dots-row.yaml`. */
  file: string;
  line: number;
  col: number;
  /** Field path such as `texts.ar.questionText`, or a label in parentheses for whole-file issues. */
  path: string;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  hint: string;
}

/**
 * Recordings made in the preview: GET lists the saved ones, GET `<key>.mp3` plays one, PUT
 * `<key>.mp3` with MP3 bytes saves one, DELETE `<key>.mp3` removes it. A key names question,
 * language and text field as the files under content/audio/ do: `q01/tr-situationText`.
 */
export const RECORDINGS_PATH = '/__recordings';
