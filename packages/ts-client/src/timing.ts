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

/**
 * The longest delay setTimeout holds (2^31-1 ms, about 24.8 days). Past it,
 * runtimes fire after 1 ms instead (Node warns, browsers do not): a
 * `Retry-After: 2147484` became four retries in 17 ms.
 */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** setTimeout for any delay: a longer one is waited in steps of at most MAX_TIMEOUT_MS. */
export const systemTimer: Timer = (ms, fire) => {
  let id: ReturnType<typeof setTimeout>;
  const arm = (left: number) => {
    id = setTimeout(left > MAX_TIMEOUT_MS ? () => arm(left - MAX_TIMEOUT_MS) : fire, Math.min(left, MAX_TIMEOUT_MS));
  };
  arm(ms);
  return () => clearTimeout(id);
};

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      disarm();
      reject(signal!.reason);
    };
    const disarm = systemTimer(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
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
