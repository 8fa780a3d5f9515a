// Page lists (SPEC.md sections 3, 5, 9): metadata {page, per_page, page_count,
// total_count}, page from 1, limit 1 to 100 with default 25, and a page past the
// end answers an empty list.
import { beforeAll, describe, expect, it } from 'vitest';
import { VALID, useApi, type Client } from './client.js';

const api = useApi({ seed: false });
const COUNT = 30;

describe('contact groups, 30 of them', () => {
  let client: Client;
  const ids: string[] = [];
  beforeAll(async () => {
    client = api.client();
    for (let i = 1; i <= COUNT; i++) ids.push(await client.create('/contact-groups', `name=Group%20${i}`));
  });

  it('pages through them with limit 12: 12, 12, 6, with correct metadata', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await client.list(`/contact-groups?page=${page}&limit=12`));
    expect(pages.map((p) => p.data.length)).toEqual([12, 12, 6]);
    for (const [i, p] of pages.entries())
      expect(p.metadata).toEqual({ page: i + 1, per_page: 12, page_count: 3, total_count: COUNT });
    // Together the pages hold every record once, in a stable order.
    const seen = pages.flatMap((p) => p.data.map((group: { id: string }) => group.id));
    expect(new Set(seen).size).toBe(COUNT);
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('keeps the same order on every page request and agrees with one big page', async () => {
    const whole = (await client.list('/contact-groups?limit=100')).data.map((group: { id: string }) => group.id);
    const paged: string[] = [];
    for (let page = 1; page <= 6; page++)
      paged.push(
        ...(await client.list(`/contact-groups?page=${page}&limit=5`)).data.map((group: { id: string }) => group.id),
      );
    expect(paged).toEqual(whole);
  });

  it('uses page 1 and 25 per page by default', async () => {
    const first = await client.list('/contact-groups');
    expect(first.data).toHaveLength(25);
    expect(first.metadata).toEqual({ page: 1, per_page: 25, page_count: 2, total_count: COUNT });
    const second = await client.list('/contact-groups?page=2');
    expect(second.data).toHaveLength(5);
    expect(second.metadata).toEqual({ page: 2, per_page: 25, page_count: 2, total_count: COUNT });
  });

  it('holds all of them on one page with limit 100, and one per page with limit 1', async () => {
    const all = await client.list('/contact-groups?limit=100');
    expect(all.data).toHaveLength(COUNT);
    expect(all.metadata).toEqual({ page: 1, per_page: 100, page_count: 1, total_count: COUNT });
    const single = await client.list('/contact-groups?limit=1&page=30');
    expect(single.data).toHaveLength(1);
    expect(single.metadata).toEqual({ page: 30, per_page: 1, page_count: COUNT, total_count: COUNT });
  });

  it('answers an empty page past the end, with the metadata of the whole list', async () => {
    for (const [page, limit] of [
      [4, 12],
      [2, 100],
      [31, 1],
      [1000, 25],
    ] as const) {
      const past = await client.list(`/contact-groups?page=${page}&limit=${limit}`);
      expect(past.data).toEqual([]);
      expect(past.metadata).toEqual({
        page,
        per_page: limit,
        page_count: Math.ceil(COUNT / limit),
        total_count: COUNT,
      });
    }
  });

  it('refuses page=0, limit=0 and limit=101 with 400', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
    ] as const) {
      const answer = await client.get(`/contact-groups?${query}`);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
  });

  it('counts what is left after deletes', async () => {
    const other = api.client();
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await other.create('/contact-groups', `name=G${i}`));
    for (const id of created.slice(0, 3)) await other.delete(`/contact-groups/${id}`);
    const page = await other.list('/contact-groups?limit=2&page=2');
    expect(page.metadata).toEqual({ page: 2, per_page: 2, page_count: 2, total_count: 4 });
    const left = (await other.list('/contact-groups?limit=100')).data.map((group: { id: string }) => group.id);
    expect([...left].sort()).toEqual(created.slice(3).sort());
    expect(page.data.map((group: { id: string }) => group.id)).toEqual(left.slice(2, 4));
  });
});

describe('every page list', () => {
  it.each([
    ['/heartbeat', VALID.heartbeat],
    ['/maintenance-windows', VALID.maintenanceWindow],
    ['/pagespeed', VALID.pagespeed],
    ['/ssl', VALID.ssl],
    ['/uptime', VALID.uptime],
  ])('%s paginates with the same metadata', async (base, body) => {
    const client = api.client();
    // Page 1 of 1, as the real API answers: the generated clients refuse a page_count below 1.
    const empty = await client.list(base);
    expect(empty).toEqual({ data: [], metadata: { page: 1, per_page: 25, page_count: 1, total_count: 0 } });
    expect((await client.list(`${base}?page=2`)).metadata).toEqual({
      page: 2,
      per_page: 25,
      page_count: 1,
      total_count: 0,
    });
    for (let i = 0; i < 5; i++) await client.create(base, body);
    const second = await client.list(`${base}?page=2&limit=2`);
    expect(second.data).toHaveLength(2);
    expect(second.metadata).toEqual({ page: 2, per_page: 2, page_count: 3, total_count: 5 });
    expect((await client.list(`${base}?page=3&limit=2`)).data).toHaveLength(1);
    expect((await client.list(`${base}?page=4&limit=2`)).data).toEqual([]);
  });

  it('filters before paginating: total_count counts the matching records only', async () => {
    const client = api.client();
    for (let i = 0; i < 6; i++) await client.create('/uptime', `${VALID.uptime}&tags[]=${i % 2 ? 'odd' : 'even'}`);
    const page = await client.list('/uptime?tags=odd&limit=2&page=2');
    expect(page.metadata).toEqual({ page: 2, per_page: 2, page_count: 2, total_count: 3 });
    expect(page.data).toHaveLength(1);
    expect(page.data[0].tags).toEqual(['odd']);
  });
});
