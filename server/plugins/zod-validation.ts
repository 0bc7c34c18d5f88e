import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** Turns a schema's issues into the one-line message a client reads. */
export type IssueFormatter = (issues: z.core.$ZodIssue[]) => string;

/** `field: problem` for each issue, e.g. "question5: must be true or false". */
export function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}: unknown field`;
      if (issue.path.length === 0)
        return issue.code === 'custom' ? issue.message : 'body: must be a JSON object';
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
      const parsed = zodSchema.safeParse(data);
      if (parsed.success) return { value: parsed.data };
      return { error: Object.assign(new Error(format(parsed.error.issues)), { statusCode: 400 }) };
    };
  });
}
