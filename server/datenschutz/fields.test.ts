import { describe, expect, it } from 'vitest';
import { answerDetailSchema, resultPayloadSchema } from '../../schemas/result-payload.ts';
import {
  ANSWER_FIELD_DESCRIPTIONS,
  ANSWER_FIELDS,
  describedFields,
  UPLOAD_FIELD_DESCRIPTIONS,
  UPLOAD_FIELDS,
} from './fields.ts';

describe('the described upload fields', () => {
  it('are the fields of the upload schema, each with a description and no description left over', () => {
    const schemaFields = Object.keys(resultPayloadSchema.shape);
    expect(UPLOAD_FIELDS).toEqual(schemaFields);
    expect(schemaFields.filter((field) => !(field in UPLOAD_FIELD_DESCRIPTIONS))).toEqual([]);
    expect(Object.keys(UPLOAD_FIELD_DESCRIPTIONS).filter((field) => !schemaFields.includes(field))).toEqual(
      [],
    );
  });

  it("are the fields of one answer's details, each with a description and no description left over", () => {
    const schemaFields = Object.keys(answerDetailSchema.shape);
    expect(ANSWER_FIELDS).toEqual(schemaFields);
    expect(schemaFields.filter((field) => !(field in ANSWER_FIELD_DESCRIPTIONS))).toEqual([]);
    expect(Object.keys(ANSWER_FIELD_DESCRIPTIONS).filter((field) => !schemaFields.includes(field))).toEqual(
      [],
    );
  });

  it('never include the name', () => {
    expect(UPLOAD_FIELDS.filter((field) => /name/i.test(field))).toEqual([]);
    expect(ANSWER_FIELDS.filter((field) => /name/i.test(field))).toEqual([]);
  });

  it('group neighbours of one description, and refuse a field without one', () => {
    const groups = describedFields(UPLOAD_FIELDS, UPLOAD_FIELD_DESCRIPTIONS);
    expect(groups.flatMap((group) => group.fields)).toEqual(UPLOAD_FIELDS);
    expect(groups.find((group) => group.fields.includes('question1'))?.fields).toHaveLength(21);
    expect(() => describedFields([...UPLOAD_FIELDS, 'childName'], UPLOAD_FIELD_DESCRIPTIONS)).toThrow(
      'the upload field childName has no description',
    );
  });
});
