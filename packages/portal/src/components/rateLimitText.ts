// The API's rate limits, read from the API description rather than typed in the
// guides. The description states them in one structured place: the example of
// the `x-ratelimit-limit` header, "the limit in force, then each policy as
// `N;w=SECONDS`" (its description), e.g. `5, 60;w=60, 5;w=1` on a free account.
// Only that string of the bundle reaches the page's JavaScript (static access).
// Plain strings without React: RateLimit.tsx renders them, and the guides'
// Markdown twins (src/plugins/agentDocs/guideMarkdown.ts) write the same words.
import spec from '@webmon/spec/openapi.json';

const example: string = spec.components.headers['x-ratelimit-limit'].schema.example;

/** The policies of the example, by window length in seconds: {60: 60, 1: 5}. */
function policies(header: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const part of header.split(',').slice(1)) {
    const match = /^\s*(\d+);w=(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`RateLimit: "${part}" in x-ratelimit-limit's example is not N;w=SECONDS`);
    found.set(Number(match[2]), Number(match[1]));
  }
  return found;
}

const byWindow = policies(example);
function limitFor(windowSeconds: number): number {
  const limit = byWindow.get(windowSeconds);
  if (limit === undefined)
    throw new Error(`RateLimit: x-ratelimit-limit's example has no ${windowSeconds}-second policy`);
  return limit;
}

/** Requests allowed per window: `perSecond` is the burst limit, `perMinute` the limit without a paid plan. */
export const rateLimits = { perSecond: limitFor(1), perMinute: limitFor(60) } as const;

/** The number of requests allowed per second (the burst limit) or per minute. */
export const rateLimitText = (per: 'second' | 'minute'): string =>
  String(per === 'second' ? rateLimits.perSecond : rateLimits.perMinute);

/**
 * What `x-ratelimit-limit` reads on a free account while the per-second limit
 * applies (the spec's example), or once the per-minute limit is the one hit:
 * the same policies, led by the limit in force.
 */
export function rateLimitHeaderText(hit: 'second' | 'minute' = 'second'): string {
  const inForce = hit === 'second' ? rateLimits.perSecond : rateLimits.perMinute;
  return [inForce, ...example.split(',').slice(1)].join(',');
}
