import { describe, expect, it } from 'vitest';
import { SCREEN_BY_ANSWER_TYPE } from '../store/screen-routing';
import { answerRenderers } from './registry';

const ANSWER_TYPES = [
  'TextInput',
  'MultipleChoice',
  'MoveDots',
  'MultipleChoiceWithImages',
  'TimerTextInput',
  'ImageCompare',
  'CountAndForgotten',
  'FiveFingers',
  'MoveDotsExample',
  'TimerImageExample',
  'Error',
];

describe('the answer renderer registry', () => {
  it('has a renderer for every answer type of the spec', () => {
    expect(Object.keys(answerRenderers).sort()).toEqual([...ANSWER_TYPES].sort());
    for (const component of Object.values(answerRenderers)) expect(typeof component).toBe('function');
  });

  it('routes each answer type to the screen of SPEC section 2', () => {
    expect(SCREEN_BY_ANSWER_TYPE).toEqual({
      TimerTextInput: 'timer-image-question',
      ImageCompare: 'image-compare',
      CountAndForgotten: 'count-and-forgotten',
      FiveFingers: 'five-fingers',
      MoveDots: 'move-dots',
      MoveDotsExample: 'examples/move-dots',
      TimerImageExample: 'examples/timer',
      TextInput: 'question',
      MultipleChoice: 'question',
      MultipleChoiceWithImages: 'question',
      Error: 'question',
    });
  });
});
