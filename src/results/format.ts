/** Milliseconds as seconds with one decimal and a German decimal comma: 2400 → '2,4'. */
export function formatSeconds(ms: number): string {
  return (ms / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
