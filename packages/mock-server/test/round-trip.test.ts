// The curl session of issue 3, over HTTP: create an uptime check with tags[],
// list it, read its history, update it, delete it.
import { describe, expect, it } from 'vitest';
import { useMock } from './start-mock.js';

const mock = useMock();

describe('uptime round trip', () => {
  it('creates, lists, reads history, updates and deletes a check', async () => {
    const created = await mock.json<{ data: { new_id: string } }>('POST', '/uptime', {
      body: 'name=Home&test_type=HTTP&website_url=https%3A%2F%2Fexample.com&check_rate=300&tags[]=web&tags[]=eu',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.new_id;
    expect(id).toMatch(/^\d+$/);

    const listed = await mock.json<{ data: { id: string; tags: string[] }[] }>('GET', '/uptime?tags=web,eu');
    expect(listed.body.data.map((check) => check.id)).toEqual([id]);
    expect(listed.body.data[0]!.tags).toEqual(['web', 'eu']);

    mock.clock.advance(20 * 60 * 1000);
    const history = await mock.json<{ data: unknown[]; links: { self: string; next?: string } }>(
      'GET',
      `/uptime/${id}/history?limit=3`,
    );
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(3);
    expect(history.body.links.next).toContain('before=');

    const updated = await mock.call('PUT', `/uptime/${id}`, { body: 'tags[]=&timeout=30' });
    expect(updated.status).toBe(204);
    const read = await mock.json<{ data: { tags: string[]; timeout: number; name: string } }>('GET', `/uptime/${id}`);
    expect(read.body.data).toMatchObject({ tags: [], timeout: 30, name: 'Home' });

    expect((await mock.call('DELETE', `/uptime/${id}`)).status).toBe(204);
    const gone = await mock.json<{ message: string; errors: object }>('GET', `/uptime/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: `No uptime check has the id ${id} on this account.`, errors: {} });
  });
});
