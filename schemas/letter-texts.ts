import { z } from 'zod';
import { languageName } from './question-parts.ts';

/**
 * The texts of the two letters to the parents (docs/product.md, "Elternbrief und Ergebnisbrief"):
 * each language pack carries them under `letter:` (content/languages/<code>.yaml), de.yaml the German
 * reference. A letter prints the German text and the family's text side by side. Facts — names,
 * places, periods, the fields sent to the server — are never written into a text: the text has a
 * placeholder ({monateServer}) and the app fills in the deployment's value.
 * Build-side only: the client gets the texts through virtual:zaehltest-letters.
 */

/** The placeholders the app fills in, and what each stands for (content/README.md lists them). */
export const LETTER_PLACEHOLDERS = {
  '{verantwortlich}': 'the responsible body (LETTER_CONTROLLER), or a blank line',
  '{datenschutz}': 'the data-protection contact (LETTER_PRIVACY_CONTACT), or a blank line',
  '{ort}': 'where the server stands (LETTER_SERVER_PLACE), or a blank line',
  '{monateGeraet}': 'the months without a test after which the tablet offers to delete a child (18)',
  '{monateServer}': 'the months after the latest test after which the server deletes (RETENTION_MONTHS)',
  '{kind}': "the child's first name (printed on the tablet only, never sent)",
  '{datum}': 'the day of the test',
  '{niveau}': "the plain name of the level the child is working on (letter's level1 … levelAbove3)",
} as const;
export type LetterPlaceholder = keyof typeof LETTER_PLACEHOLDERS;

/** The kinds of data a result sent to the server holds, as the letter names them to parents. */
export const DATA_KINDS = [
  'dataChildCode',
  'dataBirth',
  'dataSetting',
  'dataLanguage',
  'dataAnswers',
  'dataDate',
  'dataEndedEarly',
  'dataConsent',
  'dataTechnical',
] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/** The German reference of every letter text (de.yaml has the same; messages quote it). */
export const LETTER_REFERENCE = {
  title: 'Elternbrief zum Zähltest',
  greeting: 'Liebe Eltern,',
  intro:
    'wir möchten mit Ihrem Kind den Zähltest machen: ein Spiel mit Zahlen auf dem Tablet, etwa 20 Minuten lang. Er zeigt uns, womit sich Ihr Kind beim Zählen und bei Mengen gerade beschäftigt, damit wir es gut begleiten können. Der Zähltest ist ein Screening, keine Diagnose und keine Note.',
  controllerHeading: 'Wer ist verantwortlich?',
  controller:
    'Verantwortlich für die Daten: {verantwortlich}. Fragen zum Datenschutz beantwortet: {datenschutz}.',
  purposeHeading: 'Wozu, und auf welcher Grundlage?',
  purpose:
    'Mit den Daten planen wir, wie wir Ihr Kind beim Lernen von Zahlen unterstützen. Grundlage ist Ihre Einwilligung (Art. 6 Abs. 1 Buchst. a DSGVO). Ohne Ihre Einwilligung machen wir den Test nicht; Ihrem Kind entsteht daraus kein Nachteil.',
  collectedHeading: 'Was wird erfasst?',
  collectedDevice:
    'Auf dem Tablet der Einrichtung: Name und Geburtsdatum Ihres Kindes, seine Sprache und seine Ergebnisse. Der Name verlässt das Tablet nie.',
  collectedServer: 'Bei jedem Test geht an den Server, ohne Namen:',
  dataChildCode: 'ein Kind-Code aus 6 Zeichen statt des Namens',
  dataBirth: 'das Geburtsdatum',
  dataSetting: 'die Art der Einrichtung, die Klassenstufe und die Kennung der Einrichtung',
  dataLanguage: 'die Sprache des Tests und ob Ihr Kind sie verstanden hat',
  dataAnswers: 'die Antworten auf die Aufgaben, mit Antwortzeiten',
  dataDate: 'der Tag des Tests',
  dataEndedEarly: 'ob der Test früher beendet wurde, mit einem festen Grund',
  dataConsent: 'ob Sie der Weitergabe für die Forschung zugestimmt haben',
  dataTechnical: 'technische Angaben: Kennung der Sendung, Fassung der Aufgaben und der Übersetzung',
  storedHeading: 'Wo und wie lange wird gespeichert?',
  storedDevice:
    'Auf dem Tablet, verschlüsselt und mit einem Passwort geschützt. Wurde Ihr Kind {monateGeraet} Monate lang nicht getestet, bietet das Tablet an, seine Daten zu löschen.',
  storedServer:
    'Auf dem Server: {ort}. Dort werden die Ergebnisse {monateServer} Monate nach dem letzten Test Ihres Kindes gelöscht.',
  accessHeading: 'Wer sieht die Daten?',
  access:
    'Auf dem Tablet die Fachkräfte der Einrichtung. Auf dem Server nur die Personen, denen der Verantwortliche den Zugang gibt, und nur ohne Namen. Für die Forschung wird ein Ergebnis nur weitergegeben, wenn Sie unten zustimmen, und nur ohne Namen.',
  rightsHeading: 'Ihre Rechte',
  rights:
    'Sie können jederzeit erfahren, welche Daten über Ihr Kind gespeichert sind (Art. 15 DSGVO), und verlangen, dass sie berichtigt (Art. 16), gelöscht (Art. 17) oder eingeschränkt verarbeitet werden (Art. 18). Sie können Ihre Einwilligung jederzeit widerrufen (Art. 7 Abs. 3); was bis dahin geschehen ist, bleibt rechtmäßig. Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren (Art. 77 DSGVO).',
  consentHeading: 'Einwilligung',
  consentChild: 'Name des Kindes',
  consentScreening:
    'Ich bin einverstanden, dass mein Kind den Zähltest macht und die Daten wie oben beschrieben gespeichert werden.',
  consentResearch:
    'Freiwillig: Ich bin einverstanden, dass das Ergebnis ohne Namen, nur mit dem Kind-Code, für die Forschung weitergegeben wird.',
  consentDate: 'Ort, Datum',
  consentSignature: 'Unterschrift der Eltern oder Sorgeberechtigten',
  resultTitle: 'Ergebnisbrief zum Zähltest',
  resultIntro: '{kind} hat am {datum} beim Zähltest mitgemacht, einem Spiel mit Zahlen auf dem Tablet.',
  resultLooked:
    'Der Zähltest schaut, wie ein Kind zählt, Zahlen ordnet und vergleicht und kleine Mengen zerlegt und zusammensetzt. Er zeigt einen Ausschnitt an einem Tag; er ist keine Diagnose und keine Note.',
  resultLevel: '{kind} arbeitet gerade an: {niveau}.',
  level1: 'Zählen',
  level2: 'Zahlen ordnen und vergleichen',
  level3: 'Mengen zerlegen und zusammensetzen',
  levelAbove3: 'Rechnen mit größeren Zahlen im Alltag',
  resultActivitiesHeading: 'Drei Spielideen für zu Hause',
  resultActivitiesNote:
    'Die Spielideen stehen auf Deutsch daneben. Die Fachkräfte der Einrichtung erklären sie Ihnen gern.',
  resultClosing:
    'Spielen Sie mit Ihrem Kind in der Sprache, die Sie zu Hause sprechen. Wenn Sie Fragen haben, sprechen Sie uns gern an.',
} as const satisfies Record<string, string>;

export type LetterField = keyof typeof LETTER_REFERENCE;
export const LETTER_FIELDS = Object.keys(LETTER_REFERENCE) as LetterField[];

/** The letter's texts of one language: every field once the pack is complete. */
export type LetterTexts = Record<LetterField, string>;

/** Which placeholders a text may hold; a text must hold each of them (the fact would be lost). */
export const LETTER_FIELD_PLACEHOLDERS: Partial<Record<LetterField, readonly LetterPlaceholder[]>> = {
  controller: ['{verantwortlich}', '{datenschutz}'],
  storedDevice: ['{monateGeraet}'],
  storedServer: ['{ort}', '{monateServer}'],
  resultIntro: ['{kind}', '{datum}'],
  resultLevel: ['{kind}', '{niveau}'],
};

const PLACEHOLDER = /\{[^{}]*\}/g;

/** One letter text of a language: present, not empty, with exactly its placeholders. */
function letterText(language: string, field: LetterField) {
  const name = languageName(language);
  const reference = LETTER_REFERENCE[field];
  const quoted = reference.length > 60 ? `${reference.slice(0, 57)}…` : reference;
  const write = `write the ${name} text of the letter's ${field} (German: "${quoted}")`;
  const wanted = LETTER_FIELD_PLACEHOLDERS[field] ?? [];
  return z
    .string({
      error: (issue: { input?: unknown }) =>
        issue.input === null
          ? `must not be empty — ${write}`
          : `must be a text — ${write}; put it in double quotes`,
    })
    .trim()
    .min(1, { error: `must not be empty — ${write}` })
    .superRefine((text, ctx) => {
      const found: string[] = text.match(PLACEHOLDER) ?? [];
      for (const placeholder of found) {
        if (!(wanted as readonly string[]).includes(placeholder)) {
          ctx.addIssue({
            code: 'custom',
            message:
              wanted.length === 0
                ? `has the placeholder ${placeholder}, which the app does not fill in here — write the sentence without it`
                : `has the placeholder ${placeholder}, which the app does not fill in — write ${wanted.join(' and ')} exactly (lower case, curly braces)`,
          });
        }
      }
      for (const placeholder of wanted) {
        if (!(found as string[]).includes(placeholder)) {
          ctx.addIssue({
            code: 'custom',
            message: `has no ${placeholder} — write ${placeholder} where ${LETTER_PLACEHOLDERS[placeholder]} goes, as in the German "${reference}"`,
          });
        }
      }
    })
    .describe(`Letter to the parents: ${field} (German: "${reference}").`);
}

/**
 * The `letter:` map of a pack. Every field is optional here so that a pack loads while a translator
 * works; scripts/content/languages.ts reports each missing text at its file:line.
 */
export function letterSchema(language: string) {
  return z
    .strictObject(
      Object.fromEntries(
        LETTER_FIELDS.map((field) => [field, letterText(language, field).optional()]),
      ) as Record<LetterField, z.ZodOptional<ReturnType<typeof letterText>>>,
      { error: 'must be a map of texts — write one "field: text" line per letter text, as in de.yaml' },
    )
    .optional()
    .describe(
      "The texts of the Elternbrief and the Ergebnisbrief in this language (docs/product.md, 'Elternbrief und Ergebnisbrief'); facts are placeholders such as {monateServer}.",
    );
}
