/**
 * The bracket form, unit by unit: what the try-it's request builder
 * (src/api/bracketForm.ts) and the sample generator (scripts/code-samples.mjs)
 * put on the wire for arrays, including the empty list.
 */
import { describe, expect, it } from 'vitest';
import { arrayValues, encodeBracketForm, usesBrackets } from '../src/api/bracketForm';
import { curlSample, describeOperation, goSample } from '../scripts/code-samples.mjs';

const brackets = { tags: { 'x-form-array-style': 'brackets' }, regions: { 'x-form-array-style': 'brackets' } };
const field = (value: unknown) => ({ type: 'string', value });

describe('try-it form encoding', () => {
  it('reads a list typed comma-separated, as JSON, or given as an array', () => {
    expect(arrayValues('web, eu')).toEqual(['web', 'eu']);
    expect(arrayValues('["web","e,u"]')).toEqual(['web', 'e,u']);
    expect(arrayValues(['production', 'web'])).toEqual(['production', 'web']);
    expect(arrayValues('  ')).toEqual([]);
    expect(arrayValues('[not json')).toEqual(['[not json']);
  });

  it('sends one field[] pair per value, field[]= for an emptied list, and a scalar as the body holds it', () => {
    // A scalar left empty is not in the body (FormBodyItem); one held as '' was chosen to be sent empty.
    const body = encodeBracketForm(
      { name: field('Shop'), tags: field('web, eu'), regions: field(''), find_string: field(''), timeout: undefined },
      brackets,
    );
    expect(body).toBe('name=Shop&tags%5B%5D=web&tags%5B%5D=eu&regions%5B%5D=&find_string=');
    const parsed = new URLSearchParams(body);
    expect(parsed.getAll('tags[]')).toEqual(['web', 'eu']);
    expect(parsed.getAll('regions[]')).toEqual(['']);
    expect(parsed.get('find_string')).toBe('');
    expect(parsed.has('timeout')).toBe(false);
  });

  it('leaves bodies without bracket arrays to the theme', () => {
    expect(usesBrackets(undefined)).toBe(false);
    expect(usesBrackets({ tags: { 'x-form-array-style': 'brackets' } })).toBe(true);
    expect(usesBrackets({ tags: {} })).toBe(false);
  });
});

describe('generated samples', () => {
  const spec = {
    servers: [{ url: 'https://{host}/v1', variables: { host: { default: 'api.example.com' } } }],
    paths: {
      '/uptime/{test_id}': {
        parameters: [{ name: 'test_id', in: 'path', example: '42' }],
        put: {
          operationId: 'update-uptime-test',
          tags: ['uptime'],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                'x-form-array-style': 'brackets',
                example: { timeout: 30, tags: [], regions: ['london', 'paris'] },
              },
            },
          },
        },
      },
    },
  };
  const d = describeOperation(spec, '/uptime/{test_id}', 'put', spec.paths['/uptime/{test_id}'].put);

  it('cURL: bearer header, bracket arrays, `tags[]=` for an empty list', () => {
    expect(curlSample(d)).toBe(
      [
        "curl -X PUT 'https://api.example.com/v1/uptime/42' \\",
        '  -H "Authorization: Bearer $WEBMON_API_TOKEN" \\',
        "  --data-urlencode 'timeout=30' \\",
        "  --data-urlencode 'tags[]=' \\",
        "  --data-urlencode 'regions[]=london' \\",
        "  --data-urlencode 'regions[]=paris'",
      ].join('\n'),
    );
  });

  it('Go: the same pairs through url.Values', () => {
    const go = goSample(d);
    expect(go).toContain('form.Add("tags[]", "")');
    expect(go).toContain('form.Add("regions[]", "london")');
    expect(go).toContain('"Content-Type", "application/x-www-form-urlencoded"');
  });
});
