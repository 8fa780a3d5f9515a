// Every answer against the API description. The suite's client (test/client.ts)
// checks each answer it receives against the schema its operation declares for
// that status, and each error against APIError; this file makes sure that
// check covers all 36 operations (with the seeded sample records, whose shapes
// nothing else reads) and that the check itself can fail.
import { describe, expect, it } from 'vitest';
import { VALID, useApi } from './client.js';
import { operationAt, specOperations, specProblems } from './spec-schemas.js';

const api = useApi();

describe('the spec oracle', () => {
  it('knows the 36 operations of the API description', () => {
    expect(specOperations).toHaveLength(36);
  });

  it('refuses answers that break the spec (it can fail)', () => {
    // A get-one answer must be wrapped in data and hold the required fields.
    expect(specProblems('GET', '/uptime/1', 200, { id: '1', name: 'x' }, '{}')).not.toEqual([]);
    expect(specProblems('GET', '/uptime/1', 200, { data: { id: '1' } }, '{}')).not.toEqual([]);
    // A list needs its metadata.
    expect(specProblems('GET', '/contact-groups', 200, { data: [] }, '{}')).not.toEqual([]);
    // Create answers 201, not 200; update answers 204 with no body.
    expect(specProblems('POST', '/ssl', 200, { data: { new_id: '1' } }, '{}')).not.toEqual([]);
    expect(specProblems('PUT', '/ssl/1', 204, undefined, '{"data":{}}')).not.toEqual([]);
    // A wrong enum value, a wrong type.
    expect(
      specProblems(
        'GET',
        '/uptime-locations',
        200,
        {
          data: [
            {
              description: 'x',
              ipv4: '203.0.113.1',
              ipv6: '2001:db8::1',
              region: 'r',
              region_code: 'r',
              status: 'sideways',
            },
          ],
        },
        '{}',
      ),
    ).not.toEqual([]);
    expect(specProblems('POST', '/uptime', 201, { data: { new_id: 1000001 } }, '{}')).not.toEqual([]);
    // Errors must be APIError.
    expect(specProblems('GET', '/uptime/1', 404, { message: 'gone' }, '{}')).not.toEqual([]);
    expect(specProblems('GET', '/uptime/1', 404, { message: 'gone', errors: { id: 'not a list' } }, '{}')).not.toEqual(
      [],
    );
    // And accepts the spec's own shapes.
    expect(specProblems('GET', '/uptime/1', 404, { message: 'gone', errors: {} }, '{}')).toEqual([]);
    expect(specProblems('DELETE', '/ssl/1', 204, undefined, '')).toEqual([]);
  });
});

describe('all 36 operations answer in the shape the spec declares', () => {
  it('with the seeded sample records, then new ones, over two weeks of history', async () => {
    const client = api.client();
    const hit = new Set<string>();
    const call = async (method: string, path: string, body?: string) => {
      const answer = await client.send(method, path, body);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBeLessThan(300);
      hit.add(operationAt(method, path)!.operationId);
      return answer;
    };

    // Lists and every seeded record (the client checks each shape).
    for (const base of ['/contact-groups', '/heartbeat', '/maintenance-windows', '/pagespeed', '/ssl', '/uptime']) {
      const { data } = (await call('GET', `${base}?limit=100`)).body;
      expect(data.length, `${base} is seeded`).toBeGreaterThan(0);
      for (const item of data) await call('GET', `${base}/${item.id}`);
    }
    await call('GET', '/uptime?nouptime&tags=production,web&matchany&status=up');
    await call('GET', '/heartbeat?nouptime&status=down');
    await call('GET', '/maintenance-windows?state=pending');
    await call('GET', '/uptime-locations?region_code=london');
    await call('GET', '/pagespeed-locations?location=GB');

    // Series of the seeded checks: two weeks of history, including paused spans.
    for (const check of (await call('GET', '/uptime?limit=100')).body.data) {
      for (const series of ['history', 'periods', 'alerts']) {
        const page = (await call('GET', `/uptime/${check.id}/${series}?limit=100`)).body;
        if (page.links.next) await call('GET', page.links.next.slice(api.mock.url.length));
      }
    }
    for (const check of (await call('GET', '/pagespeed')).body.data)
      await call('GET', `/pagespeed/${check.id}/history?limit=100`);

    // Create, update and delete of each resource.
    const group = (await call('POST', '/contact-groups', VALID.contactGroup)).body.data.new_id;
    const created: [string, string][] = [['/contact-groups', group]];
    for (const [base, body] of [
      ['/heartbeat', `${VALID.heartbeat}&contact_groups[]=${group}`],
      ['/maintenance-windows', VALID.maintenanceWindow],
      ['/pagespeed', `${VALID.pagespeed}&contact_groups[]=${group}`],
      ['/ssl', `${VALID.ssl}&contact_groups[]=${group}`],
      ['/uptime', `${VALID.uptime}&contact_groups[]=${group}`],
    ] as const) {
      created.push([base, (await call('POST', base, body)).body.data.new_id]);
    }
    for (const [base, id] of created) {
      await call('PUT', `${base}/${id}`, base === '/ssl' ? 'paused=true' : 'name=Renamed');
      await call('GET', `${base}/${id}`);
    }
    for (const [base, id] of created.reverse()) await call('DELETE', `${base}/${id}`);

    expect([...hit].sort()).toEqual(specOperations.map((op) => op.operationId).sort());
  });
});
