// Debounces are tested by moving time, never by sleeping: on a busy machine a sleep may end after the
// debounce it meant to fall short of.
import { act } from '@testing-library/react';
import { timeoutManager, type TimeoutProvider } from '@tanstack/react-query';
import { vi } from 'vitest';

/**
 * Runs `body` with setTimeout and clearTimeout on vitest's fake clock, then puts the real ones back.
 * Only those two are faked: React's scheduler (setImmediate / MessageChannel) and testing-library's
 * polling (setInterval) keep running. `advance(ms)` moves the clock inside act(), so what a timer sets
 * off renders before the next line. Keep async waits (findBy, waitFor) outside the body. A fake timer
 * still pending at the end never fires: harmless for a guard such as the API client's request timeout
 * (the fake fetch answers first), wrong for anything the test then waits on, so advance past those.
 */
export function withFakeTimeouts(body: (advance: (ms: number) => void) => void): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    body((ms) =>
      act(() => {
        vi.advanceTimersByTime(ms);
      }),
    );
  } finally {
    vi.useRealTimers();
  }
}

/**
 * TanStack Query's intervals (refetchInterval) on a manual clock, through its injectable timer provider
 * (timeoutManager.setTimeoutProvider): call it before the file's first QueryClient. Timeouts stay real
 * (React Query's gc and retries, testing-library's waits); `advance(ms)` runs, inside act(), each
 * interval that falls due, as often as it does. `release()` hands new intervals to the real clock.
 */
export function manualQueryIntervals() {
  let now = 0;
  let next = 1;
  let manual = true;
  const intervals = new Map<number, { callback: () => void; delay: number; due: number }>();
  const provider: TimeoutProvider<ReturnType<typeof setTimeout> | number> = {
    setTimeout: (callback, delay) => setTimeout(callback, delay),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    setInterval: (callback, delay) => {
      if (!manual) return setInterval(callback, delay);
      const id = next++;
      intervals.set(id, { callback, delay: Math.max(delay, 1), due: now + Math.max(delay, 1) });
      return id;
    },
    clearInterval: (id) => (typeof id === 'number' ? void intervals.delete(id) : clearInterval(id)),
  };
  timeoutManager.setTimeoutProvider(provider);
  return {
    /** The delays of the intervals running now. */
    delays: () => [...intervals.values()].map((interval) => interval.delay),
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...intervals.values()].filter((interval) => interval.due <= end).sort((a, b) => a.due - b.due)[0];
        if (!due) break;
        now = due.due;
        due.due += due.delay;
        await act(async () => due.callback());
      }
      now = end;
    },
    release: () => void (manual = false),
  };
}
