/** Milliseconds as seconds with one decimal and a German decimal comma: 2400 → '2,4'. */
export function formatSeconds(ms: number): string {
  return (ms / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The device's local calendar day of a timestamp as 'YYYY-MM-DD' (a test at 00:30 in Berlin is that day, not the UTC day before). */
export function localDay(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
