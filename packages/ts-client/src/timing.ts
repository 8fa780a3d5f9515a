// Time, injectable: tests pass a sleep that moves a manual clock instead of
// waiting, and a timer they fire by hand, so retries, throttling and timeouts
// run in microseconds and deterministically.

export interface Clock {
  /** Milliseconds since the UNIX epoch. */
  now(): number;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Arms a one-shot timer that calls `fire` after `ms`; calling what it returns disarms it. */
export type Timer = (ms: number, fire: () => void) => () => void;

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimer: Timer = (ms, fire) => {
  const id = setTimeout(fire, ms);
  return () => clearTimeout(id);
};

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Client-side throttle: at most `rps` requests start per second, spaced
 * evenly (1000 / rps ms apart), like the IaC provider's `rps`. Keeps several
 * tools sharing an account under its burst limit instead of bouncing off 429s.
 */
export function throttle(rps: number, clock: Clock, wait: Sleep): (signal?: AbortSignal) => Promise<void> {
  const interval = 1000 / rps;
  let next = -Infinity;
  return async (signal) => {
    const now = clock.now();
    const slot = Math.max(now, next);
    next = slot + interval;
    if (slot > now) await wait(slot - now, signal);
  };
}
