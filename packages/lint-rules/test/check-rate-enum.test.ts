import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'check-rate-enum';

describe(RULE, () => {
  it('accepts a split source where schema names come from file names', async () => {
    expect(await findingsOf(RULE, RULE, 'valid-split/openapi.yaml')).toEqual([]);
  });

  it('accepts inline, $ref, allOf-inherited and allOf-wrapped enums with the right rates', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports in the referenced enum file of a split source', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid-split/openapi.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['enum'],
        message:
          'check_rate enum must be exactly [0,30,60,300,900,1800,3600,86400] (the Uptime check rates): missing 86400',
        source: 'invalid-split/components/schemas/UptimeTestCheckRate.yaml',
      },
    ]);
  });

  it('reports missing and extra rates (a shared enum once), a missing enum, and string rates', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['components', 'schemas', 'UptimeTestCheckRate', 'enum'],
        message:
          'check_rate enum must be exactly [0,30,60,300,900,1800,3600,86400] (the Uptime check rates): missing 0; extra 120',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'SSLTestUpdate', 'properties', 'check_rate'],
        message: 'check_rate must declare enum [300,600,1800,3600,86400,2073600] (the SSL check rates)',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'PagespeedTest', 'allOf', '0', 'properties', 'check_rate', 'enum'],
        message:
          'check_rate enum must be exactly [60,300,600,900,1800,3600,86400] (the Pagespeed check rates): missing 86400; extra "86400"',
      },
    ]);
  });
});
