// The in-page sandbox (src/browser/sandbox.ts): the mock as a `fetch` whose
// account lives in a store. Two sandboxes over one store stand for two tabs
// (or a page reloaded): what one creates, the other reads. The IndexedDB store
// itself is tried in real Chromium by the portal's tests.
import { describe, expect, it } from 'vitest';
import { createSandbox, memoryStore, type AccountStore } from '../src/browser/index.js';

const BASE = 'https://sandbox.invalid/v1';

function call(sandbox: ReturnType<typeof createSandbox>, path: string, init: RequestInit = {}) {
  return sandbox.fetch(`${BASE}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${sandbox.token}`, ...(init.headers as Record<string, string>) },
  });
}

const createGroup = (sandbox: ReturnType<typeof createSandbox>, name: string) =>
  call(sandbox, '/contact-groups', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `name=${encodeURIComponent(name)}&email_addresses[]=ops@example.com`,
  });

async function groupNames(sandbox: ReturnType<typeof createSandbox>): Promise<string[]> {
  const answer = await call(sandbox, '/contact-groups?limit=100');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { name: string }[] }).data.map((g) => g.name);
}

/** A store that counts its writes, over a memory store. */
function countingStore(): AccountStore & { writes: number } {
  const inner = memoryStore();
  const store = { ...inner, writes: 0 };
  store.write = async (token, saved, expected) => {
    store.writes++;
    await inner.write(token, saved, expected);
  };
  return store;
}

describe('the in-page sandbox', () => {
  it('answers like the API, from a fetch, and a second sandbox on the same store reads what the first created', async () => {
    const store = memoryStore();
    const first = createSandbox({ store, rateLimit: false });
    const created = await createGroup(first, 'On call (tab one)');
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { new_id: string } };

    const second = createSandbox({ store, rateLimit: false });
    expect(await groupNames(second)).toContain('On call (tab one)');
    const read = await call(second, `/contact-groups/${data.new_id}`);
    expect(read.status).toBe(200);

    // And back: a delete in the second is seen by the first.
    expect((await call(second, `/contact-groups/${data.new_id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await groupNames(first)).not.toContain('On call (tab one)');
  });

  it('writes the store only when a request changed the account', async () => {
    const store = countingStore();
    const sandbox = createSandbox({ store, rateLimit: false });
    await groupNames(sandbox); // the first request seeds the account: one write
    expect(store.writes).toBe(1);
    await groupNames(sandbox);
    await call(sandbox, '/uptime');
    expect(store.writes).toBe(1);
    await createGroup(sandbox, 'New');
    expect(store.writes).toBe(2);
  });

  it('reset starts a fresh seeded account, in every sandbox of the store', async () => {
    const store = memoryStore();
    const first = createSandbox({ store, rateLimit: false });
    const second = createSandbox({ store, rateLimit: false });
    const seeded = await groupNames(first);
    await createGroup(first, 'Temporary');
    expect(await groupNames(second)).toContain('Temporary');
    await second.reset();
    expect(await groupNames(first)).toEqual(seeded);
  });

  it('exports a state that imports into another store, ids and heartbeat URLs kept', async () => {
    const from = createSandbox({ rateLimit: false });
    await createGroup(from, 'Exported');
    const beats = (await (await call(from, '/heartbeat')).json()) as { data: { id: string }[] };
    const beat = beats.data[0]!.id;
    const url = ((await (await call(from, `/heartbeat/${beat}`)).json()) as { data: { url: string } }).data.url;
    const file = JSON.parse(JSON.stringify(await from.exportState()));

    const to = createSandbox({ rateLimit: false });
    await to.importState(file);
    expect(await groupNames(to)).toContain('Exported');
    const again = ((await (await call(to, `/heartbeat/${beat}`)).json()) as { data: { url: string } }).data.url;
    expect(again).toBe(url);
    // The ping URL reaches the imported check.
    expect((await to.fetch(url)).status).toBe(200);
  });

  it('refuses a damaged or hostile state with a message, and keeps what it had', async () => {
    const sandbox = createSandbox({ rateLimit: false });
    await createGroup(sandbox, 'Kept');
    const good = JSON.parse(JSON.stringify(await sandbox.exportState()));
    const bad = [
      null,
      { format: 'something else' },
      { ...good, records: { 'no-such-resource': [] } },
      {
        ...good,
        records: { 'contact-groups': [{ data: { id: '1', name: 7 }, meta: good.records['contact-groups'][0].meta }] },
      },
      {
        ...good,
        records: {
          'contact-groups': [
            { data: JSON.parse('{"id":"1","__proto__":{"admin":true}}'), meta: good.records['contact-groups'][0].meta },
          ],
        },
      },
      { ...good, key: '../../etc' },
    ];
    for (const state of bad) {
      await expect(sandbox.importState(state)).rejects.toThrow(/not a saved sandbox state/);
      expect(await groupNames(sandbox)).toContain('Kept');
    }
    // Over the byte budget: refused as such.
    const huge = structuredClone(good);
    huge.records['contact-groups'][0].data.name = 'x'.repeat(300 * 1024);
    await expect(sandbox.importState(huge)).rejects.toThrow(/per token/);
    expect(await groupNames(sandbox)).toContain('Kept');
  });

  it('never calls the network: a URL on any host is answered by the mock', async () => {
    const sandbox = createSandbox({ rateLimit: false });
    const answer = await sandbox.fetch('https://api.webmon.dev/v1/uptime', {
      headers: { authorization: 'Bearer sandbox' },
    });
    expect(answer.status).toBe(200);
    const nowhere = await sandbox.fetch('https://example.com/elsewhere');
    expect(nowhere.status).toBe(404);
  });

  it("holds requests to the documented wire forms while strictWire is on, and reads the clients' forms again once off", async () => {
    const sandbox = createSandbox({ rateLimit: false });
    const comma = () =>
      call(sandbox, '/contact-groups', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Comma&email_addresses=a@example.com,b@example.com',
      });
    expect((await comma()).status).toBe(201);
    sandbox.strictWire = true;
    expect(sandbox.strictWire).toBe(true);
    expect((await comma()).status).toBe(400);
    sandbox.strictWire = false;
    expect((await comma()).status).toBe(201);
  });
});
