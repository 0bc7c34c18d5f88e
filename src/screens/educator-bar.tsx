import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GERMAN } from '../../schemas/test-languages';
import { QUESTION_SCREENS as QUESTION_SCREEN_LIST } from '../answer-types/registry';
import { useStore } from '../store';
import type { Screen } from '../store/types';
import { CancelTest } from './cancel-test';
import { EndTest } from './end-test';
import './educator-tools.css';
import { NoAnswerButton } from './no-answer-button';
import { NumberWordsButton, NumberWordsList } from './number-words';
import { PracticeGoOn } from './practice-go-on';
import { SilentBadge } from './silent-badge';

const QUESTION_SCREENS: ReadonlySet<Screen> = new Set(QUESTION_SCREEN_LIST);

/**
 * The educator's strip at the foot of every screen of a running test (docs/product.md §15, §17):
 * 'Frage 7 von 23', the German reference text and the authored hint ("Für Sie: …") unless switched
 * off on the start screen, 'Zahlwörter' and, on a scored question, 'Weiß nicht', on a practice
 * question after two wrong tries 'Weiter', 'Test beenden' on a question (§38) and 'Test abbrechen'. German, small and apart from the child's text; it
 * is not task text, so nothing reads it aloud. During the pause between questions it keeps its
 * place but shows no question.
 */
export function EducatorBar({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const currentId = useStore((s) => s.currentId);
  const educatorLine = useStore((s) => s.educatorLine);
  const language = useStore((s) => s.user.language);
  // The number words stay open from one question to the next until the educator closes them.
  const [wordsOpen, setWordsOpen] = useState(false);
  const wordsId = useId();
  // In the pause after a question its line keeps its place, hidden, so the bar does not jump.
  const idle = screen === 'transition';
  const onQuestion = currentId !== null && (idle || QUESTION_SCREENS.has(screen));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the question is fixed by its id
  const question = useMemo(
    () => (onQuestion ? useStore.getState().currentQuestion() : undefined),
    [currentId, onQuestion],
  );
  const progress = onQuestion ? useStore.getState().progress() : undefined;
  // In a test in German the child hears the reference itself: the line keeps only the hint (§44).
  const testedInGerman = language === GERMAN;
  const german = question?.texts.de;
  const hint = question && 'hint' in question ? question.hint : undefined;
  // Practice questions are not scored, so they have no "keine Antwort"; neither has the error screen.
  const scored = !idle && question !== undefined && question.level > 0 && question.answerType !== 'Error';
  return (
    <section
      className={idle ? 'educator-bar is-idle' : 'educator-bar'}
      aria-label={t('educator.barLabel')}
      lang="de"
      dir="ltr"
    >
      {progress && (
        <p className="educator-progress" data-testid="educator-progress">
          {t('educator.progress', progress)}
        </p>
      )}
      <SilentBadge />
      {educatorLine && german && (!testedInGerman || hint) && (
        <p className="educator-line" data-testid="educator-line">
          <strong>{t('educator.forYou')}</strong>{' '}
          {!testedInGerman && `${german.situationText} ${german.questionText}`}
          {hint && <span className="educator-hint">{hint}</span>}
        </p>
      )}
      <div className="educator-actions">
        {onQuestion && !idle && !testedInGerman && (
          <NumberWordsButton open={wordsOpen} listId={wordsId} onToggle={() => setWordsOpen(!wordsOpen)} />
        )}
        {scored && <NoAnswerButton />}
        {!idle && <PracticeGoOn />}
        {onQuestion && !idle && <EndTest />}
        <CancelTest />
      </div>
      {onQuestion && !idle && wordsOpen && (
        <NumberWordsList language={language} listId={wordsId} onClose={() => setWordsOpen(false)} />
      )}
    </section>
  );
}
