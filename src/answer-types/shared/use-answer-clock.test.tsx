import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pauseAnswerClocks, useAnswerClock } from './use-answer-clock';

describe('the answer clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from the start or the last restart', () => {
    const { result } = renderHook(() => useAnswerClock());
    vi.advanceTimersByTime(1200);
    expect(result.current.elapsed()).toBe(1200);
    act(() => result.current.restart());
    vi.advanceTimersByTime(300);
    expect(result.current.elapsed()).toBe(300);
  });

  it('counts from a given moment just past (the hide of a flash, before the answer step showed)', () => {
    const { result } = renderHook(() => useAnswerClock());
    vi.advanceTimersByTime(1000);
    const hiddenAt = performance.now();
    vi.advanceTimersByTime(150);
    act(() => result.current.restart(hiddenAt));
    vi.advanceTimersByTime(600);
    expect(result.current.elapsed()).toBe(750);
  });

  it("leaves out the time the educator's dialog was open, also when it is still open", () => {
    const { result } = renderHook(() => useAnswerClock());
    vi.advanceTimersByTime(1000);
    const resume = pauseAnswerClocks();
    vi.advanceTimersByTime(20_000);
    expect(result.current.elapsed()).toBe(1000);
    resume();
    resume(); // a second call changes nothing
    vi.advanceTimersByTime(500);
    expect(result.current.elapsed()).toBe(1500);
  });

  it('runs again only after the last of overlapping pauses, and a clock started during a pause waits for it', () => {
    const first = pauseAnswerClocks();
    const { result } = renderHook(() => useAnswerClock());
    vi.advanceTimersByTime(400);
    const second = pauseAnswerClocks();
    first();
    vi.advanceTimersByTime(400);
    expect(result.current.elapsed()).toBe(0);
    second();
    vi.advanceTimersByTime(250);
    expect(result.current.elapsed()).toBe(250);
  });
});
