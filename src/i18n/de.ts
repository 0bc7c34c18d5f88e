/**
 * Every German string of the user interface, in one i18next resource.
 * Sections belong to screens; task texts are not here (they come from the content packs).
 */
export const de = {
  common: {},
  result: {},
} as const;
