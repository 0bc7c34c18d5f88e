import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { rendererFor } from '../answer-types/renderers';
import { type FlashLog, FlashLogContext } from '../answer-types/shared/flash-log';
import { type PracticeLog, PracticeLogContext } from '../answer-types/shared/practice-log';
import { useAnswerClock } from '../answer-types/shared/use-answer-clock';
import type { RendererProps } from '../answer-types/types';
import type { AnswerType } from '../content/types';
import { PromptProvider, usePromptSession, useUnlockOnFirstTap } from '../speech/prompt-context';
import { SpeakerButton } from '../speech/speaker-button';
import { useStore } from '../store';
import { offerNoAnswer } from './no-answer-target';
import { ProgressStrip } from './progress-strip';

/**
 * Every question screen of docs/product.md §26 (question, timer-image-question, image-compare,
 * count-and-forgotten, five-fingers, move-dots, the two practice screens and the error question):
 * the current question, rendered by its answerType's renderer. A reload re-serves the same question.
 */
export function QuestionScreen() {
  const { t } = useTranslation();
  const currentId = useStore((s) => s.currentId);
  const language = useStore((s) => s.user.language);
  const submitAnswer = useStore((s) => s.submitAnswer);
  const endSession = useStore((s) => s.endSession);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the question is fixed by its id and language
  const question = useMemo(() => useStore.getState().currentQuestion(), [currentId, language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the position is fixed by the question's id
  const progress = useMemo(() => useStore.getState().progress(), [currentId]);
  // Read once per question: what a reload finds of this question's flash.
  const flashLog = useMemo((): FlashLog => {
    const { flash, flashStarted, flashMeasured } = useStore.getState();
    return {
      prior: flash?.questionId === question.id ? flash : undefined,
      started: () => flashStarted(question.id),
      measured: (exposureMs) => flashMeasured(question.id, exposureMs),
    };
  }, [question.id]);
  const Renderer = rendererFor(question.answerType);
  // The spoken prompt (docs/product.md §14): stops when the child answers or the screen goes.
  const prompt = usePromptSession(question.id, language, question.currentTexts);
  // A practice question's wrong tries, kept in the session for 'Weiter' (docs/product.md §6); read
  // once per question, like the flash.
  const practiceLog = useMemo((): PracticeLog => {
    const { practice, practiceMissed } = useStore.getState();
    return {
      priorWrongTries: practice?.questionId === question.id ? practice.wrongTries : 0,
      // How the prompt was delivered so far goes with it, as with an answer.
      missed: (wrong) => practiceMissed(question.id, { ...wrong, prompt: prompt.record() }),
    };
  }, [question.id, prompt]);
  useUnlockOnFirstTap();
  // 'Weiß nicht' in the educator's bar (docs/product.md, "The educator understands the child"): "keine Antwort", scored 0, the time
  // since the question was shown.
  const clock = useAnswerClock();
  useEffect(
    () =>
      offerNoAnswer(() =>
        submitAnswer(question, {
          givenAnswer: '',
          correct: false,
          responseTimeMs: clock.elapsed(),
          entry: { kind: 'no-answer' },
          noAnswer: true,
          prompt: prompt.end(),
        }),
      ),
    [question, submitAnswer, clock, prompt],
  );
  return (
    <PromptProvider session={prompt}>
      {/* Every screen has a level-one heading (axe page-has-heading-one); this one only for screen readers. */}
      <h1 className="visually-hidden">{t('common.appName')}</h1>
      <ProgressStrip {...progress} />
      <FlashLogContext.Provider value={flashLog}>
        <PracticeLogContext.Provider value={practiceLog}>
          <Renderer
            key={question.id}
            question={question as RendererProps<AnswerType>['question']}
            language={language}
            onAnswer={(submission) => submitAnswer(question, { ...submission, prompt: prompt.end() })}
            onRestart={endSession}
          />
        </PracticeLogContext.Provider>
      </FlashLogContext.Provider>
      {question.answerType !== 'Error' && <SpeakerButton />}
    </PromptProvider>
  );
}
