/**
 * Offers `blob` to the browser's downloads as a file called `name` (a device backup, the Auskunft's
 * JSON): a link to an object URL, clicked once.
 */
export function offerDownload(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give the browser a moment before it is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
