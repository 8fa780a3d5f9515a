/** The mock's sense of time. Tests freeze it and move it on by hand. */
export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that stands still until told to move: `advance(ms)` or `set(ms)`. */
export class ManualClock implements Clock {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(ms: number): void {
    this.current = ms;
  }
}
