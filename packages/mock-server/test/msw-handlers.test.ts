// The msw handlers (the docs' in-browser sandbox, setupServer in tests) hand
// every request the Node server answers to the same pipeline: a method the
// handlers do not match would leave msw's worker to pass the request on to the
// docs site, which knows no such URL.
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { createMock } from '../src/handlers.js';

const ORIGIN = 'http://docs.example';
const TOKEN = { authorization: 'Bearer msw-handlers' };

describe('the msw handlers', () => {
  const clock = new ManualClock(Date.parse('2026-03-02T12:00:00Z'));
  const { handlers } = createMock({ clock });
  const answer = (method: string, url: string, headers: Record<string, string> = TOKEN) =>
    getResponse(handlers, new Request(url, { method, headers }));

  async function harLocation(): Promise<string> {
    const list = await answer('GET', `${ORIGIN}/v1/pagespeed`);
    const [test] = ((await list!.json()) as { data: { id: number }[] }).data;
    clock.advance(60 * 60_000);
    const history = await answer('GET', `${ORIGIN}/v1/pagespeed/${test!.id}/history?limit=1`);
    const [measurement] = ((await history!.json()) as { data: { har_location: string }[] }).data;
    return measurement!.har_location;
  }

  it("answer HEAD and a preflight on a measurement's archive, as GET", async () => {
    const har = await harLocation();
    expect((await answer('GET', har, {}))?.status).toBe(200);
    const head = await answer('HEAD', har, {});
    expect(head?.status).toBe(200);
    expect(head?.headers.get('content-type')).toMatch(/^application\/json/);
    const preflight = await answer('OPTIONS', har, { origin: 'http://elsewhere.example' });
    expect(preflight?.status).toBe(204);
    expect(preflight?.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answer a method the archive does not take in the API error shape, not by passing it on', async () => {
    const refused = await answer('DELETE', await harLocation(), {});
    expect(refused?.status).toBe(404);
    expect(await refused?.json()).toEqual({ message: expect.any(String), errors: {} });
  });
});
