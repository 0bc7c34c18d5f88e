import { useEffect, useState } from 'react';
import { loadPreviewContent, type PreviewContent } from './load-content';

/** The content once loaded (with the packs' problems when asked for); null while loading. */
export function usePreviewContent({ withIssues }: { withIssues: boolean }): PreviewContent | null {
  const [content, setContent] = useState<PreviewContent | null>(null);
  useEffect(() => {
    let cancelled = false;
    void loadPreviewContent({ withIssues }).then((loaded) => {
      if (!cancelled) setContent(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [withIssues]);
  return content;
}
