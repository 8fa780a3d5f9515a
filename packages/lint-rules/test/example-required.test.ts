import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'example-required';

describe(RULE, () => {
  it('accepts example/examples on schemas, parameters, request and 2xx media types', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a component schema, parameter, request body and 2xx media type without examples', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'parameters', '0'],
        message: 'parameter tags must have an example (or examples), on the parameter or its schema',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'get', 'responses', '200', 'content', 'application/json'],
        message: '200 response media type application/json must have an example (or examples)',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded'],
        message: 'request body media type application/x-www-form-urlencoded must have an example (or examples)',
      },
      {
        code: RULE,
        path: ['components', 'schemas', 'Widget'],
        message: 'component schema Widget must have an example (or examples)',
      },
    ]);
  });
});
