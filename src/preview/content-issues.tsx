import { useTranslation } from 'react-i18next';
import type { ContentIssue } from './load-content';

/** The problems of the question packs, each with the file, line and column to fix. */
export function ContentIssues({
  issues,
  questionsMissing,
}: {
  issues: readonly ContentIssue[];
  questionsMissing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="preview-issues" role="alert" aria-labelledby="preview-issues-heading">
      <h2 id="preview-issues-heading">{t('preview.issuesHeading', { count: issues.length })}</h2>
      <p>{t('preview.issuesHint')}</p>
      {questionsMissing && <p>{t('preview.issuesStale')}</p>}
      <ul>
        {issues.map((issue) => (
          <li
            key={`${issue.file}:${issue.line}:${issue.col}:${issue.path}:${issue.message}`}
            className="preview-issue"
          >
            <code className="preview-issue-location">
              {issue.file}:{issue.line}:{issue.col}
            </code>{' '}
            <code className="preview-issue-path">{issue.path}</code>{' '}
            <span className="preview-issue-message">
              {issue.message} — {issue.hint}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
