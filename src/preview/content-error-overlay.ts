/**
 * The dev server reports broken question packs (and a broken levels file) to every page in Vite's
 * own overlay, in English, on top of everything. The preview shows the same problems itself, in
 * its German box with file and line (content-issues.tsx): for those errors the overlay is taken
 * away, so that the German box is what the author sees first. Any other error (a mistake in the
 * code) keeps Vite's overlay.
 */
const CONTENT_ERROR = /The (question packs|levels file) ha(ve|s) problems/;

export function isContentError(message: string | undefined): boolean {
  return CONTENT_ERROR.test(message ?? '');
}

function removeContentOverlays(): void {
  for (const overlay of document.querySelectorAll('vite-error-overlay')) {
    if (isContentError(overlay.shadowRoot?.textContent ?? '')) overlay.remove();
  }
}

/** Dev server only: keeps Vite's overlay off the preview while the packs are broken. */
export function leaveContentErrorsToThePreview(): void {
  const hot = import.meta.hot;
  if (!hot) return;
  // Vite tells its listeners before it draws the overlay; it is removed right after.
  hot.on('vite:error', (payload) => {
    if (isContentError(payload.err.message)) setTimeout(removeContentOverlays, 0);
  });
  // An overlay drawn before this module ran (the first load of a broken pack).
  new MutationObserver(removeContentOverlays).observe(document.body, { childList: true });
  removeContentOverlays();
}
