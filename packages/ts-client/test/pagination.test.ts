// Auto-pagination over the real mock: page lists walk page by page, series
// follow links.next. What a walk yields is compared with what the mock holds,
// read with plain fetch.
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../src/index.js';
import { freshToken, startMock, type TestMock } from './support/mock.js';

// No seed records: every item in an account is one a test created.
const mock: TestMock = await startMock({ seed: false });
afterAll(() => mock.close());

function client(token: string): { api: Client; urls: string[] } {
  const urls: string[] = [];
  return { urls, api: createClient({ token, baseUrl: mock.url, onRequest: (request) => void urls.push(request.url) }) };
}

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describe('page lists', () => {
  it('listAll walks every page, one request per page', async () => {
    const token = freshToken();
    const { api, urls } = client(token);
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push(await api.contactGroups.create({ name: `Group ${i}` }));
    urls.length = 0;

    const walked = await collect(api.contactGroups.listAll({ limit: 3 }));
    expect(walked.map((group) => group.id).sort()).toEqual(created.sort());
    expect(urls).toEqual([1, 2, 3].map((page) => `${mock.url}/contact-groups?limit=3&page=${page}`));
  });

  it('keeps the filters on every page and starts at the page asked for', async () => {
    const token = freshToken();
    const { api, urls } = client(token);
    const base = { test_type: 'HTTP', website_url: 'https://example.com', check_rate: 300 } as const;
    const tagged: string[] = [];
    for (let i = 0; i < 5; i++) tagged.push(await api.uptime.create({ ...base, name: `Tagged ${i}`, tags: ['walk'] }));
    await api.uptime.create({ ...base, name: 'Untagged' });
    urls.length = 0;

    const fromSecond = await collect(api.uptime.listAll({ tags: ['walk'], limit: 2, page: 2, nouptime: true }));
    const expected = await mock.raw<{ data: { id: string }[] }>(token, '/uptime?tags=walk&limit=100');
    expect(fromSecond.map((check) => check.id)).toEqual(expected.data.slice(2).map((check) => check.id));
    expect(urls).toEqual([2, 3].map((page) => `${mock.url}/uptime?tags=walk&limit=2&page=${page}&nouptime`));
    expect(tagged).toHaveLength(5);
  });

  it('an empty list is one request and no items', async () => {
    const { api, urls } = client(freshToken());
    expect(await collect(api.ssl.listAll())).toEqual([]);
    expect(urls).toHaveLength(1);
  });

  it('breaking out of the loop stops the requests', async () => {
    const token = freshToken();
    const { api, urls } = client(token);
    for (let i = 0; i < 4; i++) await api.heartbeat.create({ name: `Beat ${i}`, period: 300 });
    urls.length = 0;
    for await (const beat of api.heartbeat.listAll({ limit: 2 })) {
      expect(beat.name).toMatch(/^Beat/);
      break;
    }
    expect(urls).toHaveLength(1);
  });
});

describe('series', () => {
  it('historyAll follows links.next to the end, asking only for the cursor', async () => {
    const token = freshToken();
    const { api, urls } = client(token);
    const id = await api.uptime.create({
      name: 'Walk',
      test_type: 'HTTP',
      website_url: 'https://walk.example.com',
      check_rate: 300,
    });
    mock.clock.advance(60 * 60 * 1000); // one hour at 5 minutes: a dozen runs
    urls.length = 0;

    const walked = await collect(api.uptime.historyAll(id, { limit: 5 }));
    const everything = await mock.raw<{ data: { created_at: string }[]; links: { next?: string } }>(
      token,
      `/uptime/${id}/history?limit=100`,
    );
    expect(everything.links.next).toBeUndefined();
    expect(walked).toEqual(everything.data);
    expect(urls).toHaveLength(Math.ceil(everything.data.length / 5));
    expect(urls[0]).toBe(`${mock.url}/uptime/${id}/history?limit=5`);
    for (const url of urls.slice(1)) expect(new URL(url).searchParams.get('before')).toMatch(/^\d+$/);
  });

  it('keeps `after` while following the cursor', async () => {
    const token = freshToken();
    const { api, urls } = client(token);
    const id = await api.uptime.create({
      name: 'After',
      test_type: 'HTTP',
      website_url: 'https://after.example.com',
      check_rate: 60,
    });
    const start = Math.floor(mock.clock.now() / 1000);
    mock.clock.advance(2 * 60 * 60 * 1000);
    const after = start + 30 * 60;
    urls.length = 0;

    const walked = await collect(api.uptime.historyAll(id, { limit: 20, after }));
    const expected = await mock.raw<{ data: unknown[] }>(token, `/uptime/${id}/history?limit=100&after=${after}`);
    expect(walked).toEqual(expected.data);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(new URL(url).searchParams.get('after')).toBe(String(after));
  });

  it('periodsAll, alertsAll and the pagespeed historyAll walk their series', async () => {
    const token = freshToken();
    const { api } = client(token);
    const uptime = await api.uptime.create({
      name: 'Flappy',
      test_type: 'HTTP',
      website_url: 'https://flappy.example.com',
      check_rate: 60,
    });
    const pagespeed = await api.pagespeed.create({
      name: 'Speed',
      website_url: 'https://speed.example.com/',
      check_rate: 3600,
      region: 'NL',
    });
    mock.clock.advance(3 * 24 * 60 * 60 * 1000);

    for (const [walk, path] of [
      [api.uptime.periodsAll(uptime, { limit: 2 }), `/uptime/${uptime}/periods`],
      [api.uptime.alertsAll(uptime, { limit: 2 }), `/uptime/${uptime}/alerts`],
      [api.pagespeed.historyAll(pagespeed, { limit: 7 }), `/pagespeed/${pagespeed}/history`],
    ] as const) {
      const expected = await mock.raw<{ data: unknown[]; links: { next?: string } }>(token, `${path}?limit=100`);
      expect(expected.links.next).toBeUndefined(); // all of it fits in one plain request
      expect(expected.data.length).toBeGreaterThan(7); // and the walk needs several pages
      expect(await collect(walk as AsyncIterable<unknown>)).toEqual(expected.data);
    }
  });
});
