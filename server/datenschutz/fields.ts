import {
  answerDetailSchema,
  resultPayloadSchema,
  SCORED_QUESTION_IDS,
} from '../../schemas/result-payload.ts';

/**
 * What a result sent to the server holds, for the record of processing (Art. 30 DSGVO): the field
 * names come from the upload schema the server validates with (schemas/result-payload.ts), the
 * German descriptions from the tables below. fields.test.ts fails when the schema gains a field
 * without a description or a description names a field the schema lacks.
 */

/** One German description per field of the upload (resultPayloadSchema). */
export const UPLOAD_FIELD_DESCRIPTIONS: Record<string, string> = {
  submissionId:
    'Zufällige Kennung der Einsendung (UUID), auf dem Gerät erzeugt; damit ein doppelt gesendetes Ergebnis nur einmal gespeichert wird',
  born: 'Geburtsdatum des Kindes (JJJJ-MM-TT), oder leer',
  school: 'Art der Einrichtung: Kita, Grundschule oder Förderschule',
  schoolLevel: 'Klassenstufe 1 bis 4, oder leer',
  language:
    'Sprache, in der getestet wurde, als Zahlencode (z. B. 2 = Türkisch); meist die Familiensprache des Kindes oder Deutsch',
  ...Object.fromEntries(
    SCORED_QUESTION_IDS.map((id) => [
      `question${id}`,
      'Je gewertete Aufgabe: gelöst ja oder nein (leer, wenn ein vorzeitig beendeter Test sie nicht erreicht hat)',
    ]),
  ),
  translationStatus: 'Ob die Übersetzung der Testsprache geprüft oder ein Entwurf ist',
  testDate: 'Testtag (JJJJ-MM-TT)',
  contentVersion: 'Kennung (Prüfsumme) der Fassung der Testaufgaben',
  answers: 'Angaben je gewerteter Aufgabe (folgende Tabelle)',
  childCode:
    'Kind-Code: 6 Zeichen, ein Pseudonym, das die Tests desselben Kindes verbindet (nur für auf dem Gerät gespeicherte Kinder)',
  site: 'Einrichtungskennung der Kita (vom Träger vergeben, z. B. KITA-017), wenn auf dem Gerät eingestellt',
  endedEarly:
    'Bei vorzeitig beendetem Test: einer von fünf festen Gründen (keine Lust, unwohl, Sprache, Störung, anderes) und die letzte erreichte Aufgabe; kein Freitext',
  understanding:
    'Ob das Kind die gesprochene Sprache verstanden hat (ja, teilweise, nein), von der Fachkraft erfasst',
  researchConsent:
    'Ob die Eltern der Weitergabe des pseudonymen Ergebnisses für die Forschung zugestimmt haben (ja, nein, unbekannt), wie auf dem Gerät erfasst',
};

/** One German description per field of an entry of `answers` (answerDetailSchema). */
export const ANSWER_FIELD_DESCRIPTIONS: Record<string, string> = {
  question: 'Nummer der Aufgabe',
  given: 'Gegebene Antwort (eine Zahl oder Ja/Nein), leer bei „keine Antwort“',
  responseTimeMs: 'Antwortzeit in Millisekunden',
  exposureMs: 'Gemessene Anzeigedauer eines kurz gezeigten Bildes in Millisekunden',
  exposuresMs: 'Alle gemessenen Anzeigedauern, wenn das Bild noch einmal gezeigt wurde',
  pageHiddenDuringExposure: 'Die Seite war während der Bildanzeige verdeckt',
  lateFirstFrameMs: 'Verspätung des ersten Bildes einer Bildanzeige in Millisekunden',
  interrupted: 'Die Aufgabe wurde durch ein Neuladen der Seite unterbrochen',
  prompt:
    'Wie die Aufgabe vorgelesen wurde (Aufnahme, Gerätestimme, ohne Ton) und wie oft sie wiederholt wurde',
  noAnswer: 'Das Kind hat keine Antwort gegeben („Weiß nicht“)',
};

/** The field names of the upload and of one answer's details, in the schema's order. */
export const UPLOAD_FIELDS: readonly string[] = Object.keys(resultPayloadSchema.shape);
export const ANSWER_FIELDS: readonly string[] = Object.keys(answerDetailSchema.shape);

export interface FieldGroup {
  fields: string[];
  description: string;
}

/**
 * The fields with their descriptions, neighbours of the same description in one group (the 21
 * answer flags share one). Throws for a field without a description, so no document is written
 * that leaves a field out.
 */
export function describedFields(
  fields: readonly string[],
  descriptions: Record<string, string>,
): FieldGroup[] {
  const groups: FieldGroup[] = [];
  for (const field of fields) {
    const description = descriptions[field];
    if (description === undefined)
      throw new Error(`the upload field ${field} has no description in server/datenschutz/fields.ts`);
    const last = groups.at(-1);
    if (last?.description === description) last.fields.push(field);
    else groups.push({ fields: [field], description });
  }
  return groups;
}
