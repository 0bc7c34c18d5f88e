import { describe, expect, it } from 'vitest';
import { PRACTICE_TYPES } from '../domain/facts';
import { ANSWER_TYPES, answerTypeOf, QUESTION_SCREENS } from './registry';
import { answerRenderers } from './renderers';

const types = Object.keys(ANSWER_TYPES) as (keyof typeof ANSWER_TYPES)[];

describe('the answer type registry', () => {
  it('has a descriptor and a renderer for every answer type, each named after its key', () => {
    expect(Object.keys(answerRenderers).sort()).toEqual([...types].sort());
    for (const type of types) {
      expect(ANSWER_TYPES[type].answerType).toBe(type);
      expect(typeof answerRenderers[type]).toBe('function');
    }
  });

  it('serves questions on the question screens of docs/product.md §26', () => {
    expect([...QUESTION_SCREENS].sort()).toEqual(
      [
        'question',
        'timer-image-question',
        'image-compare',
        'count-and-forgotten',
        'five-fingers',
        'move-dots',
        'examples/move-dots',
        'examples/timer',
      ].sort(),
    );
    expect(answerTypeOf('Error').screen).toBe('question');
  });

  it('marks exactly the practice types of the domain facts as practice', () => {
    expect(types.filter((type) => ANSWER_TYPES[type].practice).sort()).toEqual([...PRACTICE_TYPES].sort());
  });
});
