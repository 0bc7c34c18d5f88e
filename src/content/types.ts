import type { AuthoredAnswerType, Language, QuestionSource, Texts } from '../../schemas/question';

export type { LanguagePack } from '../../schemas/language-pack';
export type { ChildLanguage, Language, Texts } from '../../schemas/question';

/** Every answerType the client knows: the authored ones plus the error question of an empty queue. */
export type AnswerType = AuthoredAnswerType | 'Error';

/** A question as compiled for the client; picture fields hold the built asset URL. */
export type Question = QuestionSource;

/** What the queue serves: the question plus the texts of the current language. */
export type ServedQuestion =
  | (Question & { currentTexts: Texts })
  | {
      id: -1;
      level: 0;
      answerType: 'Error';
      correctAnswer: -1;
      texts: Partial<Record<Language, Texts>>;
      currentTexts: Texts;
    };
