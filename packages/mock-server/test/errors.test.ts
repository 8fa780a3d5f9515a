// Failures in the one error shape {message, errors} (SPEC.md sections 3 and 8):
// unknown ids 404, unknown routes 404, wrong methods 405 with an Allow header
// listing what the API description defines on that path.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Answer } from './client.js';
import { methodsAt } from './spec-schemas.js';

const api = useApi({ seed: false });

function expectApiError(answer: Answer, status: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(answer.body).sort()).toEqual(['errors', 'message']);
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.message.length).toBeGreaterThan(10);
}

describe('unknown ids', () => {
  it.each([
    ['/contact-groups', 'name=Renamed'],
    ['/heartbeat', 'name=Renamed'],
    ['/maintenance-windows', 'name=Renamed'],
    ['/pagespeed', 'name=Renamed'],
    ['/ssl', 'paused=true'],
    ['/uptime', 'name=Renamed'],
  ])('%s/{id}: GET, PUT and DELETE answer 404 APIError naming the id', async (base, update) => {
    const client = api.client();
    for (const answer of [
      await client.get(`${base}/4242424`),
      await client.put(`${base}/4242424`, update),
      await client.delete(`${base}/4242424`),
    ]) {
      expectApiError(answer, 404);
      expect(answer.body.message).toContain('4242424');
    }
  });

  it('series of an unknown check answer 404', async () => {
    const client = api.client();
    for (const path of [
      '/uptime/4242424/history',
      '/uptime/4242424/periods',
      '/uptime/4242424/alerts',
      '/pagespeed/4242424/history',
    ]) {
      expectApiError(await client.get(path), 404);
    }
  });

  it('an id of another kind of resource is unknown: an uptime id is no SSL check', async () => {
    const client = api.client();
    const uptime = await client.create('/uptime', VALID.uptime);
    expectApiError(await client.get(`/ssl/${uptime}`), 404);
    expectApiError(await client.get(`/pagespeed/${uptime}/history`), 404);
  });

  it('a deleted record stays gone: a second DELETE answers 404', async () => {
    const client = api.client();
    const id = await client.create('/ssl', VALID.ssl);
    expect((await client.delete(`/ssl/${id}`)).status).toBe(204);
    expectApiError(await client.delete(`/ssl/${id}`), 404);
  });
});

describe('unknown routes', () => {
  it.each(['/nope', '/uptime/1/history/2', '/uptime-location', '/checks', '/uptime/1/sparkline'])(
    'GET %s answers 404 APIError',
    async (path) => {
      expectApiError(await api.client().get(path), 404);
    },
  );

  it('answers 404 outside the base path', async () => {
    const response = await fetch(api.mock.url.replace(/\/v1$/, '/v2/uptime'), {
      headers: { authorization: 'Bearer x' },
    });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({ message: expect.any(String), errors: {} });
  });
});

describe('wrong methods', () => {
  it.each([
    ['PATCH', '/uptime/1000001'],
    ['POST', '/uptime/1000001'],
    ['DELETE', '/uptime'],
    ['PUT', '/contact-groups'],
    ['POST', '/uptime/1000001/history'],
    ['DELETE', '/pagespeed/1000001/history'],
    ['POST', '/uptime-locations'],
    ['PUT', '/pagespeed-locations'],
    ['PATCH', '/maintenance-windows/1'],
  ])('%s %s answers 405 APIError with an Allow header of the methods the path takes', async (method, path) => {
    const answer = await api.client().send(method, path);
    expectApiError(answer, 405);
    const allowed = answer.headers.get('allow');
    expect(allowed).not.toBeNull();
    const expected = methodsAt(path);
    expect(expected.length).toBeGreaterThan(0);
    expect(
      allowed!
        .split(',')
        .map((m) => m.trim())
        .sort(),
    ).toEqual([...expected].sort());
    expect(answer.headers.get('allow')).not.toContain(method);
  });

  it('HEAD answers wherever GET does: its status and headers, no body', async () => {
    const client = api.client();
    const head = (path: string) => client.mock.call('HEAD', path, { token: client.token });
    const list = await head('/uptime');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(await list.text()).toBe('');
    expect((await head('/uptime/999999')).status).toBe(404);
    expect((await head('/uptime/999999/history')).status).toBe(404);
  });
});
