// Debounces are tested by moving time, never by sleeping: on a busy machine a sleep may end after the
// debounce it meant to fall short of.
import { act } from '@testing-library/react';
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
