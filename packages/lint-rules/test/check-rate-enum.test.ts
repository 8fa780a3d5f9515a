import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'check-rate-enum';

describe(RULE, () => {
  it('accepts a split source where schema names come from file names', async () => {
    expect(await findingsOf(RULE, RULE, 'valid-split/openapi.yaml')).toEqual([]);
  });

  it("accepts inline, $ref, allOf-inherited and allOf-wrapped enums, each the same as its product's others", async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports in the referenced enum file of a split source', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid-split/openapi.yaml');
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['enum'],
        message:
          'check_rate offers other Uptime check rates than UptimeTestOverview (missing 86400): one enum per product, referenced by each schema',
        source: 'invalid-split/components/schemas/UptimeTestCheckRate.yaml',
      },
    ]);
  });

  it("reports rates that differ from the product's first schema's (a shared enum once), a missing enum, and string rates", async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['components', 'schemas', 'UptimeTestUpdate', 'properties', 'check_rate', 'enum'],
        message:
          'check_rate offers other Uptime check rates than UptimeTest (missing 0; extra 120): one enum per product, referenced by each schema',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'UptimeOddRates', 'enum'],
        message:
          'check_rate offers other Uptime check rates than UptimeTest (missing 86400): one enum per product, referenced by each schema',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'SSLTestUpdate', 'properties', 'check_rate'],
        message: 'check_rate must declare an enum of the SSL check rates',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'PagespeedTest', 'allOf', '0', 'properties', 'check_rate', 'enum'],
        message: 'check_rate rates are whole numbers of seconds, not "86400"',
      },
    ]);
  });
});
