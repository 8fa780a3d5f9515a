// Accounts as a shared sandbox needs them: one per whole token (no hash that two
// tokens can share), heartbeat ping URLs nobody can guess, a cap on tokens that
// makes room by dropping the least recently used idle account instead of locking
// newcomers out, and a byte budget per token. Over real HTTP, time moved by hand.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../src/store/accounts.js';
import { hash } from '../src/deterministic.js';
import { VALID, useApi, type Answer, type Client } from './client.js';

const api = useApi({ seed: false });
const limited = useApi({ seed: false, rateLimit: true });
const small = useApi({ seed: false, limits: { maxAccounts: 3 } });
const other = useApi({ seed: false });
// Room for two full tokens and a little more.
const crowded = useApi({ seed: false, limits: { maxBytes: 600 * 1024 } });
const tight = useApi({ seed: false, limits: { maxBytesPerAccount: 8 * 1024 } });

/**
 * Two tokens whose accounts shared a key when the key was a 32-bit hash of the
 * token (`hash('account:' + token)`): found by the birthday bound, ~2^16 tries.
 */
function collidingTokens(): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const token = `reader-${i}`;
    const key = hash(`account:${token}`);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, token];
    seen.set(key, token);
  }
}

const pingUrl = async (client: Client, id: string) => (await client.read(`/heartbeat/${id}`)).url as string;
const keyOf = (url: string) => /\/heartbeat\/([^/]+)\/[^/]+$/.exec(url)![1]!;

describe('account keys', () => {
  const [first, second] = collidingTokens();

  it('two tokens that shared a 32-bit key get separate accounts, ping URLs and rate limits', async () => {
    expect(first).not.toBe(second);
    expect(hash(`account:${first}`)).toBe(hash(`account:${second}`));
    const a = api.client(first);
    const b = api.client(second);
    const idA = await a.create('/heartbeat', 'name=Job&period=60');
    const idB = await b.create('/heartbeat', 'name=Job&period=60');
    expect(idA).toBe(idB);
    const urlA = await pingUrl(a, idA);
    const urlB = await pingUrl(b, idB);
    expect(urlA).not.toBe(urlB);

    api.mock.clock.advance(61_000);
    expect((await fetch(urlB)).status).toBe(200);
    expect((await a.read(`/heartbeat/${idA}`)).status).toBe('down');
    expect((await b.read(`/heartbeat/${idB}`)).status).toBe('up');
  });

  it("one token spending its minute's budget leaves the colliding token's budget whole", async () => {
    const clock = limited.mock.clock;
    clock.set(Math.floor(clock.now() / 60_000) * 60_000 + 60_000);
    const a = limited.client(first);
    // 60 requests, 5 per second (the burst limit): the free plan's minute is spent.
    for (let i = 0; i < 60; i++) {
      expect((await a.get('/contact-groups')).status).toBe(200);
      if (i % 5 === 4) clock.advance(1000);
    }
    expect((await a.get('/contact-groups')).status).toBe(429);
    const answer = await limited.client(second).get('/contact-groups');
    expect(answer.status, answer.text).toBe(200);
  });

  it('ping URLs carry 128 random bits per account: not derived from the token, not shared', async () => {
    const a = api.client();
    const b = api.client();
    const keyA = keyOf(await pingUrl(a, await a.create('/heartbeat', VALID.heartbeat)));
    const keyB = keyOf(await pingUrl(b, await b.create('/heartbeat', VALID.heartbeat)));
    expect(keyA).toMatch(/^[0-9a-f]{32}$/);
    expect(keyB).toMatch(/^[0-9a-f]{32}$/);
    expect(keyA).not.toBe(keyB);
    // The same token on another mock (or after a restart) gets another key: nothing to compute from the token.
    const sameTokenElsewhere = other.client(a.token);
    const keyElsewhere = keyOf(
      await pingUrl(sameTokenElsewhere, await sameTokenElsewhere.create('/heartbeat', VALID.heartbeat)),
    );
    expect(keyElsewhere).not.toBe(keyA);
  });
});

describe('the cap on tokens', () => {
  // The small mock holds 3 tokens; an account is idle after DEFAULT_LIMITS.idleMs without a request.
  const idle = DEFAULT_LIMITS.idleMs;

  it('makes room for a newcomer by dropping the least recently used idle account', async () => {
    const clock = small.mock.clock;
    const [t1, t2, t3, t4, t5, t6] = ['one', 'two', 'three', 'four', 'five', 'six'].map((name) =>
      small.client(`cap-${name}`),
    ) as [Client, Client, Client, Client, Client, Client];
    const ids = [await t1.create('/contact-groups', 'name=One')];
    ids.push(await t2.create('/contact-groups', 'name=Two'));
    ids.push(await t3.create('/contact-groups', 'name=Three'));

    // Full, and nobody idle yet: a clear 429 saying when to come back.
    const refused = await t4.get('/contact-groups');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at most 3 tokens/);
    expect(Number(refused.headers.get('retry-after'))).toBe(idle / 1000);

    clock.advance(idle / 2);
    expect((await t1.get('/contact-groups')).status).toBe(200); // t1 is now the most recently used
    clock.advance(idle / 2);
    // t2 is the least recently used idle account: dropped for t4.
    expect((await t4.get('/contact-groups')).status).toBe(200);
    // t3, idle as long, goes next, for t5.
    expect((await t5.get('/contact-groups')).status).toBe(200);
    // Now t1 (used half an idle period ago), t4 and t5 are all recent: t6 waits for t1 to become idle.
    const waiting = await t6.get('/contact-groups');
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBe(idle / 2 / 1000);
    // t1 kept its data.
    expect((await t1.read(`/contact-groups/${ids[0]}`)).name).toBe('One');
    // A dropped token starts afresh: its data is gone.
    clock.advance(idle);
    expect((await t2.get(`/contact-groups/${ids[1]}`)).status).toBe(404);
  });

  it('lets a newcomer in minutes after a flood of tokens, not an hour', async () => {
    const clock = small.mock.clock;
    clock.advance(2 * idle);
    for (const name of ['a', 'b', 'c']) expect((await small.client(`flood-${name}`).get('/uptime')).status).toBe(200);
    expect((await small.client('late-reader').get('/uptime')).status).toBe(429);
    clock.advance(idle);
    expect((await small.client('late-reader').get('/uptime')).status).toBe(200);
    expect(idle).toBeLessThanOrEqual(15 * 60_000);
  });
});

describe('the byte budget per token', () => {
  const budget = DEFAULT_LIMITS.maxBytesPerAccount;
  // The largest uptime check the spec allows, about 135 KiB (post_body and post_raw at their maximum).
  const big = `${VALID.uptime}&post_raw=${'r'.repeat(65_536)}&post_body=${encodeURIComponent(
    JSON.stringify({ pad: 'b'.repeat(65_500) }),
  )}`;

  it('refuses a create past the budget with a clear 409 in the error shape, and stores nothing', async () => {
    const client = api.client();
    const created: string[] = [];
    let refused: Answer | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const answer = await client.post('/uptime', big);
      if (answer.status === 201) created.push(answer.body.data.new_id);
      else refused = answer;
    }
    expect(refused?.status).toBe(409);
    expect(refused?.body).toEqual({ message: expect.stringMatching(/at most 256 KiB of data per token/), errors: {} });
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length * 130 * 1024).toBeLessThanOrEqual(budget);
    const list = await client.get('/uptime?limit=100');
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual(created);

    // Deleting makes room again.
    expect((await client.delete(`/uptime/${created[0]}`)).status).toBe(204);
    expect((await client.post('/uptime', big)).status).toBe(201);
  });

  it('refuses an update that would grow the account past the budget, leaving the record as it was', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    // Filled with 16 KiB records until refused: less than 17 KiB is left.
    while ((await client.post('/uptime', `${VALID.uptime}&post_raw=${'m'.repeat(16_384)}`)).status === 201);
    const before = await client.read(`/uptime/${id}`);
    const answer = await client.put(`/uptime/${id}`, `post_raw=${'u'.repeat(65_536)}`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/KiB/);
    expect(await client.read(`/uptime/${id}`)).toEqual(before);
    // Shrinking is always allowed.
    await client.update(`/uptime/${id}`, 'name=Shorter');
  });

  it('counts pause and resume spans: toggling `paused` cannot grow memory without bound', async () => {
    // Each resume keeps one more span; an 8 KiB budget holds about a hundred.
    const client = tight.client();
    const id = await client.create('/heartbeat', VALID.heartbeat);
    let status = 204;
    let toggles = 0;
    for (; status === 204 && toggles < 20_000; toggles++) {
      tight.mock.clock.advance(1000);
      status = (await client.put(`/heartbeat/${id}`, `paused=${toggles % 2 === 0}`)).status;
    }
    expect(status).toBe(409);
    expect(toggles).toBeLessThan(20_000);
  });
});

describe('the byte budget of the whole mock', () => {
  const idle = DEFAULT_LIMITS.idleMs;
  const fill = async (client: Client) => {
    const ids: string[] = [];
    for (;;) {
      const answer = await client.post('/uptime', `${VALID.uptime}&post_raw=${'f'.repeat(60_000)}`);
      if (answer.status !== 201) return { ids, refused: answer };
      ids.push(answer.body.data.new_id);
    }
  };

  it('makes room for a new writer by dropping the least recently used idle accounts, else says when', async () => {
    const [a, b, c] = ['a', 'b', 'c'].map((name) => crowded.client(`bytes-${name}`)) as [Client, Client, Client];
    const fromA = await fill(a);
    expect(fromA.refused.status).toBe(409); // A's own budget
    crowded.mock.clock.advance(idle / 2);
    const fromB = await fill(b);
    expect(fromB.ids.length).toBeGreaterThan(0);
    // C's large record does not fit beside them, and A and B were used in the last idle period.
    const large = `${VALID.uptime}&post_raw=${'c'.repeat(65_536)}&post_body=${encodeURIComponent(
      JSON.stringify({ pad: 'c'.repeat(65_500) }),
    )}`;
    const refused = await c.post('/uptime', large);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at most 600 KiB of data in all/);
    expect(Number(refused.headers.get('retry-after'))).toBe(idle / 2 / 1000);

    crowded.mock.clock.advance(idle / 2);
    // A is idle now: dropped for C; B (used half an idle period ago) keeps its data.
    expect((await c.post('/uptime', large)).status).toBe(201);
    expect((await b.get(`/uptime/${fromB.ids[0]}`)).status).toBe(200);
    expect((await a.get(`/uptime/${fromA.ids[0]}`)).status).toBe(404);
  });
});
