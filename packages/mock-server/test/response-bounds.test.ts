// Every string and array of the API description has a length limit (the house
// rule length-bounds). Requests past them are refused with a 400 naming the
// field (the fuzz test breaks each one), and answers stay within them however
// much a request carries: echoed input is cut short, links leave out what the
// series does not read. Every answer here is checked against the spec (client.ts).
import { describe, expect, it } from 'vitest';
import { VALID, useApi } from './client.js';

const api = useApi({ seed: false });
const junk = 'j'.repeat(12 * 1024);

describe('answers stay within the spec however long the request', () => {
  it('a 12 KiB path is named in a short 404 message', async () => {
    const answer = await api.client().get(`/no-such-route/${junk}`);
    expect(answer.status).toBe(404);
    expect(answer.body.message.length).toBeLessThanOrEqual(1024);
    expect(answer.body.message).toContain('/no-such-route/jjj');
  });

  it('a 12 KiB path on a wrong method is named in a short 405 message', async () => {
    const answer = await api.client().send('PATCH', `/uptime/${junk}/history`);
    expect(answer.status).toBe(405);
    expect(answer.body.message.length).toBeLessThanOrEqual(1024);
  });

  it('a 12 KiB content type is named in a short 415 message', async () => {
    const answer = await api
      .client()
      .post('/contact-groups', 'name=x', { headers: { 'content-type': `text/${junk}` } });
    expect(answer.status).toBe(415);
    expect(answer.body.message.length).toBeLessThanOrEqual(1024);
  });

  it('series links leave out parameters the series does not read', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    api.mock.clock.advance(3 * 3600_000);
    const answer = await client.get(`/uptime/${id}/history?limit=2&junk=${junk}&more=1`);
    expect(answer.status).toBe(200);
    const { self, next } = answer.body.links as { self: string; next: string };
    expect([...new URL(self).searchParams.keys()]).toEqual(['limit']);
    expect([...new URL(next).searchParams.keys()].sort()).toEqual(['before', 'limit']);
  });

  it('a number written with a 10,000-digit exponent is refused, not echoed into links', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    const answer = await client.get(`/uptime/${id}/history?limit=1e${'0'.repeat(10_000)}2`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual(['limit']);
    expect(answer.text.length).toBeLessThan(1024);
  });

  it('an array of more items than any field holds is refused whole, not with a message per item', async () => {
    // Each item could fail several constraints at once: a message each would outgrow APIError's 1000.
    const tags = Array.from({ length: 300 }, () => `tags[]=${'t'.repeat(100)}`).join('&');
    const answer = await api.client().post('/uptime', `${VALID.uptime}&${tags}`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.tags).toHaveLength(1);
  });
});
