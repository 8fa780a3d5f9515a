// Rate limiting (API-FACTS.md "Rate limiting", the x-ratelimit-* headers of the
// API description): a burst limit of 5 requests per second for every account, 60
// per minute without a paid plan; 429 in the APIError shape past a limit; the
// three headers on every response. Time is a frozen ManualClock moved by hand.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Answer, type Client } from './client.js';

const limited = useApi({ seed: false, rateLimit: true });
const plans = useApi({ seed: false, rateLimit: true, tokens: { 'free-token': 'free', 'paid-token': 'paid' } });
const unlimited = useApi({ seed: false, rateLimit: false });

const FREE_LIMIT = '5, 60;w=60, 5;w=1';
const FREE_MINUTE_LIMIT = '60, 60;w=60, 5;w=1';

/** Moves a clock to the start of the next minute: a fresh second and minute window. */
function nextMinute(api: typeof limited) {
  const now = api.mock.clock.now();
  api.mock.clock.set(Math.floor(now / 60_000) * 60_000 + 60_000);
}

function expectRateHeaders(answer: Answer, label: string) {
  const limit = answer.headers.get('x-ratelimit-limit') ?? 'missing';
  const remaining = answer.headers.get('x-ratelimit-remaining') ?? 'missing';
  const reset = answer.headers.get('x-ratelimit-reset') ?? 'missing';
  expect(limit, `${label}: x-ratelimit-limit`).toMatch(/^\d+(, \d+;w=\d+)+$/);
  // The API description: integers from 0 to 60.
  expect(remaining, `${label}: x-ratelimit-remaining`).toMatch(/^\d+$/);
  expect(reset, `${label}: x-ratelimit-reset`).toMatch(/^\d+$/);
  expect(Number(remaining)).toBeLessThanOrEqual(60);
  expect(Number(reset)).toBeLessThanOrEqual(60);
}

function expect429(answer: Answer, limit: string) {
  expect(answer.status, answer.text).toBe(429);
  expect(answer.body).toEqual({ message: expect.any(String), errors: {} });
  expect(answer.headers.get('x-ratelimit-limit')).toBe(limit);
  expect(answer.headers.get('x-ratelimit-remaining')).toBe('0');
  expect(Number(answer.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(1);
}

/** `n` GET /uptime calls within the current (frozen) second. */
async function burst(client: Client, n: number) {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i++) answers.push(await client.get('/contact-groups'));
  return answers;
}

describe('headers', () => {
  it('are on every response: 2xx, 400, 401, 404, 405, 413, 415 and 429', async () => {
    nextMinute(limited);
    const step = () => limited.mock.clock.advance(1000);
    const client = limited.client();
    const answers: [string, Answer][] = [];
    const record = async (label: string, answer: Promise<Answer>) => {
      answers.push([label, await answer]);
      step();
    };
    await record('201', client.post('/contact-groups', 'name=Ops'));
    const id = answers[0]![1].body.data.new_id;
    await record('200', client.get(`/contact-groups/${id}`));
    await record('204', client.put(`/contact-groups/${id}`, 'name=Ops2'));
    await record('400', client.get('/contact-groups?page=0'));
    await record('401 missing', client.get('/contact-groups', { token: null }));
    await record(
      '401 malformed',
      client.get('/contact-groups', { token: null, headers: { authorization: 'Token abc' } }),
    );
    await record('404 id', client.get('/contact-groups/4242424'));
    await record('404 route', client.get('/no-such-route'));
    await record('400 path', client.get('/uptime/%zz'));
    await record('405', client.send('PATCH', '/contact-groups'));
    await record('413', client.post('/contact-groups', `name=${'a'.repeat(1024 * 1024 + 1)}`));
    await record(
      '415',
      client.post('/contact-groups', '{"name":"x"}', { headers: { 'content-type': 'application/json' } }),
    );
    await record('locations', client.get('/uptime-locations'));
    const [first] = await burst(client, 6).then((all) => all.slice(5));
    answers.push(['429', first!]);
    expect(answers.map(([label, answer]) => [label, answer.status])).toEqual([
      ['201', 201],
      ['200', 200],
      ['204', 204],
      ['400', 400],
      ['401 missing', 401],
      ['401 malformed', 401],
      ['404 id', 404],
      ['404 route', 404],
      ['400 path', 400],
      ['405', 405],
      ['413', 413],
      ['415', 415],
      ['locations', 200],
      ['429', 429],
    ]);
    for (const [label, answer] of answers) expectRateHeaders(answer, label);
  });

  it('count down the burst window: remaining 4, 3, 2, 1, 0, with the free plan limit', async () => {
    nextMinute(limited);
    const answers = await burst(limited.client(), 5);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);
    for (const answer of answers) {
      expect(answer.headers.get('x-ratelimit-limit')).toBe(FREE_LIMIT);
      expect(answer.headers.get('x-ratelimit-reset')).toBe('1');
    }
  });

  it('reset says how many seconds are left in the window', async () => {
    nextMinute(limited);
    limited.mock.clock.advance(10_400);
    const client = limited.client();
    await burst(client, 5);
    // Burst window: 0.6 s left, rounded up to 1.
    expect(Number((await client.get('/contact-groups')).headers.get('x-ratelimit-reset'))).toBe(1);
  });
});

describe('burst limit: 5 per second', () => {
  it('refuses the 6th request within one second with 429, and allows again a second later', async () => {
    nextMinute(limited);
    const client = limited.client();
    const answers = await burst(client, 6);
    expect(answers.slice(0, 5).every((a) => a.status === 200)).toBe(true);
    expect429(answers[5]!, FREE_LIMIT);
    // Still refused within the same second, whatever the call.
    expect429(await client.post('/uptime', VALID.uptime), FREE_LIMIT);
    limited.mock.clock.advance(999);
    expect429(await client.get('/contact-groups'), FREE_LIMIT);
    limited.mock.clock.advance(1);
    const again = await client.get('/contact-groups');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('is per token: another token is not slowed by the first', async () => {
    nextMinute(limited);
    const a = limited.client();
    const b = limited.client();
    await burst(a, 5);
    expect429(await a.get('/contact-groups'), FREE_LIMIT);
    const other = await b.get('/contact-groups');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('applies to paid plans too (every account has the burst limit)', async () => {
    nextMinute(plans);
    const paid = plans.client('paid-token');
    const answers = await burst(paid, 6);
    expect(answers.slice(0, 5).every((a) => a.status === 200)).toBe(true);
    expect(answers[5]!.status).toBe(429);
  });

  it('does not count refused calls without a token', async () => {
    nextMinute(limited);
    const client = limited.client();
    for (let i = 0; i < 8; i++) expect((await client.get('/contact-groups', { token: null })).status).toBe(401);
    expect((await burst(client, 5)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('minute limit: 60 per minute without a paid plan', () => {
  /** 60 calls over 12 seconds (5 per second), then the 61st in the 13th second. */
  async function sixtyOne(api: typeof limited, client: Client) {
    nextMinute(api);
    const answers: Answer[] = [];
    for (let second = 0; second < 12; second++) {
      answers.push(...(await burst(client, 5)));
      api.mock.clock.advance(1000);
    }
    answers.push(await client.get('/contact-groups'));
    return answers;
  }

  it('refuses the 61st request within a minute with 429 and the per-minute limit header', async () => {
    const client = limited.client();
    const answers = await sixtyOne(limited, client);
    expect(answers.slice(0, 60).map((a) => a.status)).toEqual(Array(60).fill(200));
    expect429(answers[60]!, FREE_MINUTE_LIMIT);
    // 12 s into the minute: 48 s until the minute window resets.
    expect(answers[60]!.headers.get('x-ratelimit-reset')).toBe('48');
    // Still refused later in the same minute, allowed in the next.
    limited.mock.clock.advance(40_000);
    expect429(await client.get('/contact-groups'), FREE_MINUTE_LIMIT);
    limited.mock.clock.advance(8_000);
    expect((await client.get('/contact-groups')).status).toBe(200);
  });

  it('does not apply to a paid plan, whose limit header has no per-minute policy', async () => {
    const answers = await sixtyOne(plans, plans.client('paid-token'));
    expect(answers.map((a) => a.status)).toEqual(Array(61).fill(200));
    for (const answer of answers) expect(answer.headers.get('x-ratelimit-limit')).not.toContain('w=60');
    expect(answers[60]!.headers.get('x-ratelimit-limit')).toBe('5, 5;w=1');
  });

  it('applies to a free token of a configured list', async () => {
    const answers = await sixtyOne(plans, plans.client('free-token'));
    expect429(answers[60]!, FREE_MINUTE_LIMIT);
  });
});

describe('rateLimit: false', () => {
  it('never answers 429, neither to bursts nor past 60 a minute', async () => {
    const client = unlimited.client();
    const answers = await burst(client, 70);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it('counts nothing: every answer shows the whole burst left, so a client pacing itself never waits', async () => {
    // Ten calls in one frozen second: with limits on, remaining would read 4, 3, 2, 1, 0, then 429s.
    const answers = await burst(unlimited.client(), 10);
    for (const [i, answer] of answers.entries()) {
      expectRateHeaders(answer, `call ${i + 1}`);
      expect(answer.headers.get('x-ratelimit-remaining'), `call ${i + 1}`).toBe('5');
      expect(answer.headers.get('x-ratelimit-limit')).toBe(FREE_LIMIT);
    }
  });
});
