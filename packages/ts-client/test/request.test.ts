// createRequest: one call by operationId, the body as the API sent it, through
// the same transport as the client (encoding, errors), against the real mock.
import { afterAll, describe, expect, it } from 'vitest';
import { ValidationError, createClient, createRequest, operationTable } from '../src/index.js';
import { freshToken, startMock, type TestMock } from './support/mock.js';

const mock: TestMock = await startMock();
afterAll(() => mock.close());

describe('createRequest', () => {
  it('returns bodies whole (201 {data:{new_id}}, 200 {data}, 204 undefined) and encodes like the client', async () => {
    const token = freshToken();
    const request = createRequest({ token, baseUrl: mock.url });
    const created = (await request('create-uptime-test', [], {
      name: 'Raw',
      test_type: 'HTTP',
      website_url: 'https://raw.example.com',
      check_rate: 300,
      tags: ['a', 'b'],
    })) as { data: { new_id: string } };
    const id = created.data.new_id;
    expect(id).toMatch(/^\d+$/);
    // Emptying an array must go out as tags[]=, which only the client's encoder sends.
    expect(await request('update-uptime-test', [id], { tags: [] })).toBeUndefined();
    const read = (await request('get-uptime-test', [id])) as { data: { name: string; tags: string[] } };
    const viaClient = await createClient({ token, baseUrl: mock.url }).uptime.get(id);
    expect(read.data).toEqual(viaClient);
    expect(read.data.tags).toEqual([]);
  });

  it('throws the client typed errors', async () => {
    const request = createRequest({ token: freshToken(), baseUrl: mock.url });
    const error = await request('create-uptime-test', [], {
      name: 'x',
      test_type: 'HTTP',
      website_url: 'https://x.example.com',
      check_rate: 300,
      timeout: 3,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).errors)).toEqual(['timeout']);
  });

  it('refuses an unknown operation and a missing path value before sending', async () => {
    const request = createRequest({ token: freshToken(), baseUrl: mock.url });
    // @ts-expect-error not an operationId of the description
    await expect(request('no-such-operation', [])).rejects.toThrow(/Unknown operation/);
    await expect(request('get-uptime-test', [])).rejects.toThrow(/expected 1 path value/);
  });

  it('exposes the table rows with their path templates', () => {
    expect(operationTable['get-uptime-test'].path).toBe('/uptime/{test_id}');
    expect(operationTable['list-uptime-test-history'].pagination).toBe('cursor');
  });
});
