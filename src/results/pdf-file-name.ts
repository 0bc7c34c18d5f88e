import { germanDate } from '../domain/date';

const EMPTY_NAME = 'test';
const EMPTY_BIRTHDATE = '01.01.1970';
const MAX_NAME_LENGTH = 80;

/**
 * `Ergebnis_{name}_{birthdate}.pdf` (docs/product.md §12): name 'test' and birth date
 * 01.01.1970 when empty, the date as TT.MM.JJJJ. Characters that Windows, macOS or Linux refuse in
 * file names (and control characters) become '_', so a download never fails or lands elsewhere.
 */
export function pdfFileName(name: string, birthdate: string): string {
  const safeName = sanitize(name).slice(0, MAX_NAME_LENGTH) || EMPTY_NAME;
  const safeDate = sanitize(birthdate ? germanDate(birthdate) : '') || EMPTY_BIRTHDATE;
  return `Ergebnis_${safeName}_${safeDate}.pdf`;
}

function sanitize(part: string): string {
  return (
    part
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
      .replace(/\s+/g, ' ')
      .trim()
      // A leading dot hides the file; trailing dots and spaces are dropped by Windows.
      .replace(/^\.+/, '_')
      .replace(/[. ]+$/, '')
  );
}
