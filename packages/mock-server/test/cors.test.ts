// CORS (API-FACTS.md: enabled for every origin, so browser calls work): preflights
// answer 204 with access-control-allow-origin *, and every answer lets a browser
// script read the rate-limit headers.
import { describe, expect, it } from 'vitest';
import { type Answer, useApi } from './client.js';

const api = useApi({ seed: false, rateLimit: true });
const ORIGIN = 'https://docs.example.com';

describe('preflight', () => {
  it.each([
    ['/uptime', 'POST'],
    ['/uptime/1000001', 'PUT'],
    ['/contact-groups/1000001', 'DELETE'],
    ['/uptime-locations', 'GET'],
  ])('OPTIONS %s (for %s) answers 204 for any origin, without a token', async (path, method) => {
    const response = await fetch(`${api.mock.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const methods = (response.headers.get('access-control-allow-methods') ?? '').split(',').map((m) => m.trim());
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    const headers = (response.headers.get('access-control-allow-headers') ?? '')
      .toLowerCase()
      .split(',')
      .map((h) => h.trim());
    expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type']));
  });
});

describe('actual responses', () => {
  it('allow any origin and expose the rate-limit headers, on success and on failure', async () => {
    const client = api.client();
    const answers = [
      await client.get('/uptime', { headers: { origin: ORIGIN } }),
      await client.post('/contact-groups', 'name=Ops', { headers: { origin: ORIGIN } }),
      await client.get('/uptime', { token: null, headers: { origin: ORIGIN } }),
      await client.get('/uptime/4242424', { headers: { origin: ORIGIN } }),
      await client.get('/nowhere', { headers: { origin: ORIGIN } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 201, 401, 404, 404]);
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = (answer.headers.get('access-control-expose-headers') ?? '')
        .toLowerCase()
        .split(',')
        .map((h) => h.trim());
      expect(exposed).toEqual(
        expect.arrayContaining(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']),
      );
    }
  });

  it('allow any origin on a 429 too', async () => {
    const client = api.client();
    let last: Answer | undefined;
    for (let i = 0; i < 6; i++) last = await client.get('/contact-groups', { headers: { origin: ORIGIN } });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('access-control-allow-origin')).toBe('*');
  });
});
