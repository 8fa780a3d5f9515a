import { describe, expect, it } from 'vitest';
import { listOperations } from '@webmon/openapi-core';
import { loadBundle } from './load-bundle.js';

// SPEC.md section 7, written out here on purpose: the test compares the bundle
// with the specification, not with itself.
const SPEC_OPERATIONS = [
  'GET /contact-groups',
  'POST /contact-groups',
  'GET /contact-groups/{group_id}',
  'PUT /contact-groups/{group_id}',
  'DELETE /contact-groups/{group_id}',
  'GET /heartbeat',
  'POST /heartbeat',
  'GET /heartbeat/{test_id}',
  'PUT /heartbeat/{test_id}',
  'DELETE /heartbeat/{test_id}',
  'GET /maintenance-windows',
  'POST /maintenance-windows',
  'GET /maintenance-windows/{window_id}',
  'PUT /maintenance-windows/{window_id}',
  'DELETE /maintenance-windows/{window_id}',
  'GET /pagespeed',
  'POST /pagespeed',
  'GET /pagespeed/{test_id}',
  'PUT /pagespeed/{test_id}',
  'DELETE /pagespeed/{test_id}',
  'GET /pagespeed/{test_id}/history',
  'GET /ssl',
  'POST /ssl',
  'GET /ssl/{test_id}',
  'PUT /ssl/{test_id}',
  'DELETE /ssl/{test_id}',
  'GET /uptime',
  'POST /uptime',
  'GET /uptime/{test_id}',
  'PUT /uptime/{test_id}',
  'DELETE /uptime/{test_id}',
  'GET /uptime/{test_id}/history',
  'GET /uptime/{test_id}/periods',
  'GET /uptime/{test_id}/alerts',
  'GET /uptime-locations',
  'GET /pagespeed-locations',
];

const bundle = loadBundle();
const operations = listOperations(bundle);

describe('the bundle', () => {
  it('holds exactly the 36 operations over 18 paths of SPEC.md section 7', () => {
    expect(SPEC_OPERATIONS).toHaveLength(36);
    const found = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(found.sort()).toEqual([...SPEC_OPERATIONS].sort());
    expect(Object.keys(bundle.paths as object)).toHaveLength(18);
  });

  it('is OpenAPI 3.1 for API version 1.2.0 with base path /v1 on every server', () => {
    expect(bundle.openapi).toBe('3.1.0');
    expect((bundle.info as { version: string }).version).toBe('1.2.0');
    const servers = bundle.servers as { url: string }[];
    expect(servers.map((server) => server.url)).toEqual(['https://{host}/v1', 'http://localhost:4010/v1']);
  });

  it('gives every operation a unique operationId, one tag, a summary and a description', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(36);
    for (const { operation } of operations) {
      expect(operation.tags, String(operation.operationId)).toHaveLength(1);
      expect(operation.summary, String(operation.operationId)).toBeTruthy();
      expect(operation.description, String(operation.operationId)).toBeTruthy();
    }
  });

  it('secures every operation with the bearer scheme', () => {
    expect(bundle.security).toEqual([{ bearer: [] }]);
    const schemes = (bundle.components as { securitySchemes: Record<string, unknown> }).securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { operation } of operations) expect(operation.security).toBeUndefined();
  });

  it('answers create with 201, update and delete with 204, and declares 401, 429 and default everywhere', () => {
    const successOf: Record<string, string> = { get: '200', post: '201', put: '204', delete: '204' };
    for (const { method, operation } of operations) {
      const codes = Object.keys(operation.responses as object);
      const success = successOf[method];
      expect(codes, String(operation.operationId)).toEqual(expect.arrayContaining([success, '401', '429', 'default']));
    }
  });

  it("groups the tags as Features, Alerting and Monitoring Locations, as the provider's reference does (API-FACTS)", () => {
    expect(bundle['x-tagGroups']).toEqual([
      { name: 'Features', tags: ['heartbeat', 'pagespeed', 'ssl', 'uptime'] },
      { name: 'Alerting', tags: ['contact-groups', 'maintenance-windows'] },
      { name: 'Monitoring Locations', tags: ['locations'] },
    ]);
  });
});
