// The server's one source of time. Services read now() here instead of Date.now(), so a test can
// move time with a ManualClock instead of sleeping. Per process: each test file runs in its own worker.
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

let current: Clock = systemClock;

/** Milliseconds since the epoch, by the clock in force. */
export function now(): number {
  return current.now();
}

export function nowDate(): Date {
  return new Date(current.now());
}

/** Replaces the clock (null: the system clock again). */
export function setClock(clock: Clock | null): void {
  current = clock ?? systemClock;
}

/** A clock that moves only when told: tests advance it instead of waiting. */
export class ManualClock implements Clock {
  constructor(private time: number = Date.now()) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
  set(time: number): void {
    this.time = time;
  }
}
