import type { TextDirection, TranslationStatus } from '../../schemas/language-pack';
import type { DataKind, LetterField, LetterTexts } from '../../schemas/letter-texts';

/**
 * The letters to the parents as data (docs/product.md, "Elternbrief und Ergebnisbrief"): every
 * paragraph as a pair of the German text and the family's text, with the deployment's facts filled
 * into the placeholders. Pure, so it is tested without a PDF; ./letter-pdf.ts draws it.
 */

/** What a fact left unset by the deployment prints: a line to fill in by hand. */
export const BLANK = '______________________________';

/** The deployment's facts (scripts/build-config.ts LetterSettings). */
export interface LetterFacts {
  controller?: string;
  privacyContact?: string;
  serverPlace?: string;
  serverRetentionMonths: number;
  deviceRetentionMonths: number;
}

/** One language's side of a letter. */
export interface LetterSide {
  texts: LetterTexts;
  dir: TextDirection;
  /** The BCP-47 language of the side's text, for the PDF. */
  lang: string;
}

/** A paragraph in German and, when the family reads another language, in that language. */
export interface Pair {
  german: string;
  own?: string;
}

export type LetterPart =
  /** `keepTogether`: the section up to the next heading stays on one page (the consent form). */
  | { kind: 'heading'; text: Pair; keepTogether?: true }
  | { kind: 'paragraph'; text: Pair }
  | { kind: 'list'; items: Pair[] }
  | { kind: 'checkbox'; text: Pair }
  | { kind: 'line'; label: Pair; value?: string };

export interface LetterDocument {
  title: Pair;
  /** The family's language side: its direction; absent for a German-only letter. */
  ownDir?: TextDirection;
  ownLang?: string;
  /** Whether the family's texts are a draft: the letter says 'Entwurf'. */
  draft: boolean;
  parts: LetterPart[];
}

/** Replaces each {placeholder} by its value; a placeholder without a value stays a blank line. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | undefined>>): string {
  return text.replace(/\{([^{}]*)\}/g, (_, name: string) => values[name] ?? BLANK);
}

function pair(
  german: LetterSide,
  own: LetterSide | undefined,
  field: LetterField,
  values: Record<string, string | undefined> = {},
): Pair {
  return {
    german: fillPlaceholders(german.texts[field], values),
    ...(own ? { own: fillPlaceholders(own.texts[field], values) } : {}),
  };
}

export interface ParentLetterInput {
  german: LetterSide;
  /** The family's language; undefined for a letter in German only. */
  own?: { side: LetterSide; status: TranslationStatus };
  facts: LetterFacts;
  /** The kinds of data the upload holds (virtual:zaehltest-letters dataKinds, from the upload schema). */
  dataKinds: readonly DataKind[];
  /** The child's name, printed on the consent form; undefined for a blank letter. */
  childName?: string;
}

/** The Elternbrief: Art. 13 DSGVO information and the consent form. */
export function parentLetter(input: ParentLetterInput): LetterDocument {
  const { german, facts } = input;
  const own = input.own?.side;
  const p = (field: LetterField, values?: Record<string, string | undefined>) =>
    pair(german, own, field, values);
  const values = {
    verantwortlich: facts.controller,
    datenschutz: facts.privacyContact,
    ort: facts.serverPlace,
    monateGeraet: String(facts.deviceRetentionMonths),
    monateServer: String(facts.serverRetentionMonths),
  };
  const section = (heading: LetterField, ...paragraphs: LetterPart[]): LetterPart[] => [
    {
      kind: 'heading',
      text: p(heading),
      ...(heading === 'consentHeading' ? { keepTogether: true as const } : {}),
    },
    ...paragraphs,
  ];
  const paragraph = (field: LetterField): LetterPart => ({ kind: 'paragraph', text: p(field, values) });
  return {
    title: p('title'),
    ...(own ? { ownDir: own.dir, ownLang: own.lang } : {}),
    draft: input.own?.status === 'Entwurf',
    parts: [
      paragraph('greeting'),
      paragraph('intro'),
      ...section('controllerHeading', paragraph('controller')),
      ...section('purposeHeading', paragraph('purpose')),
      ...section('collectedHeading', paragraph('collectedDevice'), paragraph('collectedServer'), {
        kind: 'list',
        items: input.dataKinds.map((kind) => p(kind)),
      }),
      ...section('storedHeading', paragraph('storedDevice'), paragraph('storedServer')),
      ...section('accessHeading', paragraph('access')),
      ...section('rightsHeading', paragraph('rights')),
      ...section(
        'consentHeading',
        { kind: 'line', label: p('consentChild'), ...(input.childName ? { value: input.childName } : {}) },
        { kind: 'checkbox', text: p('consentScreening') },
        { kind: 'checkbox', text: p('consentResearch') },
        { kind: 'line', label: p('consentDate') },
        { kind: 'line', label: p('consentSignature') },
      ),
    ],
  };
}

/** The level the child is working on, as the letter names it. */
export type WorkingLevel = 1 | 2 | 3 | 'above-3';

const LEVEL_FIELD: Record<WorkingLevel, LetterField> = {
  1: 'level1',
  2: 'level2',
  3: 'level3',
  'above-3': 'levelAbove3',
};

export interface ResultLetterInput {
  german: LetterSide;
  own?: { side: LetterSide; status: TranslationStatus };
  childName: string;
  /**
   * The name as the German column prints it, when it differs: a name in a right-to-left script is
   * 'Ihr Kind' there, since the German column's font has no such letters.
   */
  germanChildName?: string;
  /** TT.MM.JJJJ. */
  testDate: string;
  /** The assigned level (src/results/levels.ts): the level the child is working on. */
  level: WorkingLevel;
  /**
   * The level's Förderhinweise (content/levels.yaml), German beside their translation where the file
   * has one; the letter prints the first three.
   */
  activities: readonly Pair[];
}

/** The Ergebnisbrief: what the screening looked at, the level as 'arbeitet gerade an …', three play ideas. */
export function resultLetter(input: ResultLetterInput): LetterDocument {
  const { german } = input;
  const own = input.own?.side;
  const kind = input.childName.trim() || BLANK;
  const levelName = (side: LetterSide) => side.texts[LEVEL_FIELD[input.level]];
  const germanKind = input.germanChildName ?? kind;
  const levelLine: Pair = {
    german: fillPlaceholders(german.texts.resultLevel, { kind: germanKind, niveau: levelName(german) }),
    ...(own ? { own: fillPlaceholders(own.texts.resultLevel, { kind, niveau: levelName(own) }) } : {}),
  };
  const activities = input.activities.slice(0, 3);
  // Without a translation of each, the family's column says where the play ideas stand.
  const untranslated = own !== undefined && activities.some((activity) => activity.own === undefined);
  return {
    title: pair(german, own, 'resultTitle'),
    ...(own ? { ownDir: own.dir, ownLang: own.lang } : {}),
    draft: input.own?.status === 'Entwurf',
    parts: [
      { kind: 'paragraph', text: pair(german, own, 'greeting') },
      {
        kind: 'paragraph',
        text: {
          german: fillPlaceholders(german.texts.resultIntro, { kind: germanKind, datum: input.testDate }),
          ...(own ? { own: fillPlaceholders(own.texts.resultIntro, { kind, datum: input.testDate }) } : {}),
        },
      },
      { kind: 'paragraph', text: pair(german, own, 'resultLooked') },
      { kind: 'heading', text: levelLine },
      { kind: 'heading', text: pair(german, own, 'resultActivitiesHeading') },
      ...(own && untranslated
        ? [{ kind: 'paragraph' as const, text: { german: '', own: own.texts.resultActivitiesNote } }]
        : []),
      {
        kind: 'list',
        items: activities.map((activity) =>
          own && activity.own !== undefined ? activity : { german: activity.german },
        ),
      },
      { kind: 'paragraph', text: pair(german, own, 'resultClosing') },
    ],
  };
}
