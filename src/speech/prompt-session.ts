import type { ChildLanguage, Texts } from '../content/types';
import { combineSources, type PromptSource } from './source';
import type { Speaker, Utterance } from './speaker';

/** The order texts are spoken in when several appear together. */
export type TextField = 'situationText' | 'questionText' | 'answerText';

const FIELD_ORDER: readonly TextField[] = ['situationText', 'questionText', 'answerText'];

/** What an answer keeps of its prompt (AnswerRecord.prompt). */
export interface PromptRecord {
  source: PromptSource;
  /** How often the speaker button was pressed. */
  replays: number;
}

export interface PromptSessionOptions {
  speaker: Speaker;
  questionId: number;
  language: ChildLanguage;
  texts: Texts;
  /** The authored recording of a question text or of a phrase of the language pack, if any. */
  recordings: {
    question(questionId: number, language: ChildLanguage, field: TextField): string | undefined;
    phrase(language: ChildLanguage, phrase: string): string | undefined;
  };
  /** Runs the batch of texts requested in one render; defaults to a microtask. */
  schedule?: (run: () => void) => void;
}

/**
 * The spoken prompt of one question screen. Components ask for the texts they show as they
 * appear (`request`); texts that appear together are spoken together, in the order situation,
 * question, answer; a later step (the answer text after 'Nein', the second five-fingers prompt)
 * replaces what is still being said. `replay` says the current step again from its beginning.
 */
export class PromptSession {
  private pending: string[] = [];
  private scheduled = false;
  private current: Utterance[] = [];
  /** The sources of the current step once known: all 'none' means a replay would say nothing. */
  private currentSources: PromptSource[] | undefined;
  private replays = 0;
  private readonly sources: PromptSource[] = [];
  private ended = false;
  private readonly schedule: (run: () => void) => void;

  constructor(private readonly options: PromptSessionOptions) {
    this.schedule = options.schedule ?? ((run) => queueMicrotask(run));
  }

  /** A text of this question has appeared on screen. */
  request(texts: readonly string[]): void {
    if (this.ended) return;
    this.pending.push(...texts.filter((text) => text.trim() !== ''));
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      const batch = this.pending;
      this.pending = [];
      if (batch.length > 0 && !this.ended) this.start(this.utterances(batch));
    });
  }

  /** Speaks a phrase of the language pack (the practice feedback), recorded or by the device's voice. */
  say(text: string, phrase: string): void {
    if (this.ended || text.trim() === '') return;
    const { language, recordings, speaker } = this.options;
    const url = recordings.phrase(language, phrase);
    void speaker.play([url ? { text, language, recordingUrl: url } : { text, language }]);
  }

  get language(): ChildLanguage {
    return this.options.language;
  }

  /**
   * The speaker button: the current step again, from its beginning. A step nothing can speak on
   * this device (a test without sound) is not replayed and not counted (docs/product.md §14).
   */
  replay(): void {
    if (this.ended || this.options.speaker.isSilenced) return;
    if (this.currentSources?.every((source) => source === 'none')) return;
    this.replays++;
    this.start(this.current);
  }

  /** The child answered or the screen goes: silence, and nothing more from this screen. */
  end(): PromptRecord {
    this.ended = true;
    this.options.speaker.stop();
    return this.record();
  }

  record(): PromptRecord {
    return { source: combineSources(this.sources), replays: this.replays };
  }

  private start(utterances: Utterance[]) {
    const isReplay = utterances === this.current;
    this.current = utterances;
    if (!isReplay) this.currentSources = undefined;
    const { speaker } = this.options;
    // Known as soon as the voices are (at once after the start screen), so an answer given while
    // the prompt still plays records it too.
    void Promise.all(utterances.map((u) => speaker.sourceOf(u))).then((sources) => {
      this.sources.push(...sources);
      if (this.current === utterances) this.currentSources = sources;
    });
    void speaker.play(utterances);
  }

  private utterances(texts: readonly string[]): Utterance[] {
    const { texts: own, questionId, language, recordings } = this.options;
    const fieldOf = (text: string) => FIELD_ORDER.find((field) => own[field] === text);
    const unique = [...new Set(texts)];
    const rank = (text: string) => {
      const field = fieldOf(text);
      return field ? FIELD_ORDER.indexOf(field) : FIELD_ORDER.length;
    };
    return unique
      .map((text, index) => ({ text, index }))
      .sort((a, b) => rank(a.text) - rank(b.text) || a.index - b.index)
      .map(({ text }) => {
        const field = fieldOf(text);
        const url = field ? recordings.question(questionId, language, field) : undefined;
        return url ? { text, language, recordingUrl: url } : { text, language };
      });
  }
}
