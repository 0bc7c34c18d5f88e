import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANSWER_TYPES } from '../../src/contract.ts';
import { questionJsonSchema } from './json-schema.ts';
import { SCHEMA_FILE } from './load.ts';

interface Branch {
  properties: Record<string, { const?: string; description?: string }>;
  required: string[];
  additionalProperties: boolean;
}

describe('schemas/question.schema.json', () => {
  it('is exactly what the generator writes (run npm run content:check to update it)', () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(questionJsonSchema());
  });

  it('has one closed branch per answer type, with the field descriptions VS Code shows', () => {
    const schema = JSON.parse(questionJsonSchema()) as { oneOf: Branch[] };
    const types = schema.oneOf.map((branch) => branch.properties.answerType?.const);
    // Every answer type of the registry an author can write (all but the error question).
    const authored = Object.keys(ANSWER_TYPES).filter((type) => type !== 'Error');
    expect([...types].sort()).toEqual(authored.sort());
    for (const branch of schema.oneOf) {
      expect(branch.additionalProperties).toBe(false);
      for (const [field, property] of Object.entries(branch.properties)) {
        expect(property.description, `${branch.properties.answerType?.const}.${field}`).toBeTruthy();
      }
    }
    const timer = schema.oneOf.find((branch) => branch.properties.answerType?.const === 'TimerTextInput');
    expect(timer?.required).toEqual(
      expect.arrayContaining(['id', 'level', 'correctAnswer', 'texts', 'timerImage', 'timerInterval']),
    );
  });
});
