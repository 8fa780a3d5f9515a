// Each token has its own data: what one token creates, changes or deletes is
// invisible to another (the mock's accounts; readers of the docs never see each
// other's checks). Checked with seeded accounts, whose ids coincide.
import { describe, expect, it } from 'vitest';
import { VALID, useApi } from './client.js';

const api = useApi();

const RESOURCES = [
  ['/contact-groups', VALID.contactGroup],
  ['/heartbeat', VALID.heartbeat],
  ['/maintenance-windows', VALID.maintenanceWindow],
  ['/pagespeed', VALID.pagespeed],
  ['/ssl', VALID.ssl],
  ['/uptime', VALID.uptime],
] as const;

describe('per-token isolation', () => {
  it.each(RESOURCES)(
    '%s: a record created with token A is not listed, read, changed or deleted with token B',
    async (base, body) => {
      const a = api.client();
      const b = api.client();
      const listedByB = async () => (await b.list(`${base}?limit=100`)).data.map((item: { id: string }) => item.id);
      const beforeB = await listedByB();

      const id = await a.create(base, body);
      expect((await a.list(`${base}?limit=100`)).data.map((item: { id: string }) => item.id)).toContain(id);
      expect(await listedByB()).toEqual(beforeB);
      expect(beforeB).not.toContain(id);

      expect((await b.get(`${base}/${id}`)).status).toBe(404);
      expect((await b.put(`${base}/${id}`, '')).status).toBe(404);
      expect((await b.delete(`${base}/${id}`)).status).toBe(404);
      // A still has it, unchanged.
      expect((await a.get(`${base}/${id}`)).status).toBe(200);
    },
  );

  it('series of a check are only reachable with its token', async () => {
    const a = api.client();
    const b = api.client();
    const uptime = await a.create('/uptime', VALID.uptime);
    const pagespeed = await a.create('/pagespeed', VALID.pagespeed);
    for (const path of [
      `/uptime/${uptime}/history`,
      `/uptime/${uptime}/periods`,
      `/uptime/${uptime}/alerts`,
      `/pagespeed/${pagespeed}/history`,
    ]) {
      expect((await a.get(path)).status).toBe(200);
      expect((await b.get(path)).status).toBe(404);
    }
  });

  it('seeded records with the same id are separate: deleting or renaming with A leaves B alone', async () => {
    const a = api.client();
    const b = api.client();
    const [first] = (await a.list('/contact-groups')).data;
    const same = await b.read(`/contact-groups/${first.id}`);
    expect(same).toEqual(await a.read(`/contact-groups/${first.id}`));

    await a.update(`/contact-groups/${first.id}`, 'name=Renamed%20by%20A');
    expect((await b.read(`/contact-groups/${first.id}`)).name).toBe(same.name);
    expect((await a.delete(`/contact-groups/${first.id}`)).status).toBe(204);
    expect((await a.get(`/contact-groups/${first.id}`)).status).toBe(404);
    expect(await b.read(`/contact-groups/${first.id}`)).toEqual(same);
  });

  it('ids a token creates do not depend on what other tokens created', async () => {
    const a = api.client();
    const b = api.client();
    const fromA = [await a.create('/contact-groups', 'name=A1'), await a.create('/contact-groups', 'name=A2')];
    const fromB = await b.create('/contact-groups', 'name=B1');
    // B's first new record gets the id A's first new record got: counters are per token.
    expect(fromB).toBe(fromA[0]);
    expect((await a.read(`/contact-groups/${fromB}`)).name).toBe('A1');
    expect((await b.read(`/contact-groups/${fromB}`)).name).toBe('B1');
  });

  it('a contact group of token A cannot be attached with token B', async () => {
    const a = api.client();
    const b = api.client();
    const group = await a.create('/contact-groups', 'name=Only%20A');
    const answer = await b.post('/uptime', `${VALID.uptime}&contact_groups[]=${group}`);
    // B's seeded groups have other ids; A's new one is unknown to B.
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['contact_groups']);
  });

  it("a ping to A's heartbeat URL does not touch B's check with the same id", async () => {
    const a = api.client();
    const b = api.client();
    const idA = await a.create('/heartbeat', 'name=Job&period=60');
    const idB = await b.create('/heartbeat', 'name=Job&period=60');
    expect(idA).toBe(idB);
    api.mock.clock.advance(61_000);
    expect((await a.read(`/heartbeat/${idA}`)).status).toBe('down');
    expect((await b.read(`/heartbeat/${idB}`)).status).toBe('down');
    const urlA = (await a.read(`/heartbeat/${idA}`)).url as string;
    expect(urlA).not.toBe((await b.read(`/heartbeat/${idB}`)).url);
    // The ping URL must not reveal the token.
    expect(urlA).not.toContain(a.token!);
    expect((await fetch(urlA)).status).toBe(200);
    expect((await a.read(`/heartbeat/${idA}`)).status).toBe('up');
    expect((await b.read(`/heartbeat/${idB}`)).status).toBe('down');
  });
});
