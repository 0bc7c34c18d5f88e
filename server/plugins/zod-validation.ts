import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Turns a schema's issues into the one-line message a client reads. */
export type IssueFormatter = (issues: z.core.$ZodIssue[]) => string;

/**
 * Zod's German messages for a check whose schema names none (every error of the server is German,
 * docs/product.md §32); a schema's own message always wins.
 */
const germanDefaults = z.locales.de().localeError;

/** `field: problem` for each issue, e.g. "question5: muss true oder false sein". */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
        return issue.keys.map((key) => `${prefix}${key}: unbekanntes Feld`).join('; ');
      }
      if (issue.path.length === 0) return issue.code === 'custom' ? issue.message : `body: ${issue.message}`;
      return `${issue.path.join('.')}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Lets a plugin's routes declare Zod schemas as their route schemas (`schema: { body, querystring }`):
 * Fastify validates before the handler runs, the handler reads the parsed value, and a refusal is
 * a 400 whose message `format` writes. Encapsulated: it applies to the calling plugin's routes only.
 */
export function useZodSchemas(app: FastifyInstance, format: IssueFormatter = describeIssues): void {
  app.setValidatorCompiler(({ schema }) => {
    const zodSchema = schema as unknown as z.ZodType;
    return (data: unknown) => {
      const parsed = zodSchema.safeParse(data, { error: germanDefaults });
      if (parsed.success) return { value: parsed.data };
      return { error: Object.assign(new Error(format(parsed.error.issues)), { statusCode: 400 }) };
    };
  });
}
