// The API's rate limits in the guides' prose, read from the API description
// (the words: rateLimitText.ts, shared with the guides' Markdown twins).
import type { ReactNode } from 'react';
import { rateLimitHeaderText, rateLimitText } from './rateLimitText';

export { rateLimits } from './rateLimitText';

/** The number of requests allowed per second (the burst limit) or per minute (accounts without a paid plan). */
export function RateLimit({ per }: { per: 'second' | 'minute' }): ReactNode {
  return rateLimitText(per);
}

/**
 * What `x-ratelimit-limit` reads on a free account while the per-second limit
 * applies (the spec's example), or once the per-minute limit is the one hit.
 */
export function RateLimitHeader({ hit = 'second' }: { hit?: 'second' | 'minute' }): ReactNode {
  return <code>{rateLimitHeaderText(hit)}</code>;
}
