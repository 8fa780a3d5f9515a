// Scenarios asked for per request with `Prefer` (src/scenarios.ts), over real
// HTTP: a 429 as the rate limit gives it, a 500, a slow answer. The delay runs on an
// injected sleep the test releases by hand: no real timer, whatever the
// machine's speed.
import { describe, expect, it } from 'vitest';
import { MAX_DELAY_MS } from '../src/scenarios.js';
import { VALID, useApi } from './client.js';

/** A sleep that records each wait and finishes only when the test says so. */
function manualSleep() {
  const waits: { ms: number; release: () => void }[] = [];
  const listeners: (() => void)[] = [];
  return {
    waits,
    sleep: (ms: number) =>
      new Promise<void>((release) => {
        waits.push({ ms, release });
        for (const listener of listeners.splice(0)) listener();
      }),
    /** Resolves once `n` waits have started. */
    started: (n: number) =>
      new Promise<void>(function check(resolve) {
        if (waits.length >= n) resolve();
        else listeners.push(() => check(resolve));
      }),
  };
}

const sleeper = manualSleep();
const api = useApi({ seed: false, rateLimit: true, sleep: sleeper.sleep });

describe('Prefer: code=429', () => {
  it('answers the 429 a full per-minute window gives, with the headers a real 429 has, and counts nothing', async () => {
    const client = api.client();
    const answer = await client.get('/contact-groups', { headers: { prefer: 'code=429' } });
    expect(answer.status, answer.text).toBe(429);
    expect(answer.body).toEqual({ message: expect.stringMatching(/^Rate limit exceeded/), errors: {} });
    const reset = answer.headers.get('x-ratelimit-reset');
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(answer.headers.get('x-ratelimit-limit')).toBe('60, 60;w=60, 5;w=1');
    expect(answer.headers.get('preference-applied')).toBe('code=429');
    // Nothing was counted: the next plain call has the whole burst window left but itself.
    const next = await client.get('/contact-groups');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(next.headers.get('preference-applied')).toBeNull();
    // A real 429 (the burst window's, this second frozen): the same headers,
    // no Retry-After (API-FACTS names x-ratelimit-* only), so code tried on
    // the simulated one does not come to wait for a header the API never sends.
    let real = next;
    for (let sent = 1; sent <= 5; sent++) real = await client.get('/contact-groups');
    expect(real.status).toBe(429);
    const names = (headers: Headers) => [...headers.keys()].filter((name) => name !== 'preference-applied').sort();
    expect(names(answer.headers)).toEqual(names(real.headers));
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('comes after authentication: no token is still a 401, and the preference is not applied', async () => {
    const answer = await api.client(null).get('/contact-groups', { headers: { prefer: 'code=429' } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('preference-applied')).toBeNull();
  });
});

describe('Prefer: code=500', () => {
  it('answers 500 in the error shape and changes no data', async () => {
    const client = api.client();
    const answer = await client.post('/contact-groups', VALID.contactGroup, { headers: { prefer: 'code=500' } });
    expect(answer.status, answer.text).toBe(500);
    expect(answer.body).toEqual({ message: expect.stringContaining('Prefer: code=500'), errors: {} });
    expect(answer.headers.get('preference-applied')).toBe('code=500');
    expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect((await client.list('/contact-groups')).data).toEqual([]);
  });

  it('is readable by a browser on another origin (exposed headers, allowed in preflight)', async () => {
    const preflight = await api.mock.call('OPTIONS', '/uptime', {
      token: null,
      headers: { origin: 'https://docs.example', 'access-control-request-headers': 'authorization, prefer' },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer');
    const answer = await api.client().get('/uptime', { headers: { prefer: 'code=500' } });
    const exposed = answer.headers.get('access-control-expose-headers')?.split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'preference-applied', 'x-ratelimit-reset']));
  });
});

describe('Prefer: delay', () => {
  it('waits the asked milliseconds before answering, then answers as usual', async () => {
    const before = sleeper.waits.length;
    let done = false;
    const pending = api
      .client()
      .get('/uptime', { headers: { prefer: 'delay=2000' } })
      .finally(() => {
        done = true;
      });
    await sleeper.started(before + 1);
    expect(sleeper.waits.at(-1)?.ms).toBe(2000);
    expect(done).toBe(false);
    sleeper.waits.at(-1)?.release();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('preference-applied')).toBe('delay=2000');
  });

  it('is capped, combines with a code, and ignores what it does not offer (RFC 7240)', async () => {
    const before = sleeper.waits.length;
    const pending = api.client().get('/uptime', { headers: { prefer: 'code=429, delay=999999' } });
    await sleeper.started(before + 1);
    expect(sleeper.waits.at(-1)?.ms).toBe(MAX_DELAY_MS);
    sleeper.waits.at(-1)?.release();
    const answer = await pending;
    expect(answer.status).toBe(429);
    expect(answer.headers.get('preference-applied')).toBe(`code=429, delay=${MAX_DELAY_MS}`);

    for (const prefer of ['code=418', 'code=abc', 'return=minimal', 'delay=-5', 'code']) {
      const plain = await api.client().get('/uptime', { headers: { prefer } });
      expect(plain.status, prefer).toBe(200);
      expect(plain.headers.get('preference-applied'), prefer).toBeNull();
    }
    expect(sleeper.waits.length, 'no wait for a delay that is not a number').toBe(before + 1);
  });
});
