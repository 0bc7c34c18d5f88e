import { describe, expect, it } from 'vitest';
import type { Texts } from '../content/types';
import { PromptSession, type PromptSessionOptions } from './prompt-session';
import { Speaker } from './speaker';
import { fakePorts, settle, voice } from './test-fakes';

const texts: Texts = {
  situationText: 'İyi dinle.',
  questionText: 'Doğru saydım mı?',
  answerText: 'Hangi sayıyı unuttum?',
};

function setup({
  recorded = [] as string[],
  voices = [voice('tr-TR')],
}: {
  recorded?: string[];
  voices?: SpeechSynthesisVoice[];
} = {}) {
  const fakes = fakePorts(voices);
  const speaker = new Speaker(fakes.ports);
  const recordings: PromptSessionOptions['recordings'] = {
    question: (id, language, field) =>
      recorded.includes(field) ? `/audio/q${id}-${language}-${field}.mp3` : undefined,
    phrase: (language, phrase) =>
      recorded.includes(phrase) ? `/audio/${language}-${phrase}.mp3` : undefined,
  };
  const session = new PromptSession({ speaker, questionId: 1, language: 'tr', texts, recordings });
  return { ...fakes, speaker, session };
}

describe('PromptSession', () => {
  it('speaks the situation, then the question, each after the previous one ended', async () => {
    const { session, synthesis, log } = setup();
    // The question text's component may ask first: the order is that of the texts, not of the asking.
    session.request([texts.questionText]);
    session.request([texts.situationText]);
    await settle();
    expect(log).toEqual(['say:tr-TR:İyi dinle.']);
    synthesis.finish();
    await settle();
    expect(log).toEqual(['say:tr-TR:İyi dinle.', 'say:tr-TR:Doğru saydım mı?']);
    synthesis.finish();
    await settle();
    expect(session.record()).toEqual({ source: 'synthesis', replays: 0 });
  });

  it('plays a recording where there is one and the voice for the rest, never two at once', async () => {
    const { session, audio, synthesis, log } = setup({ recorded: ['situationText'] });
    session.request([texts.situationText, texts.questionText]);
    await settle();
    expect(log).toEqual(['audio:/audio/q1-tr-situationText.mp3']);
    expect(synthesis.speaking).toBeNull();
    audio.finish();
    await settle();
    expect(log.at(-1)).toBe('say:tr-TR:Doğru saydım mı?');
    synthesis.finish();
    await settle();
    // Not every text was recorded: the device's voice spoke part of the prompt.
    expect(session.record().source).toBe('synthesis');
  });

  it('records a prompt as recorded when every text was', async () => {
    const { session, audio } = setup({ recorded: ['situationText', 'questionText'], voices: [] });
    session.request([texts.situationText, texts.questionText]);
    await settle();
    audio.finish();
    await settle();
    audio.finish();
    await settle();
    expect(session.record()).toEqual({ source: 'recording', replays: 0 });
  });

  it('says nothing and records none on a device without a voice and without recordings', async () => {
    const { session, log } = setup({ voices: [] });
    session.request([texts.situationText, texts.questionText]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(log).toEqual([]);
    expect(session.record().source).toBe('none');
  });

  it('stops at once when the child answers, and says nothing after', async () => {
    const { session, synthesis, log } = setup();
    session.request([texts.situationText, texts.questionText]);
    await settle();
    const record = session.end();
    expect(log).toEqual(['say:tr-TR:İyi dinle.', 'cancel']);
    expect(synthesis.speaking).toBeNull();
    expect(record).toEqual({ source: 'synthesis', replays: 0 });
    session.request([texts.answerText!]);
    session.replay();
    await settle();
    expect(log).toEqual(['say:tr-TR:İyi dinle.', 'cancel']);
  });

  it('stops a recording when the child answers', async () => {
    const { session, audio, log } = setup({ recorded: ['situationText', 'questionText'] });
    session.request([texts.situationText, texts.questionText]);
    await settle();
    session.end();
    await settle();
    expect(log).toEqual(['audio:/audio/q1-tr-situationText.mp3', 'pause']);
    expect(audio.playing).toBe(false);
  });

  it('a later step replaces what is still being said', async () => {
    const { session, log } = setup();
    session.request([texts.situationText, texts.questionText]);
    await settle();
    session.request([texts.answerText!]);
    await settle();
    expect(log).toEqual(['say:tr-TR:İyi dinle.', 'cancel', 'say:tr-TR:Hangi sayıyı unuttum?']);
  });

  it('is silent while a flash is on screen: what plays stops, nothing new starts', async () => {
    const { session, speaker, synthesis, log } = setup();
    session.request([texts.situationText, texts.questionText]);
    await settle();
    speaker.silence(true);
    expect(log).toEqual(['say:tr-TR:İyi dinle.', 'cancel']);
    session.replay();
    session.request([texts.answerText!]);
    await settle();
    synthesis.finish();
    await settle();
    expect(log).toEqual(['say:tr-TR:İyi dinle.', 'cancel']);
    speaker.silence(false);
    session.request([texts.answerText!]);
    await settle();
    expect(log.at(-1)).toBe('say:tr-TR:Hangi sayıyı unuttum?');
  });

  it('in a test without sound neither replays nor counts a press of the speaker button', async () => {
    const { session, log } = setup({ voices: [] });
    session.request([texts.situationText, texts.questionText]);
    // The device's voice list has been read (an empty one is waited for 50 ms in the fakes).
    await new Promise((resolve) => setTimeout(resolve, 80));
    session.replay();
    session.replay();
    await settle();
    expect(log).toEqual([]);
    expect(session.end()).toEqual({ source: 'none', replays: 0 });
  });

  it('replays the current step from its beginning and counts it', async () => {
    const { session, synthesis, log } = setup();
    session.request([texts.situationText, texts.questionText]);
    await settle();
    synthesis.finish();
    await settle();
    session.replay();
    await settle();
    expect(log).toEqual([
      'say:tr-TR:İyi dinle.',
      'say:tr-TR:Doğru saydım mı?',
      'cancel',
      'say:tr-TR:İyi dinle.',
    ]);
    session.replay();
    expect(session.end()).toEqual({ source: 'synthesis', replays: 2 });
  });

  it('speaks a phrase of the language pack, recorded when there is a recording', async () => {
    const { session, log } = setup({ recorded: ['practiceCorrect'] });
    session.say('Doğru!', 'practiceCorrect');
    await settle();
    session.say('Doğru cevap: 3', 'practiceWrongNumber');
    await settle();
    expect(log).toEqual(['audio:/audio/tr-practiceCorrect.mp3', 'pause', 'say:tr-TR:Doğru cevap: 3']);
  });
});
