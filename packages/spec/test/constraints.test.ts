// SPEC.md sections 5 and 9, rule by rule: each rule is checked by what the
// bundle's schemas accept and reject, so a bound loosened or tightened in the
// sources fails here. Expected values come from the specification text.
import { describe, expect, it } from 'vitest';
import { bundle, parameterValidator, propertyOf, schemaValidator } from './validator.js';

const accepts = (schema: string, value: unknown) =>
  expect(schemaValidator(schema)(value), JSON.stringify(value)).toBe(true);
const rejects = (schema: string, value: unknown) =>
  expect(schemaValidator(schema)(value), JSON.stringify(value)).toBe(false);

const uptime = { name: 'Home', test_type: 'HTTP', website_url: 'https://www.example.com', check_rate: 1800 };
const heartbeat = { name: 'Backups', period: 1800 };
const pagespeed = { name: 'Home', website_url: 'https://www.example.com', check_rate: 1800, region: 'UK' };
const ssl = { website_url: 'https://www.example.com', check_rate: 86400, alert_at: [30, 7, 1] };
const window = {
  name: 'Upgrade',
  start_at: '2026-12-01T01:00:00Z',
  end_at: '2026-12-01T03:00:00Z',
  timezone: 'Europe/London',
};

/** `body` is accepted, and refused without any one of its fields: each is required. */
function requiresEachField(schema: string, body: Record<string, unknown>) {
  accepts(schema, body);
  for (const field of Object.keys(body)) {
    const { [field]: _dropped, ...rest } = body;
    rejects(schema, rest);
  }
}

const enumOf = (schema: string, property: string) => propertyOf(schema, property)?.enum;
const defaultOf = (schema: string, property: string) => propertyOf(schema, property)?.default;

describe('pagination and series parameters', () => {
  it('page: minimum 1, default 1', () => {
    expect(parameterValidator('page')(0)).toBe(false);
    expect(parameterValidator('page')(1)).toBe(true);
  });
  it('limit: 1 to 100', () => {
    for (const [value, valid] of [
      [0, false],
      [1, true],
      [100, true],
      [101, false],
    ] as const) {
      expect(parameterValidator('limit')(value), String(value)).toBe(valid);
    }
  });
  it('before and after: UNIX timestamps from 0', () => {
    for (const name of ['before', 'after']) {
      expect(parameterValidator(name)(-1)).toBe(false);
      expect(parameterValidator(name)(0)).toBe(true);
      expect(parameterValidator(name)(1795264200)).toBe(true);
    }
  });
  it('status filter: up or down; state filter: active, paused, pending', () => {
    expect(parameterValidator('status')('up')).toBe(true);
    expect(parameterValidator('status')('paused')).toBe(false);
    for (const state of ['active', 'paused', 'pending']) expect(parameterValidator('state')(state)).toBe(true);
    expect(parameterValidator('state')('done')).toBe(false);
  });
  it('pagespeed location filter: an ISO alpha-2 country code', () => {
    expect(parameterValidator('location')('GB')).toBe(true);
    expect(parameterValidator('location')('UK')).toBe(true);
    expect(parameterValidator('location')('GBR')).toBe(false);
  });
});

describe('contact group create', () => {
  it('requires name', () => {
    accepts('ContactGroupCreate', { name: 'Ops' });
    rejects('ContactGroupCreate', {});
  });
});

describe('contact group fields (issue 14)', () => {
  it('mobile numbers are international, 7 to 15 digits, with or without the leading +', () => {
    // The provider's own examples send 447712345678.
    for (const number of ['+447712345678', '447712345678', '1234567', '+123456789012345'])
      accepts('ContactGroupCreate', { name: 'Ops', mobile_numbers: [number] });
    for (const number of ['07700900123', '+123456', '1234567890123456', '+44 7712 345678', '++447712345678'])
      rejects('ContactGroupCreate', { name: 'Ops', mobile_numbers: [number] });
  });
  it('an integration id holds no comma: a comma-joined list is not an id', () => {
    accepts('ContactGroupCreate', { name: 'Ops', integrations: ['7890', '7891'] });
    rejects('ContactGroupCreate', { name: 'Ops', integrations: ['7890,7891'] });
  });
});

describe('heartbeat create', () => {
  it('requires name and period', () => {
    accepts('HeartbeatTestCreate', heartbeat);
    rejects('HeartbeatTestCreate', { name: 'Backups' });
    rejects('HeartbeatTestCreate', { period: 1800 });
  });
  it('period is 30 to 172800 seconds, default 1800', () => {
    rejects('HeartbeatTestCreate', { ...heartbeat, period: 29 });
    accepts('HeartbeatTestCreate', { ...heartbeat, period: 30 });
    accepts('HeartbeatTestCreate', { ...heartbeat, period: 172800 });
    rejects('HeartbeatTestCreate', { ...heartbeat, period: 172801 });
    expect(defaultOf('HeartbeatTestCreate', 'period')).toBe(1800);
  });
});

describe('maintenance window create', () => {
  it('requires name, start_at, end_at and timezone', () => {
    for (const field of ['name', 'start_at', 'end_at', 'timezone']) {
      const { [field as keyof typeof window]: _dropped, ...rest } = window;
      rejects('MaintenanceWindowCreate', { ...rest, tests: ['1'] });
    }
  });
  it('needs at least one of tests or tags, not empty', () => {
    rejects('MaintenanceWindowCreate', window);
    rejects('MaintenanceWindowCreate', { ...window, tests: [], tags: [] });
    accepts('MaintenanceWindowCreate', { ...window, tests: ['1234567'] });
    accepts('MaintenanceWindowCreate', { ...window, tags: ['database'] });
  });
  it('states and repeat intervals are the listed ones; start_at is RFC 3339', () => {
    expect(enumOf('MaintenanceWindow', 'state')).toEqual(['active', 'paused', 'pending']);
    expect(enumOf('MaintenanceWindowCreate', 'repeat_interval')).toEqual(['never', '1d', '1w', '2w', '1m']);
    rejects('MaintenanceWindowCreate', { ...window, tags: ['db'], start_at: '1 December 2026' });
  });
});

describe('pagespeed create', () => {
  it('requires name, website_url, check_rate and region', () => {
    requiresEachField('PagespeedTestCreate', pagespeed);
  });
  it('alert_slower is an int64, not capped at 2^31-1', () => {
    expect(propertyOf('PagespeedTestCreate', 'alert_slower')?.format).toBe('int64');
    accepts('PagespeedTestCreate', { ...pagespeed, alert_slower: 2 ** 31 });
    accepts('PagespeedTestCreate', { ...pagespeed, alert_slower: Number.MAX_SAFE_INTEGER });
  });
  it('alert thresholds are at least 0, default 0', () => {
    for (const field of ['alert_bigger', 'alert_slower', 'alert_smaller']) {
      rejects('PagespeedTestCreate', { ...pagespeed, [field]: -1 });
      accepts('PagespeedTestCreate', { ...pagespeed, [field]: 0 });
      expect(defaultOf('PagespeedTestCreate', field)).toBe(0);
    }
  });
  it('check rates, regions and throttling are the business constants', () => {
    expect(enumOf('PagespeedTestCreate', 'check_rate')).toEqual([60, 300, 600, 900, 1800, 3600, 86400]);
    rejects('PagespeedTestCreate', { ...pagespeed, check_rate: 10 });
    expect(enumOf('PagespeedTestCreate', 'region')).toEqual([
      'AU',
      'CA',
      'DE',
      'FR',
      'IN',
      'JP',
      'NL',
      'SG',
      'UK',
      'US',
      'USW',
    ]);
    expect(enumOf('PagespeedTestHistoryResult', 'throttling')).toEqual([
      'NONE',
      '3G_FAST',
      '3G_SLOW',
      '4G',
      'EDGE',
      'GPRS',
    ]);
  });
});

describe('SSL create', () => {
  it('requires website_url, check_rate and alert_at', () => {
    requiresEachField('SSLTestCreate', ssl);
  });
  it('website_url must begin with https://', () => {
    rejects('SSLTestCreate', { ...ssl, website_url: 'http://www.example.com' });
  });
  it('alert_at holds exactly 3 numbers of days', () => {
    rejects('SSLTestCreate', { ...ssl, alert_at: [30, 7] });
    rejects('SSLTestCreate', { ...ssl, alert_at: [30, 14, 7, 1] });
    rejects('SSLTestCreate', { ...ssl, alert_at: ['30', '7', '1'] });
  });
  it('alert booleans and follow_redirects default to false', () => {
    for (const field of ['alert_broken', 'alert_expiry', 'alert_mixed', 'alert_reminder', 'follow_redirects']) {
      expect(defaultOf('SSLTestCreate', field), field).toBe(false);
    }
  });
  it('check rates are the business constants, scores 0 to 100', () => {
    expect(enumOf('SSLTestCreate', 'check_rate')).toEqual([300, 600, 1800, 3600, 86400, 2073600]);
    for (const field of ['certificate_score', 'cipher_score']) {
      expect(propertyOf('SSLTest', field)).toMatchObject({ minimum: 0, maximum: 100 });
    }
  });
});

describe('uptime create', () => {
  it('requires name, test_type, website_url and check_rate', () => {
    requiresEachField('UptimeTestCreate', uptime);
  });
  it('test_type and check_rate are the listed values', () => {
    expect(enumOf('UptimeTestCreate', 'test_type')).toEqual(['DNS', 'HEAD', 'HTTP', 'PING', 'SMTP', 'SSH', 'TCP']);
    expect(enumOf('UptimeTestCreate', 'check_rate')).toEqual([0, 30, 60, 300, 900, 1800, 3600, 86400]);
    rejects('UptimeTestCreate', { ...uptime, test_type: 'FTP' });
  });
  it.each([
    ['confirmation', 0, 3, 2],
    ['timeout', 5, 75, 15],
    ['trigger_rate', 0, 60, 0],
  ] as const)('%s is an integer from %i to %i, default %i', (field, min, max, fallback) => {
    rejects('UptimeTestCreate', { ...uptime, [field]: min - 1 });
    accepts('UptimeTestCreate', { ...uptime, [field]: min });
    accepts('UptimeTestCreate', { ...uptime, [field]: max });
    rejects('UptimeTestCreate', { ...uptime, [field]: max + 1 });
    rejects('UptimeTestCreate', { ...uptime, [field]: min + 0.5 });
    expect(defaultOf('UptimeTestCreate', field)).toBe(fallback);
  });
  it('port is at least 0; uptime percentage at least 0', () => {
    rejects('UptimeTestCreate', { ...uptime, port: -1 });
    accepts('UptimeTestCreate', { ...uptime, port: 0 });
    expect(propertyOf('UptimeTest', 'uptime')?.minimum).toBe(0);
  });
  it('booleans default to false', () => {
    for (const field of [
      'do_not_find',
      'enable_ssl_alert',
      'follow_redirects',
      'include_header',
      'paused',
      'use_jar',
    ]) {
      expect(defaultOf('UptimeTestCreate', field), field).toBe(false);
    }
  });
  it('status_codes_csv is one comma-separated string; the check returns status_codes as strings', () => {
    accepts('UptimeTestCreate', { ...uptime, status_codes_csv: '500,502,503' });
    rejects('UptimeTestCreate', { ...uptime, status_codes_csv: '500, 502' });
    expect(propertyOf('UptimeTest', 'status_codes')).toMatchObject({ type: 'array', items: { type: 'string' } });
  });
  it('website_url is a URL, an FQDN or an IP address for every check type; a URL must be http(s)', () => {
    for (const test_type of ['HTTP', 'HEAD', 'DNS', 'PING', 'SMTP', 'SSH', 'TCP']) {
      for (const website_url of [
        'https://www.example.com/health',
        'http://203.0.113.7:8080/',
        'mail.example.com',
        'example.com.',
        '203.0.113.7',
        '2001:db8::1',
        'localhost',
      ])
        accepts('UptimeTestCreate', { ...uptime, test_type, website_url });
      for (const website_url of ['not a url', 'ftp://example.com', 'example.com/path', '-bad.example.com'])
        rejects('UptimeTestCreate', { ...uptime, test_type, website_url });
    }
  });
  it('on update, website_url is judged by its own form, with or without test_type', () => {
    accepts('UptimeTestUpdate', { website_url: 'mail.example.com' });
    accepts('UptimeTestUpdate', { website_url: 'https://www.example.com' });
    accepts('UptimeTestUpdate', { test_type: 'PING', website_url: 'https://www.example.com' });
    rejects('UptimeTestUpdate', { website_url: 'ftp://example.com' });
  });
  it('tags and DNS IPs hold no comma: a comma-joined list is not one value', () => {
    rejects('UptimeTestCreate', { ...uptime, tags: ['web,eu'] });
    rejects('UptimeTestCreate', { ...uptime, dns_ips: ['203.0.113.7,203.0.113.8'] });
    rejects('MaintenanceWindowCreate', { ...window, tags: ['db,web'] });
    rejects('HeartbeatTestCreate', { ...heartbeat, tags: ['a,b'] });
    accepts('UptimeTestCreate', { ...uptime, tags: ['web', 'eu'], dns_ips: ['203.0.113.7'] });
  });
  it('custom_header and post_body are JSON objects (contentSchema)', () => {
    expect(propertyOf('UptimeTestCreate', 'custom_header')).toMatchObject({
      contentMediaType: 'application/json',
      contentSchema: { type: 'object' },
    });
    expect(propertyOf('UptimeTestCreate', 'post_body')).toMatchObject({
      contentMediaType: 'application/json',
      contentSchema: { type: 'object' },
    });
  });
  it('processing_state is complete, pretest, retest or up_retest', () => {
    expect(enumOf('UptimeTest', 'processing_state')).toEqual(['complete', 'pretest', 'retest', 'up_retest']);
  });
});

describe('updates', () => {
  it.each([
    'ContactGroupUpdate',
    'HeartbeatTestUpdate',
    'MaintenanceWindowUpdate',
    'PagespeedTestUpdate',
    'SSLTestUpdate',
    'UptimeTestUpdate',
  ])('%s accepts an empty body (every field optional) but still checks bounds', (schema) => {
    accepts(schema, {});
  });
  it('keep the create bounds', () => {
    rejects('UptimeTestUpdate', { timeout: 4 });
    rejects('HeartbeatTestUpdate', { period: 172801 });
    rejects('SSLTestUpdate', { alert_at: [1] });
  });
});

describe('no value (info.description: a field with no value is left out)', () => {
  /** Every `type` list anywhere in the bundle's schemas, with where it stands. */
  function typeLists(node: unknown, at: string, out: string[] = []): string[] {
    if (Array.isArray(node)) for (const [i, item] of node.entries()) typeLists(item, `${at}/${i}`, out);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'example' || key === 'examples') continue;
        if (key === 'type' && Array.isArray(value) && value.includes('null')) out.push(at);
        typeLists(value, `${at}/${key}`, out);
      }
    }
    return out;
  }
  it('no schema types a field as null: a field with no value is absent', () => {
    expect(typeLists(bundle, '#')).toEqual([]);
  });
  it('fields that can have no value are not required (last_tested_at, latest_issue, custom_header, port, ...)', () => {
    const required = (name: string) =>
      (bundle.components as { schemas: Record<string, { required?: string[] }> }).schemas[name]!.required!;
    for (const field of ['last_tested_at', 'custom_header', 'post_body', 'port', 'dns_server', 'processing_on'])
      expect(required('UptimeTest'), field).not.toContain(field);
    expect(required('HeartbeatTest')).not.toContain('last_tested_at');
    expect(required('PagespeedTestStats')).not.toContain('latest_issue');
    expect(required('ContactGroup')).not.toContain('ping_url');
    expect(String((bundle.info as { description: string }).description)).toMatch(/no value is left out/);
  });
});
