import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QuestionSource } from '../../schemas/question.ts';
import { reachedScreenAt } from '../../src/contract.ts';
import { type Engine, type EnginePage, openPage } from '../../tests/support/driver/index.ts';
import { xDisplay } from '../../tests/support/driver/webkit.ts';
import { storedSession, unlock, waitUntil } from '../../tests/support/engine-flow.ts';
import { type Anchor, startAnchor } from './jspsych-anchor.ts';
import { type Metric, median, summarize } from './report.ts';
import {
  frameDifference,
  pictureOnScreen,
  type Region,
  recordScreen,
  type ScreenRecording,
} from './screen-recorder.ts';
import { SESSION_STORAGE_KEY, sessionAtQuestion } from './session-seed.ts';

/** One display frame at 60 Hz. */
const FRAME_MS = 1000 / 60;
/** The budget of every frame-timing metric: one frame at 60 Hz, as the issue states it. */
const FRAME_BUDGET_MS = 16.7;
/** Slack for 'Bereit' → picture: input and frame timestamps come from different clocks' ticks. */
const CLICK_TOLERANCE_MS = 1;
/** Budgets of the flash on the recorded screen (WebKitGTK, issue 27). */
const SCREEN_MEDIAN_MS = 17;
const SCREEN_MAX_MS = 50;
const SCREEN_READY_MEDIAN_MS = 100;
/** Frame timestamps are coarsened to 0.1 ms; values are compared at that resolution. */
const atClockResolution = (ms: number) => Math.round(ms * 10) / 10;
const TRANSITION_MS = 500;
const PROBE = readFileSync(join(import.meta.dirname, 'page-probe.js'), 'utf8');
/** The driver polls on a timer (tests/support/engine-flow.ts: 50 ms), not in every frame, so its checks stay out of the frames measured. */

type TimedQuestion = Extract<QuestionSource, { timerInterval: number }>;

/** What page-probe.js records (see there for how). */
interface ProbeData {
  frames: number[];
  changes: { t: number; frame: number | null; pictures: number; transition: boolean }[];
  clicks: { t: number; handledAt: number; label: string }[];
  /** performance.timeOrigin of the page: its clock against the wall clock of the screen recording. */
  timeOrigin: number;
}

/** A flash as the recorded display showed it (WebKitGTK under Xvfb). */
interface ScreenTiming {
  exposureMs: number;
  errorMs: number;
  /** From the 'Bereit' click event to the first recorded frame with the pictures. */
  readyToScreenMs: number;
  /**
   * From the frame time of the frame that painted the pictures (and of the one that painted them
   * away) to the first recorded frame that shows it: the engine's and the display's latency at each
   * edge. Only their difference changes the time on screen.
   */
  showLatencyMs: number;
  hideLatencyMs: number;
  /** The recording's resolution at the two edges (screen-recorder.ts, OnScreen). */
  showGapMs: number;
  hideGapMs: number;
}

interface FlashRun {
  id: number;
  /** The app, or the jsPsych 8.3 anchor flashing the same picture for the same interval. */
  subject: 'app' | 'jspsych';
  intervalMs: number;
  /** The page's estimate: from when the frame that painted the pictures reached the screen to when the frame that painted them away did. */
  exposureMs: number;
  errorMs: number;
  /** From the 'Bereit' click event to the frame that painted the pictures. */
  readyToPictureMs: number;
  /** Frames the page painted after the 'Bereit' click and before the one with the pictures (0 at best). */
  framesBeforePicture: number;
  /** The interval of the engine's frames that ended in the frame with the pictures. */
  pictureFrameIntervalMs: number | null;
  /** Frames that took longer than 1.5 frames while the pictures were up. */
  longFrames: number;
  /** The display was recorded (WebKitGTK, idle runs). */
  recorded: boolean;
  /** The flash on the recorded display; null without a recording or when the recording did not see it. */
  screen: ScreenTiming | null;
  /** The app's own record of the exposure (answer record), for comparison only. */
  appExposureMs: number | null;
  /** The app's record of a late first frame (lateFirstFrameMs), when it made one. */
  appLateFirstFrameMs: number | null;
  /** From the first frame of the transition screen to the first frame of the next screen, minus 500 ms. */
  transitionErrorMs: number | null;
}

export function isTimed(q: QuestionSource): q is TimedQuestion {
  return 'timerInterval' in q;
}

const pictureCount = (q: TimedQuestion) => ('timerImage2' in q ? 2 : 1);

/** Picks a flash out of what the probe saw since the 'Bereit' click (and the screen recording, if any). */
function analyse(
  q: TimedQuestion,
  subject: FlashRun['subject'],
  expected: number,
  data: ProbeData,
  recording: Awaited<ReturnType<ScreenRecording['stop']>> | null,
  app: { exposureMs: number | null; lateFirstFrameMs: number | null },
): FlashRun {
  const what = `${subject} question ${q.id}`;
  const click = data.clicks.find((c) => c.label.includes('Bereit'));
  if (!click) throw new Error(`${what}: no 'Bereit' click recorded`);
  const afterClick = data.changes.filter((c) => c.t >= click.t - FRAME_MS);
  const showIndex = afterClick.findIndex((c) => c.pictures > 0);
  const show = afterClick[showIndex];
  if (!show) {
    throw new Error(
      `${what}: the pictures never showed after the click (changes: ${JSON.stringify(data.changes)})`,
    );
  }
  if (show.pictures !== expected)
    throw new Error(`${what}: only ${show.pictures} of ${expected} pictures at once`);
  const hide = afterClick.slice(showIndex + 1).find((c) => c.pictures !== expected);
  if (!hide) throw new Error(`${what}: the pictures never hid`);
  if (hide.pictures !== 0) throw new Error(`${what}: the pictures hid at different times`);
  if (show.frame === null || hide.frame === null) throw new Error(`${what}: no frame after a change`);
  const framesUp = data.frames.filter((t) => t >= show.frame! && t <= hide.frame!);
  const longFrames = framesUp.slice(1).filter((t, i) => t - framesUp[i]! > 1.5 * FRAME_MS).length;
  // When a change's frame was slow (the next frame began more than 1.5 frames after it), its
  // content reached the screen about one frame before the next frame, not at its own timestamp
  // (docs/product.md, 'A flash is timed on screen'): the page's estimate counts from there, as the
  // app's clock does, so that a flash the app rightly extended after a late first frame is not
  // counted as too long. The recorded screen (WebKitGTK) does not depend on this rule.
  const onScreenAt = (changeFrame: number) => {
    const next = data.frames.find((t) => t > changeFrame);
    return next === undefined ? changeFrame : reachedScreenAt(changeFrame, next, FRAME_MS);
  };
  const exposureMs = onScreenAt(hide.frame) - onScreenAt(show.frame);
  const transitionStart = data.changes.find((c) => c.t > hide.t && c.transition);
  const transitionEnd = transitionStart && data.changes.find((c) => c.t > transitionStart.t && !c.transition);
  const transitionErrorMs =
    transitionStart?.frame && transitionEnd?.frame
      ? transitionEnd.frame - transitionStart.frame - TRANSITION_MS
      : null;
  let screen: ScreenTiming | null = null;
  if (recording) {
    const wall = (t: number) => data.timeOrigin + t;
    const seen = pictureOnScreen(recording, wall(click.t) - 2 * FRAME_MS, wall((show.t + hide.t) / 2));
    if (!seen) {
      // Counted in the notes as a flash the recording did not see, never as a perfect one.
      console.warn(
        `${what}: the recorded screen did not show the pictures (${recording.length} frames, ${new Set(recording.map((f) => frameDifference(f.pixels, recording[0]!.pixels))).size} distinct)`,
      );
    }
    if (seen) {
      const onScreen = seen.hiddenAt - seen.shownAt;
      screen = {
        exposureMs: atClockResolution(onScreen),
        errorMs: atClockResolution(onScreen - q.timerInterval),
        readyToScreenMs: atClockResolution(seen.shownAt - wall(click.t)),
        showLatencyMs: atClockResolution(seen.shownAt - wall(show.frame)),
        hideLatencyMs: atClockResolution(seen.hiddenAt - wall(hide.frame)),
        showGapMs: atClockResolution(seen.showGapMs),
        hideGapMs: atClockResolution(seen.hideGapMs),
      };
    }
  }
  return {
    id: q.id,
    subject,
    intervalMs: q.timerInterval,
    exposureMs: atClockResolution(exposureMs),
    errorMs: atClockResolution(exposureMs - q.timerInterval),
    readyToPictureMs: atClockResolution(show.frame - click.t),
    framesBeforePicture: data.frames.filter((t) => t > click.t && t < show.frame!).length,
    pictureFrameIntervalMs: previousFrameInterval(data.frames, show.frame),
    longFrames,
    recorded: recording !== null,
    screen,
    appExposureMs: app.exposureMs,
    appLateFirstFrameMs: app.lateFirstFrameMs,
    transitionErrorMs: transitionErrorMs === null ? null : atClockResolution(transitionErrorMs),
  };
}

/** How many flashes showed in the first frame after the click, and how the slowest one came. */
function firstFrameNote(results: readonly FlashRun[]): string {
  const first = results.filter((r) => r.framesBeforePicture === 0).length;
  const slowest = results.reduce<FlashRun | null>(
    (worst, r) => (worst && worst.readyToPictureMs >= r.readyToPictureMs ? worst : r),
    null,
  );
  const detail = slowest
    ? `; the slowest came after ${slowest.framesBeforePicture} frame(s) without it, in a frame ${slowest.pictureFrameIntervalMs?.toFixed(1) ?? '?'} ms after the one before`
    : '';
  return `${first} of ${results.length} in the first frame after the click${detail}`;
}

/** The time from the frame before `frame` to `frame`; null when the probe saw no frame before it. */
function previousFrameInterval(frames: readonly number[], frame: number): number | null {
  const before = frames.filter((t) => t < frame).at(-1);
  return before === undefined ? null : atClockResolution(frame - before);
}

/** Answers the question on screen right, which ends in the transition to the next question. */
async function answer(page: EnginePage, q: TimedQuestion) {
  if (q.answerType === 'TimerTextInput') {
    await page.fill({ css: 'input.number-input' }, String(q.correctAnswer));
    await page.click({ role: 'button', name: 'Antwort' });
    return;
  }
  await page.click({ role: 'button', name: q.correctAnswer === 0 ? 'Ja' : 'Nein' });
  if (q.answerType === 'TimerImageExample') await page.click({ css: '[role="alertdialog"] button' });
}

type ProbeWindow = Window & { __benchProbe: ProbeData & { reset(): void }; __benchPictureSelector?: string };

/** Where the screen is recorded: the browser window on the X display (WebKitGTK only). */
interface Screen {
  display: string;
  region: Region;
}

/** The window's place on the X display (MiniBrowser under Xvfb sits at its origin). */
async function screenOf(page: EnginePage): Promise<Screen> {
  const rect = await page.evaluate(() => ({
    x: Math.max(0, screenX),
    y: Math.max(0, screenY),
    width: outerWidth,
    height: outerHeight,
  }));
  return { display: await xDisplay(), region: rect };
}

/** Puts the probe in, lets it see a few frames, then starts the recording (if any) and clicks 'Bereit'. */
async function pressReady(page: EnginePage, screen: Screen | null, pictureSelector?: string) {
  if (pictureSelector) {
    await page.evaluate((selector) => {
      (window as unknown as ProbeWindow).__benchPictureSelector = selector;
    }, pictureSelector);
  }
  await page.runScript(PROBE);
  await new Promise((wait) => setTimeout(wait, 100));
  const recording = screen ? recordScreen(screen.display, screen.region) : null;
  await recording?.started;
  await page.evaluate(() => (window as unknown as ProbeWindow).__benchProbe.reset());
  await page.click({ role: 'button', name: 'Bereit' });
  return recording;
}

/**
 * After 'Bereit', the bench leaves the page alone for the interval and this long before it asks
 * whether the flash is over: the flash usually starts within 100 ms of the click.
 */
const QUIET_AFTER_READY_MS = 400;

async function awaitFlash(page: EnginePage, what: string, expected: number, intervalMs: number) {
  // No driver call while the pictures are up: in WebKitGTK every script run through the automation
  // session (each poll) can make a frame late, one in the middle of each flash on average and some
  // right at the hide, where it kept the pictures up 30–50 ms longer; without polling none of them.
  await new Promise((wait) => setTimeout(wait, intervalMs + QUIET_AFTER_READY_MS));
  try {
    await waitUntil(
      `${what}: the flash to show and hide`,
      () =>
        page.evaluate((expected) => {
          const { changes } = (window as unknown as ProbeWindow).__benchProbe;
          const shown = changes.findIndex((c) => c.pictures === expected);
          const hidden = changes.slice(shown + 1).find((c) => c.pictures !== expected);
          return shown >= 0 && hidden !== undefined && hidden.frame !== null;
        }, expected),
      intervalMs + 20_000,
    );
  } catch (error) {
    const seen = await page
      .evaluate(() => {
        const probe = (window as unknown as ProbeWindow).__benchProbe;
        return JSON.stringify({ changes: probe.changes, clicks: probe.clicks, frames: probe.frames.length });
      })
      .catch((reason: unknown) => String(reason));
    throw new Error(`${what}: the flash did not show and hide; the probe saw ${seen}`, { cause: error });
  }
  // The recording goes on a little, to see the display without the pictures.
  await new Promise((wait) => setTimeout(wait, 150));
}

const probeData = (page: EnginePage) =>
  page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).__benchProbe;
    return {
      frames: [...probe.frames],
      changes: probe.changes.map((c) => ({ ...c })),
      clicks: [...probe.clicks],
      timeOrigin: performance.timeOrigin,
    };
  });

/**
 * One flash of the app: resume a session on the question, put the probe into the page
 * (page-probe.js, the same script in every engine), press 'Bereit', answer, wait for the next screen.
 */
async function flashOnce(
  page: EnginePage,
  baseURL: string,
  questions: readonly QuestionSource[],
  q: TimedQuestion,
  screen: Screen | null,
): Promise<FlashRun> {
  // Seeded from a page of the same origin without the app (a picture every engine shows as a page,
  // where a manifest would be downloaded), so no running app saves over the seed.
  await page.goto(`${baseURL}/icons/icon.svg`);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: sessionAtQuestion(questions, q.id),
  });
  await page.goto(baseURL);
  await unlock(page); // a stored session waits behind the passphrase (docs/product.md §20)
  await waitUntil(`question ${q.id}: 'Bereit' enabled`, () =>
    page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Bereit'));
      return button !== undefined && !button.disabled;
    }),
  );
  const recording = await pressReady(page, screen);
  let frames: Awaited<ReturnType<ScreenRecording['stop']>> | null = null;
  try {
    await awaitFlash(page, `app question ${q.id}`, pictureCount(q), q.timerInterval);
  } finally {
    frames = (await recording?.stop()) ?? null;
  }
  await answer(page, q);
  await waitUntil('the transition', () =>
    page.evaluate(() => {
      const { changes } = (window as unknown as ProbeWindow).__benchProbe;
      const start = changes.findIndex((c) => c.transition);
      return start >= 0 && changes.slice(start + 1).some((c) => !c.transition && c.frame !== null);
    }),
  );
  const data = await probeData(page);
  // The stored session is sealed; opened with the passphrase as the tests do.
  const answers = (await storedSession(page))?.answers ?? [];
  const record = answers.findLast((a) => a.question.id === q.id);
  const app = { exposureMs: record?.exposureMs ?? null, lateFirstFrameMs: record?.lateFirstFrameMs ?? null };
  return analyse(q, 'app', pictureCount(q), data, frames, app);
}

/** One flash of the jsPsych anchor: the question's (first) picture for the question's interval. */
async function anchorOnce(
  page: EnginePage,
  anchor: Anchor,
  q: TimedQuestion,
  screen: Screen | null,
): Promise<FlashRun> {
  await page.goto(anchor.url(q.timerImage, q.timerInterval));
  // jsPsych's preload trial (@jspsych/plugin-preload) loads the picture before 'Bereit' shows.
  await waitUntil('the anchor: Bereit', () =>
    page.evaluate(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Bereit')),
    ),
  );
  const recording = await pressReady(page, screen, anchor.pictureSelector);
  let frames: Awaited<ReturnType<ScreenRecording['stop']>> | null = null;
  try {
    await awaitFlash(page, `jsPsych question ${q.id}`, 1, q.timerInterval);
  } finally {
    frames = (await recording?.stop()) ?? null;
  }
  const data = await probeData(page);
  return analyse(q, 'jspsych', 1, data, frames, { exposureMs: null, lateFirstFrameMs: null });
}

/** `count` busy-loop processes beside the browser, competing with it for the CPUs. */
function loadCpu(count: number): () => void {
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return () => {
    for (const child of children) child.kill();
  };
}

/**
 * `runs` flashes of every timed question in `engine`; with `anchor`, each app flash is followed by
 * the anchor's flash of the same picture (interleaved, so both see the same state of the machine).
 * In WebKitGTK the X display is recorded during every flash.
 */
async function measure(
  engine: Engine,
  baseURL: string,
  questions: readonly QuestionSource[],
  timed: readonly TimedQuestion[],
  runs: number,
  anchor: Anchor | null,
  onProgress: (message: string) => void,
): Promise<{ version: string; results: FlashRun[] }> {
  // Leaving a running test asks for confirmation (beforeunload); every driver accepts it.
  const page = await openPage(engine);
  try {
    await page.goto(baseURL);
    // WebKitGTK's display is recorded in every run, the loaded ones too (ffmpeg adds to their load):
    // its frames say too little about when the pictures reached the screen.
    const screen = engine === 'webkit' ? await screenOf(page) : null;
    const results: FlashRun[] = [];
    for (const q of timed) {
      for (let i = 0; i < runs; i++) {
        results.push(await flashOnce(page, baseURL, questions, q, screen));
        if (anchor) results.push(await anchorOnce(page, anchor, q, screen));
      }
      onProgress(
        `${engine}: question ${q.id}: ${runs} flashes${anchor ? ' (and as many of the jsPsych anchor)' : ''}`,
      );
    }
    return { version: page.version, results };
  } finally {
    await page.close();
  }
}

/** The error of a run as the budget reads it: on the recorded screen where there is one. */
const errorOf = (r: FlashRun) => (r.screen ? r.screen.errorMs : r.errorMs);
/** The runs a budget reads: those the recording saw where the screen was recorded. */
const counted = (runs: readonly FlashRun[]) => runs.filter((r) => !r.recorded || r.screen !== null);
const unseenNote = (runs: readonly FlashRun[]) => {
  const unseen = runs.filter((r) => r.recorded && r.screen === null).length;
  return unseen ? `; ${unseen} run(s) the recording did not see (not counted)` : '';
};
const absMedianOf = (runs: readonly FlashRun[]) =>
  runs.length ? median(runs.map((r) => Math.abs(errorOf(r)))) : null;

function anchorNote(anchorRuns: readonly FlashRun[], runs: readonly FlashRun[]): string {
  const seen = counted(anchorRuns);
  const mine = counted(runs);
  if (seen.length === 0 || mine.length === 0) return '';
  const a = summarize(seen.map(errorOf))!;
  const mean = (list: readonly FlashRun[]) =>
    list.reduce((sum, r) => sum + (r.screen ? r.screen.exposureMs : r.exposureMs), 0) / list.length;
  return `; jsPsych 8.3 in the same run: median |error| ${absMedianOf(seen)!.toFixed(1)} ms, error median ${a.median.toFixed(1)} / max |error| ${a.maxAbs.toFixed(1)} ms; mean exposure app/jsPsych ${(mean(mine) / mean(seen)).toFixed(3)}`;
}

/**
 * On the recorded screen under CPU load only the comparison with jsPsych in the same runs carries a
 * budget: with a busy loop and the screen recording on two cores the anchor itself leaves the
 * absolute budgets (its max |error| 67–68 ms loaded, see scripts/bench/README.md), so they would measure
 * the machine, not the app. The absolute numbers are still reported.
 */
type ScreenBudgets = 'absolute and against jsPsych' | 'against jsPsych only';

function timingMetrics(
  group: string,
  label: string,
  results: readonly FlashRun[],
  anchorRuns: readonly FlashRun[],
  screenBudgets: ScreenBudgets = 'absolute and against jsPsych',
): Metric[] {
  const onScreen = results.some((r) => r.recorded);
  const measured = counted(results);
  const errors = summarize(measured.map(errorOf)) ?? {
    min: NaN,
    median: NaN,
    max: NaN,
    maxAbs: NaN,
    count: 0,
  };
  const absMedian = absMedianOf(measured);
  const longFrames = results.reduce((sum, r) => sum + r.longFrames, 0);
  const page = summarize(results.map((r) => r.errorMs))!;
  const app = measured.filter((r) => r.appExposureMs !== null);
  const appDiff = app.length
    ? Math.max(
        ...app.map((r) => Math.abs((r.appExposureMs ?? 0) - (r.screen ? r.screen.exposureMs : r.exposureMs))),
      )
    : null;
  const late = results.filter((r) => r.appLateFirstFrameMs !== null).length;
  const source = onScreen
    ? `on the recorded screen (x11grab, 60 fps); the page's own estimate: error median ${page.median.toFixed(1)} / max |error| ${page.maxAbs.toFixed(1)} ms`
    : "by the page's frames";
  const note = `${results.length} runs ${source}; error min ${errors.min.toFixed(1)} / median ${errors.median.toFixed(1)} / max ${errors.max.toFixed(1)} ms; ${longFrames} long frame(s) during the flashes${appDiff === null ? '' : `; app-recorded exposure differs by ≤ ${appDiff.toFixed(1)} ms`}${late ? `; ${late} run(s) recorded a late first frame` : ''}${unseenNote(results)}${anchorNote(anchorRuns, results)}`;
  if (onScreen) {
    const anchorMedian = absMedianOf(counted(anchorRuns));
    const absolute = screenBudgets === 'absolute and against jsPsych';
    return [
      {
        group,
        name: `${label}: max |error| on screen`,
        value: measured.length ? errors.maxAbs : null,
        unit: 'ms',
        ...(absolute ? { budget: { max: SCREEN_MAX_MS } } : {}),
        note,
      },
      {
        group,
        name: `${label}: median |error| on screen`,
        value: absMedian,
        unit: 'ms',
        ...(absolute ? { budget: { max: SCREEN_MEDIAN_MS } } : {}),
      },
      ...(anchorMedian === null
        ? []
        : [
            {
              group,
              name: `${label}: median |error| on screen − jsPsych's`,
              value: absMedian === null ? null : atClockResolution(absMedian - anchorMedian),
              unit: 'ms',
              budget: { max: SCREEN_MEDIAN_MS },
            } satisfies Metric,
          ]),
    ];
  }
  return [
    {
      group,
      name: `${label}: max |exposure error|`,
      value: errors.maxAbs,
      unit: 'ms',
      budget: { max: FRAME_BUDGET_MS },
      note,
    },
    { group, name: `${label}: median |exposure error|`, value: absMedian, unit: 'ms', budget: { max: 2 } },
  ];
}

export interface FlashOptions {
  runs: number;
  loadedRuns: number;
  /** Busy-loop processes during the loaded runs. */
  loadProcesses: number;
  /** The engines to measure, one after the other (tests/support/driver/). */
  engines: readonly Engine[];
  /** Only these timed questions (all when empty). */
  questionIds?: readonly number[];
  onProgress(message: string): void;
}

/**
 * Flash exposure of every timed question, 'Bereit' → picture latency and the transition's 500 ms,
 * on an idle machine (interleaved with the jsPsych anchor) and again with busy-loop processes
 * competing for the CPUs, in each engine with the same probe; in WebKitGTK on the recorded screen.
 * One summary row per engine first.
 */
export async function flashMetrics(
  baseURL: string,
  questions: readonly QuestionSource[],
  options: FlashOptions,
): Promise<{ metrics: Metric[]; details: unknown }> {
  const summary: Metric[] = [];
  const metrics: Metric[] = [];
  const details: Record<string, unknown> = {};
  const anchor = await startAnchor();
  try {
    for (const engine of options.engines) {
      try {
        const result = await engineMetrics(engine, baseURL, questions, anchor, options);
        summary.push(result.summary);
        metrics.push(...result.metrics);
        details[engine] = result.details;
      } catch (error) {
        // One engine failing must not hide the others' numbers.
        const message = error instanceof Error ? error.message : String(error);
        summary.push({
          group: 'flash per engine',
          name: `${engine}: could not be measured`,
          value: null,
          unit: '',
          budget: { max: 0 },
          note: message.split('\n')[0],
        });
        details[engine] = { error: message };
      }
    }
  } finally {
    await anchor.close();
  }
  return { metrics: [...summary, ...metrics], details };
}

async function engineMetrics(
  engine: Engine,
  baseURL: string,
  questions: readonly QuestionSource[],
  anchor: Anchor,
  options: FlashOptions,
): Promise<{ summary: Metric; metrics: Metric[]; details: unknown }> {
  const timed = questions
    .filter(isTimed)
    .filter((q) => !options.questionIds?.length || options.questionIds.includes(q.id));
  const { version, results: all } = await measure(
    engine,
    baseURL,
    questions,
    timed,
    options.runs,
    anchor,
    options.onProgress,
  );
  const idle = all.filter((r) => r.subject === 'app');
  const anchorRuns = all.filter((r) => r.subject === 'jspsych');
  const stopLoad = loadCpu(options.loadProcesses);
  let loadedAll: FlashRun[];
  try {
    // On the recorded screen (WebKitGTK) the anchor flashes under the same load too: the screen's
    // budget is read against jsPsych in the same conditions.
    ({ results: loadedAll } = await measure(
      engine,
      baseURL,
      questions,
      timed,
      options.loadedRuns,
      engine === 'webkit' ? anchor : null,
      (m) => options.onProgress(`${m} (CPU loaded)`),
    ));
  } finally {
    stopLoad();
  }
  const loaded = loadedAll.filter((r) => r.subject === 'app');
  const loadedAnchorRuns = loadedAll.filter((r) => r.subject === 'jspsych');

  const metrics: Metric[] = timed.flatMap((q) =>
    timingMetrics(
      'flash',
      `${engine} q${q.id} ${q.answerType} ${q.timerInterval} ms`,
      idle.filter((r) => r.id === q.id),
      anchorRuns.filter((r) => r.id === q.id),
    ),
  );
  metrics.push(
    ...timingMetrics(
      'flash',
      `${engine} jsPsych ${anchor.version.split(' ')[1]} anchor, all timed`,
      anchorRuns,
      [],
    ).map(({ budget: _, ...m }) => m),
  );
  metrics.push(
    ...timingMetrics(
      'flash',
      `${engine} all timed, CPU loaded (${options.loadProcesses} busy process${options.loadProcesses === 1 ? '' : 'es'})`,
      loaded,
      loadedAnchorRuns,
      'against jsPsych only',
    ),
  );

  const latency = (
    results: readonly FlashRun[],
    anchorRuns: readonly FlashRun[],
    label: string,
    screenBudgets: ScreenBudgets = 'absolute and against jsPsych',
  ): Metric => {
    const page = summarize(results.map((r) => r.readyToPictureMs))!;
    const anchorPage = anchorRuns.length ? summarize(anchorRuns.map((r) => r.readyToPictureMs)) : null;
    if (results.some((r) => r.recorded)) {
      const s = summarize(results.flatMap((r) => (r.screen ? [r.screen.readyToScreenMs] : [])));
      const a = summarize(anchorRuns.flatMap((r) => (r.screen ? [r.screen.readyToScreenMs] : [])));
      return {
        group: 'flash',
        name: `${engine} Bereit → on screen, median${label}`,
        value: s?.median ?? null,
        unit: 'ms',
        ...(screenBudgets === 'absolute and against jsPsych'
          ? { budget: { max: SCREEN_READY_MEDIAN_MS } }
          : {}),
        note: `click event time to the first recorded frame with the pictures; max ${s?.max.toFixed(1)} ms; the page's estimate median ${page.median.toFixed(1)} ms${unseenNote(results)}${a ? `; jsPsych 8.3 in the same run: median ${a.median.toFixed(1)} / max ${a.max.toFixed(1)} ms` : ''}`,
      };
    }
    return {
      group: 'flash',
      name: `${engine} Bereit → picture, max${label}`,
      value: page.max,
      unit: 'ms',
      budget: { max: FRAME_BUDGET_MS + CLICK_TOLERANCE_MS },
      note: `click event time to the frame time of the first frame with the pictures; median ${page.median.toFixed(1)} ms; ${firstFrameNote(results)}${anchorPage ? `; jsPsych 8.3 in the same run: median ${anchorPage.median.toFixed(1)} / max ${anchorPage.max.toFixed(1)} ms` : ''}`,
    };
  };
  const transitionErrors = (results: readonly FlashRun[]) =>
    results.flatMap((r) => (r.transitionErrorMs === null ? [] : [r.transitionErrorMs]));
  const transition = (results: readonly FlashRun[], label: string): Metric => {
    const s = summarize(transitionErrors(results));
    return {
      group: 'transition',
      name: `${engine} 500 ms, max |error|${label}`,
      value: s?.maxAbs ?? null,
      unit: 'ms',
      budget: { max: FRAME_BUDGET_MS },
      note: s
        ? `first frame of the empty transition screen to the first frame of the next screen; ${s.count} transitions, error min ${s.min.toFixed(1)} / median ${s.median.toFixed(1)} / max ${s.max.toFixed(1)} ms`
        : 'no transition observed',
    };
  };
  metrics.push(
    latency(idle, anchorRuns, ''),
    latency(loaded, loadedAnchorRuns, ', CPU loaded', 'against jsPsych only'),
    transition(idle, ''),
    transition(loaded, ', CPU loaded'),
  );

  const exposure = summarize(counted(idle).map(errorOf)) ?? { median: NaN, maxAbs: NaN };
  const onScreen = idle.some((r) => r.recorded);
  const transitions = summarize(transitionErrors(idle));
  const summary: Metric = {
    group: 'flash per engine',
    name: `${version}: max |exposure error|${onScreen ? ' on screen' : ''}`,
    value: Number.isNaN(exposure.maxAbs) ? null : exposure.maxAbs,
    unit: 'ms',
    budget: { max: onScreen ? SCREEN_MAX_MS : FRAME_BUDGET_MS },
    note: `${idle.length} flashes of ${timed.length} timed questions, exposure error median ${exposure.median.toFixed(1)} ms${anchorNote(anchorRuns, idle)}; 500 ms transition: ${transitions ? `max |error| ${transitions.maxAbs.toFixed(1)} ms, median ${transitions.median.toFixed(1)} ms` : 'none observed'}`,
  };
  return {
    summary,
    metrics,
    details: { version, idle, anchor: anchorRuns, loaded, loadedAnchor: loadedAnchorRuns },
  };
}
