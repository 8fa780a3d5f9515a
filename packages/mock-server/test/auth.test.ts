// Authentication (SPEC.md section 6, API-FACTS.md): `Authorization: Bearer <token>`
// on every call; without a valid one, 401 in the APIError shape. By default the
// mock takes any non-empty token; started with a token list it takes only those.
import { describe, expect, it } from 'vitest';
import { tokenList } from '../src/node/token-list.js';
import { VALID, useApi } from './client.js';

const open = useApi({ seed: false });
const closed = useApi({ seed: false, tokens: { abc: 'free', 'paid-token': 'paid' } });
// As `pnpm mock --tokens alpha,beta` builds its list, rate limits on.
const listed = useApi({ seed: false, rateLimit: true, tokens: tokenList('alpha, beta,') });

/** Names every plain JavaScript object answers to (Object.prototype's keys). */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

const every = [
  '/contact-groups',
  '/heartbeat',
  '/maintenance-windows',
  '/pagespeed',
  '/ssl',
  '/uptime',
  '/uptime-locations',
  '/pagespeed-locations',
];

describe('without a usable Authorization header', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a scheme without a token', 'Bearer'],
    ['a blank token', 'Bearer    '],
    ['another scheme', 'Basic YWJjOmRlZg=='],
    ['a token without a scheme', 'abc'],
    ['two tokens', 'Bearer abc def'],
  ])('answers 401 APIError when it is %s', async (_label, header) => {
    const client = open.client(null);
    for (const path of every) {
      const answer = await client.get(path, { headers: header === undefined ? {} : { authorization: header } });
      expect(answer.status, `${path} with ${JSON.stringify(header)}`).toBe(401);
      expect(answer.body).toEqual({ message: expect.any(String), errors: {} });
      expect(answer.body.message).not.toBe('');
    }
  });

  it('answers 401 before anything else: validation, unknown ids, bodies', async () => {
    const client = open.client(null);
    expect((await client.post('/uptime', 'timeout=1')).status).toBe(401);
    expect((await client.get('/uptime/999999')).status).toBe(401);
    expect((await client.get('/uptime?page=0')).status).toBe(401);
    expect((await client.delete('/ssl/1')).status).toBe(401);
    expect(
      (await client.post('/contact-groups', '{}', { headers: { 'content-type': 'application/json' } })).status,
    ).toBe(401);
  });

  it('creates nothing on a refused call', async () => {
    const client = open.client();
    expect((await client.post('/contact-groups', 'name=Sneaky', { token: null })).status).toBe(401);
    expect((await client.list('/contact-groups')).data).toEqual([]);
  });
});

describe('with any non-empty token (default)', () => {
  it.each(['abc', 'Zm9vYmFy', 'a.b-c_d~e+f/g=', '0'])('accepts %s', async (token) => {
    const answer = await open.client(token).get('/uptime');
    expect(answer.status).toBe(200);
  });

  it('reads the scheme case-insensitively (RFC 7235)', async () => {
    const client = open.client(null);
    const answer = await client.get('/contact-groups', { headers: { authorization: 'bearer lower-case-scheme' } });
    expect(answer.status).toBe(200);
  });
});

describe('with a configured token list', () => {
  it('accepts the listed tokens', async () => {
    expect((await closed.client('abc').get('/uptime')).status).toBe(200);
    expect((await closed.client('paid-token').get('/uptime')).status).toBe(200);
  });

  it.each(['xyz', 'abcd', 'ABC', 'ab'])('refuses %s with 401 APIError', async (token) => {
    const client = closed.client(token);
    for (const [method, path, body] of [
      ['GET', '/uptime', undefined],
      ['POST', '/uptime', VALID.uptime],
      ['GET', '/uptime-locations', undefined],
    ] as const) {
      const answer = await client.send(method, path, body);
      expect(answer.status).toBe(401);
      expect(answer.body.errors).toEqual({});
    }
  });
});

describe('with a token list from --tokens', () => {
  it('accepts exactly the listed tokens', async () => {
    expect((await listed.client('alpha').get('/uptime')).status).toBe(200);
    expect((await listed.client('beta').get('/uptime')).status).toBe(200);
    expect((await listed.client('').get('/uptime', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
  });

  it('refuses the names every plain object answers to, so none escapes the token list or its limits', async () => {
    // A guard on the list itself: these are what `token in tokens` used to accept.
    expect(PROTOTYPE_NAMES).toEqual(expect.arrayContaining(['constructor', 'toString', '__proto__', 'valueOf']));
    expect(PROTOTYPE_NAMES.length).toBeGreaterThanOrEqual(9);
    for (const token of PROTOTYPE_NAMES) {
      for (const api of [listed, closed]) {
        const answer = await api.client(token).get('/uptime');
        expect(answer.status, `${token}: ${answer.text}`).toBe(401);
      }
    }
  });
});
