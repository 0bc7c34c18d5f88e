import { describe, expect, it } from 'vitest';
import { SCORED_QUESTION_IDS } from '../../src/domain/facts.ts';
import { deAuswertung } from '../../src/i18n/de-auswertung.ts';
import { CSV_HEADERS } from '../export.ts';

describe('the CSV columns explained on /auswertung', () => {
  it('explains every column of the CSV, in its order', () => {
    const explained = deAuswertung.columns.list.flatMap((column) =>
      column.name === 'Frage1 … Frage23' ? SCORED_QUESTION_IDS.map((id) => `Frage${id}`) : [column.name],
    );
    expect(explained).toEqual(CSV_HEADERS);
    for (const column of deAuswertung.columns.list) expect(column.text.length).toBeGreaterThan(10);
  });
});
