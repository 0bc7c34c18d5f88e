import '../app/app.css';
import { type ComponentType, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type AnswerRenderers, answerRenderers } from '../answer-types/renderers';
import type { AnswerSubmission, RendererProps } from '../answer-types/types';
import type { AnswerType, ChildLanguage, Question } from '../content/types';
import { i18n } from '../i18n';
import { PromptProvider, usePromptSession } from '../speech/prompt-context';
import { SpeakerButton } from '../speech/speaker-button';
import { screenFor } from '../store/screen-routing';
import type { PreviewAnswerMessage } from './messages';
import { type FrameSelection, parseFrameSelection } from './preview-hash';
import { servePreviewQuestion } from './preview-question';
import { useHash } from './use-hash';
import { usePreviewContent } from './use-preview-content';

/** Hands the answer to the preview page around this frame; nothing is stored or sent. */
function reportAnswer(selection: FrameSelection & { id: number }, submission: AnswerSubmission) {
  const message: PreviewAnswerMessage = {
    type: 'zaehltest-preview-answer',
    questionId: selection.id,
    language: selection.language,
    run: selection.run,
    submission,
  };
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

function ChildQuestion({
  questions,
  selection,
}: {
  questions: readonly Question[];
  selection: FrameSelection & { id: number };
}) {
  const [answered, setAnswered] = useState(false);
  const served = servePreviewQuestion(questions, selection.id, selection.language);
  // The wording being reviewed on /verwaltung/sprachen replaces the pack's (docs/product.md §50).
  const question = selection.texts
    ? { ...served, currentTexts: { ...served.currentTexts, ...selection.texts } }
    : served;
  // Spoken as in the test, so authors hear the recordings and the device voice (German too).
  const prompt = usePromptSession(question.id, selection.language as ChildLanguage, question.currentTexts);
  const dataset = {
    'data-question-id': question.id,
    'data-language': selection.language,
    'data-run': selection.run,
  };
  if (answered) {
    // After an answer the child sees the empty transition screen, as in the test.
    return (
      <main className="app app-transition" data-screen="transition" data-answered="true" {...dataset}>
        <div className="transition" />
      </main>
    );
  }
  const screen = screenFor(question.answerType);
  const Renderer = (answerRenderers as AnswerRenderers)[question.answerType] as ComponentType<
    RendererProps<AnswerType>
  >;
  return (
    <main className={`app app-${screen.replace('/', '-')}`} data-screen={screen} {...dataset}>
      <PromptProvider session={prompt}>
        <Renderer
          question={question as RendererProps<AnswerType>['question']}
          // The renderers use the language only for lang and dir; the German reference is
          // left-to-right like Turkish and Romanian, so it renders exactly as they do.
          language={selection.language as ChildLanguage}
          onAnswer={(submission) => {
            reportAnswer(selection, { ...submission, prompt: prompt.end() });
            setAnswered(true);
          }}
          onRestart={() => undefined}
        />
        <SpeakerButton />
      </PromptProvider>
    </main>
  );
}

/**
 * The child's screen, alone in a frame of the tablet's size so that the app's CSS (which measures
 * the viewport) lays it out exactly as in the test. The preview page picks the question through
 * this frame's address.
 */
export function Page() {
  const content = usePreviewContent({ withIssues: false });
  const selection = parseFrameSelection(useHash());
  const id = selection.id ?? content?.questions[0]?.id;
  if (!content || id === undefined) return null;
  return (
    <I18nextProvider i18n={i18n}>
      <ChildQuestion
        key={`${id}-${selection.language}-${selection.run}`}
        questions={content.questions}
        selection={{ ...selection, id }}
      />
    </I18nextProvider>
  );
}
