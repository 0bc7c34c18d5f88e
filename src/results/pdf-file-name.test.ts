import { describe, expect, it } from 'vitest';
import { pdfFileName } from './pdf-file-name';

describe('pdfFileName', () => {
  it('names the file after the child and the birth date as TT.MM.JJJJ', () => {
    expect(pdfFileName('Ayşe Yılmaz', '2019-03-07')).toBe('Ergebnis_Ayşe Yılmaz_07.03.2019.pdf');
  });

  it("uses 'test' and 01.01.1970 when name or birth date are empty", () => {
    expect(pdfFileName('', '')).toBe('Ergebnis_test_01.01.1970.pdf');
    expect(pdfFileName('   ', '2020-12-31')).toBe('Ergebnis_test_31.12.2020.pdf');
    expect(pdfFileName('Ion', '')).toBe('Ergebnis_Ion_01.01.1970.pdf');
  });

  it('replaces characters that are unsafe in file names', () => {
    expect(pdfFileName('a/b\\c:d*e?f"g<h>i|j', '2019-03-07')).toBe(
      'Ergebnis_a_b_c_d_e_f_g_h_i_j_07.03.2019.pdf',
    );
    expect(pdfFileName('Tab\there\nnew', '2019-03-07')).toBe('Ergebnis_Tab_here_new_07.03.2019.pdf');
    expect(pdfFileName('..hidden', '2019-03-07')).toBe('Ergebnis__hidden_07.03.2019.pdf');
    expect(pdfFileName('Ende. ', '2019-03-07')).toBe('Ergebnis_Ende_07.03.2019.pdf');
  });

  it('keeps Arabic and Romanian letters', () => {
    expect(pdfFileName('مريم', '2018-01-02')).toBe('Ergebnis_مريم_02.01.2018.pdf');
    expect(pdfFileName('Ștefan Țurcanu', '2018-01-02')).toBe('Ergebnis_Ștefan Țurcanu_02.01.2018.pdf');
  });

  it('shortens very long names', () => {
    expect(pdfFileName('x'.repeat(300), '').length).toBeLessThan(120);
  });
});
