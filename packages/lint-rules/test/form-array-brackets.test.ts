import { describe, expect, it } from 'vitest';
import { findingsOf } from './lint-fixture.js';

const RULE = 'form-array-brackets';

describe(RULE, () => {
  it('accepts array properties found through allOf with brackets style and form/explode encodings', async () => {
    expect(await findingsOf(RULE, RULE, 'valid.yaml')).toEqual([]);
  });

  it('reports a missing or wrong x-form-array-style and missing or wrong encoding entries', async () => {
    const findings = await findingsOf(RULE, RULE, 'invalid.yaml');
    expect(findings.length).toBeGreaterThanOrEqual(1);
    expect(findings).toEqual([
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded'],
        message: 'media type must declare x-form-array-style: brackets (it has array properties: tags, contacts)',
      },
      {
        code: RULE,
        path: ['paths', '/widgets', 'post', 'requestBody', 'content', 'application/x-www-form-urlencoded', 'encoding'],
        message: 'encoding must have an entry for array property tags with style: form and explode: true',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/widgets',
          'post',
          'requestBody',
          'content',
          'application/x-www-form-urlencoded',
          'encoding',
          'contacts',
          'explode',
        ],
        message: 'encoding.contacts must declare explode: true',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/gadgets',
          'post',
          'requestBody',
          'content',
          'application/x-www-form-urlencoded',
          'x-form-array-style',
        ],
        message: 'media type must declare x-form-array-style: brackets (it has array properties: tags)',
      },
      {
        code: RULE,
        path: [
          'paths',
          '/gadgets',
          'post',
          'requestBody',
          'content',
          'application/x-www-form-urlencoded',
          'encoding',
          'tags',
          'style',
        ],
        message: 'encoding.tags must declare style: form',
      },
    ]);
  });
});
