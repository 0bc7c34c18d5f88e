import type { ReactNode } from 'react';
import { textDirection } from '../../content/languages';
import type { ChildLanguage } from '../../content/types';

/**
 * A block of task text in the child's language. Arabic runs right-to-left with its own font;
 * the German interface around it stays left-to-right.
 */
export function TaskText({
  language,
  children,
  className = '',
}: {
  language: ChildLanguage;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`task-text ${className}`.trim()} lang={language} dir={textDirection(language)}>
      {children}
    </div>
  );
}
