import './preview.css';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Question } from '../content/types';
import { i18n } from '../i18n';
import { AnswerResult } from './answer-result';
import { ChildScreenFrame } from './child-screen-frame';
import { ContentIssues } from './content-issues';
import { GermanReference } from './german-reference';
import type { PreviewAnswerMessage } from './messages';
import { type PreviewSelection, parseSelection, selectionHash } from './preview-hash';
import { servePreviewQuestion } from './preview-question';
import { PreviewToolbar, StepButtons } from './preview-toolbar';
import { QuestionList } from './question-list';
import { RecordingPanel } from './recording-panel';
import { useHash } from './use-hash';
import { usePreviewContent } from './use-preview-content';
import { useReloadOnContentChange } from './use-reload-on-content-change';

/**
 * One question in one language: the child's screen, the score of the answer given there and,
 * when chosen, the German reference. Another question or language starts afresh (run 0, no answer)
 * in the same frame: only the frame's hash changes, so the frame switches without loading the app
 * again (a remounted frame took about half a second per question).
 */
function QuestionStage({
  questions,
  question,
  selection,
  steps,
}: {
  questions: readonly Question[];
  question: Question;
  selection: PreviewSelection;
  /** 'Vorherige' / 'Nächste', beside 'Nochmal'. */
  steps: ReactNode;
}) {
  const { t } = useTranslation();
  const [run, setRun] = useState(0);
  const [answer, setAnswer] = useState<PreviewAnswerMessage | null>(null);
  const shown = `${question.id}-${selection.language}`;
  const [stateOf, setStateOf] = useState(shown);
  if (stateOf !== shown) {
    // Adjusting state to new props during render (react.dev, "You Might Not Need an Effect").
    setStateOf(shown);
    setRun(0);
    setAnswer(null);
  }
  const served = servePreviewQuestion(questions, question.id, selection.language);
  const again = () => {
    setAnswer(null);
    setRun((r) => r + 1);
  };
  const onAnswer = (message: PreviewAnswerMessage) => {
    // An answer from an earlier run or question (a message still on its way) is not this one's.
    if (
      message.questionId === question.id &&
      message.language === selection.language &&
      message.run === run
    ) {
      setAnswer(message);
    }
  };
  return (
    <section className="preview-stage" aria-labelledby="preview-stage-heading">
      <div className="preview-stage-head">
        <h2 id="preview-stage-heading" className="preview-stage-heading">
          {t('preview.questionOf', {
            id: question.id,
            level: question.level === 0 ? t('preview.practiceLevel') : question.level,
            answerType: question.answerType,
          })}
        </h2>
        {steps}
        <button type="button" className="preview-button" onClick={again}>
          {t('preview.again')}
        </button>
      </div>
      <AnswerResult question={served} answer={answer} />
      <div className="preview-stage-body">
        <ChildScreenFrame
          selection={{ id: question.id, language: selection.language, run }}
          device={selection.device}
          title={t('preview.childScreen', { id: question.id })}
          onAnswer={onAnswer}
        />
        {selection.showGerman && <GermanReference key={shown} question={question} />}
      </div>
      {import.meta.hot && <RecordingPanel key={shown} question={question} language={selection.language} />}
    </section>
  );
}

function AuthoringPage() {
  const { t } = useTranslation();
  useReloadOnContentChange();
  const content = usePreviewContent({ withIssues: true });
  const selection = parseSelection(useHash());
  const questions = content?.questions ?? [];
  const index = Math.max(
    0,
    questions.findIndex((q) => q.id === selection.id),
  );
  const question = questions[index];
  const change = (changes: Partial<PreviewSelection>) => {
    window.location.hash = selectionHash({ ...selection, id: question?.id ?? selection.id, ...changes });
  };

  return (
    <div className="preview">
      <header className="preview-header">
        <h1>{t('preview.title')}</h1>
        <p>{t('preview.notice')}</p>
      </header>
      {content && content.issues.length > 0 && (
        <ContentIssues issues={content.issues} questionsMissing={questions.length === 0} />
      )}
      {content && content.issues.length === 0 && content.loadError && (
        <p className="preview-issues" role="alert">
          {t('preview.loadFailed', { message: content.loadError })}
        </p>
      )}
      {!content && <p className="preview-status">{t('preview.loading')}</p>}
      {content && !content.loadError && questions.length === 0 && (
        <p className="preview-status">{t('preview.noQuestions')}</p>
      )}
      {question && (
        <div className="preview-body">
          <QuestionList questions={questions} currentId={question.id} selection={selection} />
          <main className="preview-main">
            <PreviewToolbar selection={selection} onChange={change} />
            <QuestionStage
              questions={questions}
              question={question}
              selection={selection}
              steps={
                <StepButtons
                  previousId={questions[index - 1]?.id}
                  nextId={questions[index + 1]?.id}
                  onGo={(id) => change({ id })}
                />
              }
            />
          </main>
        </div>
      )}
    </div>
  );
}

/** The authoring preview (preview.html): every question, in every language, as the child sees it. */
export function Page() {
  return (
    <I18nextProvider i18n={i18n}>
      <AuthoringPage />
    </I18nextProvider>
  );
}
