import { performance } from 'node:perf_hooks';
import type { QuestionSource } from '../../schemas/question.ts';
import { compileQuestionsModule } from '../content/compile.ts';
import { loadContent, REAL_CONTENT } from '../content/load.ts';
import type { Metric } from './report.ts';

/** The real packs, validated; throws with the content report when they are not valid. */
export function loadQuestions(): QuestionSource[] {
  const content = loadContent(REAL_CONTENT);
  if (content.issues.length) {
    throw new Error(`the content packs have ${content.issues.length} issue(s): run npm run content:check`);
  }
  return content.questions;
}

/**
 * Time to read, parse, validate and compile every pack, as a build or `npm run content:check` does,
 * in this already warm process (module loading is not counted); the worst of `runs` runs.
 */
export function contentMetrics(runs = 5): { metrics: Metric[]; details: unknown } {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const content = loadContent(REAL_CONTENT);
    compileQuestionsModule(content.questions, content.picturesDir);
    times.push(performance.now() - started);
    count = content.questions.length;
  }
  return {
    metrics: [
      {
        group: 'content',
        name: `validate + compile ${count} packs (worst of ${runs})`,
        value: Math.max(...times),
        unit: 'ms',
        budget: { max: 1000 },
        note: `first run ${times[0]?.toFixed(1)} ms (includes lazy initialisation of yaml/zod)`,
      },
    ],
    details: { timesMs: times },
  };
}
