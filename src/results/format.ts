/** 'YYYY-MM-DD' → 'TT.MM.JJJJ' (PRODUCT.md decision 13); anything else is returned unchanged. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : isoDate;
}

/** Milliseconds as seconds with one decimal and a German decimal comma: 2400 → '2,4'. */
export function formatSeconds(ms: number): string {
  return (ms / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
