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

/** Which window refused a request, if one did. */
export type WindowFull = 'burst' | 'minute' | null;

/**
 * Rate-limit windows kept outside the process (a store shared by many mock
 * processes): one call checks both windows and, when neither is full, counts
 * the request in both, atomically.
 */
export interface RateWindows {
  hit(
    account: string,
    windows: { second: number; minute: number; perMinute: number | null; perSecond: number },
  ): Promise<{ full: WindowFull; secondCount: number }>;
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
    const full =
      plan === 'free' && windows.minuteCount >= FREE_PER_MINUTE
        ? 'minute'
        : windows.secondCount >= BURST_PER_SECOND
          ? 'burst'
          : null;
    if (!full) {
      windows.secondCount += 1;
      windows.minuteCount += 1;
    }
    return this.decide(plan, now, full, windows.secondCount);
  }

  /**
   * take(), counted by windows shared with other processes (a store's,
   * store/account-store.ts): the same limits, checked and counted atomically there.
   */
  async takeShared(shared: RateWindows, account: string, plan: Plan): Promise<RateLimitHeaders> {
    if (!this.enabled) return this.idleHeaders(plan);
    const now = this.clock.now();
    const { full, secondCount } = await shared.hit(account, {
      second: Math.floor(now / 1000),
      minute: Math.floor(now / 60_000),
      perMinute: plan === 'free' ? FREE_PER_MINUTE : null,
      perSecond: BURST_PER_SECOND,
    });
    return this.decide(plan, now, full, secondCount);
  }

  /** The headers of a counted request, or the 429 of the window that was full. */
  private decide(plan: Plan, now: number, full: WindowFull, secondCount: number): RateLimitHeaders {
    const second = Math.floor(now / 1000);
    const minute = Math.floor(now / 60_000);
    const secondReset = Math.max(1, Math.ceil(((second + 1) * 1000 - now) / 1000));
    const minuteReset = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
    if (full === 'minute') {
      throw new ApiError(
        429,
        `Rate limit exceeded: at most ${FREE_PER_MINUTE} requests per minute on accounts without a paid plan. Retry in ${minuteReset} s.`,
        {},
        this.headers(plan, 'minute', 0, minuteReset),
      );
    }
    if (full === 'burst') {
      throw new ApiError(
        429,
        `Rate limit exceeded: at most ${BURST_PER_SECOND} requests per second. Retry in ${secondReset} s.`,
        {},
        this.headers(plan, 'burst', 0, secondReset),
      );
    }
    return this.headers(plan, 'burst', Math.max(0, BURST_PER_SECOND - secondCount), secondReset);
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
