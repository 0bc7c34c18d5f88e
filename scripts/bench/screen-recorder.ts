import { spawn } from 'node:child_process';

/** One grabbed frame of the X display: wall-clock time (epoch ms) and grey pixels, row by row. */
export interface ScreenFrame {
  t: number;
  pixels: Uint8Array;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScreenRecording {
  /** Resolves with the first grabbed frame: from then on the display is being recorded. */
  started: Promise<void>;
  /** Ends the recording and returns every frame. */
  stop(): Promise<ScreenFrame[]>;
  width: number;
  height: number;
}

/** Frames per second of the recording: the display's own rate. */
export const RECORDING_FPS = 60;
/** Grey pixels are kept at a quarter of the size: enough to see a picture, cheap to grab and compare. */
const SCALE = 4;

/**
 * Records `region` of the X display `display` with Debian's ffmpeg (`-f x11grab`) at 60 fps, as
 * the ground truth of what was on screen. x11grab stamps every frame with the wall clock when it
 * grabbed it (µs); `-copyts` keeps those stamps and `showinfo` prints them, so frames can be set against
 * the page's own clock (performance.timeOrigin + performance.now()). Frames are neither duplicated
 * nor dropped to keep a rate (`-fps_mode passthrough`, timestamps kept in µs): each one is what the
 * display held then.
 */
export function recordScreen(display: string, region: Region): ScreenRecording {
  const even = (n: number) => Math.max(2, Math.floor(n / SCALE / 2) * 2);
  const width = even(region.width);
  const height = even(region.height);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'info',
      '-f',
      'x11grab',
      '-draw_mouse',
      '0',
      '-framerate',
      String(RECORDING_FPS),
      '-video_size',
      `${region.width}x${region.height}`,
      '-i',
      `${display}+${region.x},${region.y}`,
      '-copyts',
      '-fps_mode',
      'passthrough',
      // The grab's own µs time base: with the default (1/60 s) two grabs less than a frame apart got
      // the same timestamp, and the muxer dropped the second as "non monotonically increasing dts".
      '-enc_time_base',
      '-1',
      '-vf',
      `scale=${width}:${height}:flags=area,format=gray,showinfo`,
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const size = width * height;
  const times: number[] = [];
  const images: Uint8Array[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let log = '';
  let started: () => void;
  let rejectStart: (error: Error) => void;
  const startedPromise = new Promise<void>((resolve, reject) => {
    started = resolve;
    rejectStart = reject;
  });
  // A recording that went wrong is ended at once (no ffmpeg left grabbing the display for the next
  // runs) and says so from `started` or `stop`: a dropped frame would shift every later timestamp.
  let problem: Error | null = null;
  const failed = (error: Error) => {
    problem ??= error;
    rejectStart(problem);
    ffmpeg.kill('SIGKILL');
  };
  ffmpeg.stdout.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= size) {
      images.push(new Uint8Array(pending.subarray(0, size)));
      pending = pending.subarray(size);
    }
    if (images.length > 0) started();
  });
  ffmpeg.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    // showinfo: "... n:  12 pts:1764070000123456 pts_time:1.76407e+09 ...", pts in µs (time base 1/1000000)
    for (let end = log.indexOf('\n'); end >= 0; end = log.indexOf('\n')) {
      const line = log.slice(0, end);
      log = log.slice(end + 1);
      const match = / pts:(\d+) /.exec(line);
      if (match && line.includes('Parsed_showinfo')) times.push(Number(match[1]) / 1000);
      else if (/error|cannot|invalid/i.test(line)) failed(new Error(`ffmpeg x11grab: ${line.trim()}`));
    }
  });
  const exited = new Promise<void>((resolve) => ffmpeg.once('exit', () => resolve()));
  ffmpeg.once('error', (error) =>
    failed(new Error(`ffmpeg could not start (apt-get install ffmpeg): ${error.message}`)),
  );
  void exited.then(() => {
    if (images.length === 0) failed(new Error('ffmpeg x11grab ended before the first frame'));
  });
  return {
    started: startedPromise,
    width,
    height,
    async stop() {
      ffmpeg.kill('SIGINT');
      await exited;
      if (problem) throw problem;
      const count = Math.min(times.length, images.length);
      return Array.from({ length: count }, (_, i) => ({ t: times[i]!, pixels: images[i]! }));
    },
  };
}

/** How many pixels of two grey frames differ by more than a trace (scaling leaves none where nothing changed). */
export function frameDifference(a: Uint8Array, b: Uint8Array): number {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 8) changed++;
  return changed;
}

export interface OnScreen {
  /** Wall-clock time of the first grabbed frame showing the pictures, and of the first without them again. */
  shownAt: number;
  hiddenAt: number;
  /** Frames grabbed in between (the exposure in frames of the recording). */
  frames: number;
  /**
   * The time between the last grab without the pictures and the first with them, and between the
   * last with them and the first without: each edge happened somewhere in its gap, so the true time
   * on screen lies between (hiddenAt − shownAt) − hideGapMs and (hiddenAt − shownAt) + showGapMs.
   */
  showGapMs: number;
  hideGapMs: number;
}

/** Fewer changed pixels than this between the frames before and during the flash: nothing to see. */
const MIN_CONTRAST_PIXELS = 20;

/**
 * When the pictures were on the display: `during` is a wall-clock time at which they were surely up
 * (the middle of the flash by the page's clock), `before` one before 'Bereit'. A frame shows the
 * pictures when it differs from the frame grabbed at `during` in less than a fifth of the pixels in
 * which the frame before 'Bereit' differs from it (the display is lossless: a frame with the whole
 * pictures is that frame exactly; one with the pictures half painted does not count).
 */
export function pictureOnScreen(
  frames: readonly ScreenFrame[],
  before: number,
  during: number,
): OnScreen | null {
  const nearest = (t: number) =>
    frames.reduce((best, f) => (Math.abs(f.t - t) < Math.abs(best.t - t) ? f : best), frames[0]!);
  if (frames.length < 3) return null;
  const off = nearest(before);
  const on = nearest(during);
  const contrast = frameDifference(off.pixels, on.pixels);
  if (contrast < MIN_CONTRAST_PIXELS) return null;
  const showing = (f: ScreenFrame) => frameDifference(f.pixels, on.pixels) < contrast * 0.2;
  const middle = frames.indexOf(on);
  let first = middle;
  while (first > 0 && showing(frames[first - 1]!)) first--;
  let end = middle;
  while (end < frames.length && showing(frames[end]!)) end++;
  if (first === 0 || end === frames.length) return null;
  return {
    shownAt: frames[first]!.t,
    hiddenAt: frames[end]!.t,
    frames: end - first,
    showGapMs: frames[first]!.t - frames[first - 1]!.t,
    hideGapMs: frames[end]!.t - frames[end - 1]!.t,
  };
}
