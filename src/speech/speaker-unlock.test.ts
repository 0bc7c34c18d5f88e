import { afterEach, describe, expect, it, vi } from 'vitest';
import { Speaker, UNLOCK_SETTLE_MS } from './speaker';
import { fakePorts } from './test-fakes';

afterEach(() => vi.useRealTimers());

/** Whether `promise` has resolved once pending microtasks ran. */
async function isDone(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe('the sound unlock a flash waits for', () => {
  it('is settled at once when nothing was unlocked', async () => {
    expect(await isDone(new Speaker(fakePorts().ports).unlockSettled())).toBe(true);
  });

  it('is settled once the silence played and the empty utterance was spoken', async () => {
    const { ports } = fakePorts();
    const spoken: SpeechSynthesisUtterance[] = [];
    ports.synthesis!.speak = (u) => spoken.push(u);
    const speaker = new Speaker(ports);
    speaker.unlock();
    const settled = speaker.unlockSettled();
    expect(await isDone(settled)).toBe(false);
    spoken[0]!.onend?.({} as SpeechSynthesisEvent);
    expect(await isDone(settled)).toBe(true);
  });

  it('holds up a flash at most UNLOCK_SETTLE_MS when the engine never reports the start', async () => {
    vi.useFakeTimers();
    const { ports, audio } = fakePorts();
    audio.play = () => new Promise(() => undefined);
    ports.synthesis!.speak = () => undefined;
    const speaker = new Speaker(ports);
    speaker.unlock();
    const settled = speaker.unlockSettled();
    await vi.advanceTimersByTimeAsync(UNLOCK_SETTLE_MS - 1);
    expect(await isDone(settled)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone(settled)).toBe(true);
  });
});
