import { z } from 'zod';
import { HINT_SEPARATOR } from './question.ts';

/**
 * The schema of content/levels.yaml: what each level of the test means and what helps a child who
 * works on it (docs/product.md §22). Build-side only: the client imports the inferred *types*.
 *
 * Every error text reads "what is wrong — what to do" (HINT_SEPARATOR); scripts/content/levels.ts
 * prefixes it with the file, line, column and field path of the YAML node.
 */

/** The levels the file describes: the three scored levels, then 'größer 3' (all three reached). */
export const LEVEL_KEYS = ['1', '2', '3', 'above3'] as const;
export type LevelKey = (typeof LEVEL_KEYS)[number];

/** Förderhinweise per level: few enough to act on, enough to choose from. */
export const MIN_ACTIVITIES = 3;
export const MAX_ACTIVITIES = 4;

const text = (what: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `is missing${HINT_SEPARATOR}write the ${what} in German`
          : `must be a text${HINT_SEPARATOR}write the ${what}; put it in double quotes if it contains ": " or " #"`,
    })
    .trim()
    .min(1, { error: `must not be empty${HINT_SEPARATOR}write the ${what} in German` });

/** A translation of the first Förderhinweise into a family language, for the Ergebnisbrief. */
const translatedActivities = z
  .array(
    z
      .string({ error: `must be a text${HINT_SEPARATOR}write the translated activity in double quotes` })
      .trim()
      .min(1, {
        error: `must not be empty${HINT_SEPARATOR}translate the activity at the same place in activities`,
      }),
    {
      error: `must be a list${HINT_SEPARATOR}write each translated activity on its own line starting with "- "`,
    },
  )
  .min(1, {
    error: `is empty${HINT_SEPARATOR}translate at least the first activity, or remove the language`,
  });

const levelSchema = z
  .strictObject(
    {
      title: text('short name of the level, e.g. "Zählzahl"').describe(
        'Short name of the concept, shown after "Niveau N:", e.g. "Zählzahl".',
      ),
      description: text('description of what the level means').describe(
        'Two or three sentences for educators and parents: what a child on this level understands.',
      ),
      activities: z
        .array(text('activity'), {
          error: `must be a list${HINT_SEPARATOR}write each activity on its own line starting with "- "`,
        })
        .min(MIN_ACTIVITIES, {
          error: `needs ${MIN_ACTIVITIES} to ${MAX_ACTIVITIES} activities${HINT_SEPARATOR}add play-based everyday activities, one per "- " line`,
        })
        .max(MAX_ACTIVITIES, {
          error: `has more than ${MAX_ACTIVITIES} activities${HINT_SEPARATOR}keep the ${MAX_ACTIVITIES} most useful ones`,
        })
        .describe(
          `Förderhinweise: ${MIN_ACTIVITIES} to ${MAX_ACTIVITIES} concrete, play-based everyday activities, shown when this level is the assigned one.`,
        ),
      translations: z
        .record(
          z.string().regex(/^[a-z]{2}$/, {
            error: `is not a language code${HINT_SEPARATOR}name the language pack, e.g. tr or uk`,
          }),
          translatedActivities,
        )
        .optional()
        .describe(
          'The first activities translated per language code (tr, ar, …), in the same order: the Ergebnisbrief prints the first three beside the German ones (docs/product.md §49).',
        ),
    },
    {
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `is missing${HINT_SEPARATOR}add title, description and activities for this level`
          : `must be a map${HINT_SEPARATOR}write title:, description: and activities: indented under the level`,
    },
  )
  .superRefine((level, ctx) => {
    for (const [code, list] of Object.entries(level.translations ?? {})) {
      if (list.length > level.activities.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['translations', code],
          message: `has ${list.length} activities, but activities has ${level.activities.length}${HINT_SEPARATOR}translate each activity once, in the order of activities`,
        });
      }
    }
  })
  .describe('One level: its name, what it means and what helps.');

export const levelsSchema = z
  .strictObject(
    {
      levels: z
        .strictObject(
          {
            '1': levelSchema.describe('Niveau 1: Zählzahl — the number word sequence and counting.'),
            '2': levelSchema.describe('Niveau 2: ordinaler Zahlenstrahl — numbers in order.'),
            '3': levelSchema.describe('Niveau 3: Kardinalität und Zerlegbarkeit.'),
            above3: levelSchema.describe("'größer 3': all three levels reached."),
          },
          {
            error: (issue) =>
              issue.input === undefined || issue.input === null
                ? `is missing${HINT_SEPARATOR}add "levels:" with 1, 2, 3 and above3`
                : `must be a map${HINT_SEPARATOR}write 1:, 2:, 3: and above3: indented under levels:`,
          },
        )
        .describe('The levels by number; above3 is shown when all three are reached.'),
    },
    { error: `must be a map${HINT_SEPARATOR}start the file with "levels:"` },
  )
  .describe('What each level of the Zähltest means and what helps (Förderhinweise).');

export type LevelsSource = z.infer<typeof levelsSchema>;
export type LevelDescription = LevelsSource['levels'][LevelKey];
