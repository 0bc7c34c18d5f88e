/**
 * What the dev server's preview plugin (scripts/content/preview-plugin.ts) and the preview page
 * agree on. Values only, no Node imports: the page bundles this file.
 */

/** The dev server answers here with the current problems of the question packs. */
export const CONTENT_ISSUES_PATH = '/__content-issues';

/** HMR event sent after a file under the content folder changed. */
export const CONTENT_CHANGED_EVENT = 'zaehltest:content-changed';
