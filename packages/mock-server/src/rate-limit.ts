import { ApiError } from './api-error.js';
import type { Clock } from './clock.js';

export type Plan = 'free' | 'paid';

/** The real API's numbers (API-FACTS.md): a 5/s burst for everyone, 60/min without a paid plan. */
export const BURST_PER_SECOND = 5;
export const FREE_PER_MINUTE = 60;

const MAX_TRACKED_ACCOUNTS = 10_000;

interface Windows {
  second: number;
  secondCount: number;
  minute: number;
  minuteCount: number;
}

export type RateLimitHeaders = Record<'x-ratelimit-limit' | 'x-ratelimit-remaining' | 'x-ratelimit-reset', string>;

/**
 * Fixed one-second and one-minute windows per account. Every answer carries
 * the x-ratelimit-* headers; a request past a limit is refused with 429.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Windows>();

  constructor(
    private readonly clock: Clock,
    private readonly enabled: boolean,
  ) {}

  /** Headers for an answer that counted against no account (e.g. a 401). */
  idleHeaders(plan: Plan = 'free'): RateLimitHeaders {
    return this.headers(plan, 'burst', BURST_PER_SECOND, 1);
  }

  /**
   * Counts one request; throws a 429 ApiError when a window is full. With
   * limits off (`--no-rate-limit`) nothing is counted: the headers show the
   * whole burst left on every answer, so a client that paces itself by
   * x-ratelimit-remaining never waits for a limit that is not there.
   */
  take(account: string, plan: Plan): RateLimitHeaders {
    if (!this.enabled) return this.idleHeaders(plan);
    const now = this.clock.now();
    const second = Math.floor(now / 1000);
    const minute = Math.floor(now / 60_000);
    if (this.windows.size > MAX_TRACKED_ACCOUNTS) this.forgetBefore(minute);
    const windows = this.windows.get(account) ?? { second, secondCount: 0, minute, minuteCount: 0 };
    if (windows.second !== second) Object.assign(windows, { second, secondCount: 0 });
    if (windows.minute !== minute) Object.assign(windows, { minute, minuteCount: 0 });
    this.windows.set(account, windows);

    const secondReset = Math.max(1, Math.ceil(((second + 1) * 1000 - now) / 1000));
    const minuteReset = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
    if (plan === 'free' && windows.minuteCount >= FREE_PER_MINUTE) {
      throw new ApiError(
        429,
        `Rate limit exceeded: at most ${FREE_PER_MINUTE} requests per minute on accounts without a paid plan. Retry in ${minuteReset} s.`,
        {},
        this.headers(plan, 'minute', 0, minuteReset),
      );
    }
    if (windows.secondCount >= BURST_PER_SECOND) {
      throw new ApiError(
        429,
        `Rate limit exceeded: at most ${BURST_PER_SECOND} requests per second. Retry in ${secondReset} s.`,
        {},
        this.headers(plan, 'burst', 0, secondReset),
      );
    }
    windows.secondCount += 1;
    windows.minuteCount += 1;
    return this.headers(plan, 'burst', Math.max(0, BURST_PER_SECOND - windows.secondCount), secondReset);
  }

  /**
   * The 429 a full per-minute window answers (the per-second one when the plan
   * has no per-minute limit), without counting anything: for `Prefer: code=429`.
   * Its headers are a real 429's, no more: the API sends no `Retry-After`
   * (API-FACTS), and code tried on this answer must work on that one.
   */
  exceeded(plan: Plan): ApiError {
    const now = this.clock.now();
    const perMinute = plan === 'free';
    const reset = perMinute
      ? Math.max(1, Math.ceil((Math.floor(now / 60_000 + 1) * 60_000 - now) / 1000))
      : Math.max(1, Math.ceil((Math.floor(now / 1000 + 1) * 1000 - now) / 1000));
    const message = perMinute
      ? `Rate limit exceeded: at most ${FREE_PER_MINUTE} requests per minute on accounts without a paid plan. Retry in ${reset} s.`
      : `Rate limit exceeded: at most ${BURST_PER_SECOND} requests per second. Retry in ${reset} s.`;
    return new ApiError(429, message, {}, this.headers(plan, perMinute ? 'minute' : 'burst', 0, reset));
  }

  reset(): void {
    this.windows.clear();
  }

  /** Windows of past minutes limit nothing: drop them to keep memory bounded. */
  private forgetBefore(minute: number): void {
    for (const [account, windows] of this.windows) if (windows.minute < minute) this.windows.delete(account);
  }

  private headers(plan: Plan, inForce: 'burst' | 'minute', remaining: number, reset: number): RateLimitHeaders {
    const policies = plan === 'free' ? `${FREE_PER_MINUTE};w=60, ${BURST_PER_SECOND};w=1` : `${BURST_PER_SECOND};w=1`;
    const limit = inForce === 'minute' ? FREE_PER_MINUTE : BURST_PER_SECOND;
    return {
      'x-ratelimit-limit': `${limit}, ${policies}`,
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
    };
  }
}
