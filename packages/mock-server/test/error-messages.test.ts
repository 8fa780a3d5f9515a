// Unit tests of src/error-messages.ts: Ajv's errors become the APIError `errors`
// map, one entry per failing field with sentences a person reads. Schemas are
// compiled here the way the mock's generator compiles them (allErrors, verbose).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../src/error-messages.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
addFormats(ajv);

function errorsFor(schema: object, data: unknown) {
  const validate = ajv.compile(schema);
  expect(validate(data)).toBe(false);
  return toFieldErrors(validate.errors as ErrorObject[]);
}

const uptime = {
  type: 'object',
  required: ['name', 'check_rate'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255 },
    check_rate: { type: 'integer', enum: [0, 30, 60] },
    timeout: { type: 'integer', minimum: 5, maximum: 75 },
    port: { type: 'integer', minimum: 0 },
    paused: { type: 'boolean' },
    website_url: { type: 'string', pattern: '^https://' },
    alert_at: { type: 'array', minItems: 3, maxItems: 3, items: { type: 'integer' } },
    tags: { type: 'array', maxItems: 2, items: { type: 'string' } },
    ping_url: { type: 'string', format: 'uri' },
    start_at: { type: 'string', format: 'date-time' },
  },
};

describe('toFieldErrors', () => {
  it('names every failing field at once, each with its sentence', () => {
    const errors = errorsFor(uptime, {
      check_rate: 7,
      timeout: 100,
      port: -1,
      paused: 'maybe',
      website_url: 'http://x',
    });
    expect(errors).toEqual({
      name: ['name is required'],
      check_rate: ['check_rate must be one of: 0, 30, 60'],
      timeout: ['timeout must be between 5 and 75'],
      port: ['port must be at least 0'],
      paused: ['paused must be true or false'],
      website_url: ['website_url must begin with https://'],
    });
  });

  it('describes lengths, counts and formats', () => {
    expect(errorsFor(uptime, { name: '', check_rate: 0 })).toEqual({ name: ['name must not be empty'] });
    expect(errorsFor(uptime, { name: 'x'.repeat(256), check_rate: 0 })).toEqual({
      name: ['name must be at most 255 characters long'],
    });
    expect(errorsFor(uptime, { name: 'x', check_rate: 0, alert_at: [1, 2] })).toEqual({
      alert_at: ['alert_at must hold exactly 3 values'],
    });
    expect(errorsFor(uptime, { name: 'x', check_rate: 0, tags: ['a', 'b', 'c'] })).toEqual({
      tags: ['tags must hold at most 2 values'],
    });
    expect(errorsFor(uptime, { name: 'x', check_rate: 0, ping_url: 'not a url' })).toEqual({
      ping_url: ['ping_url is not a valid URL'],
    });
    expect(errorsFor(uptime, { name: 'x', check_rate: 0, start_at: 'tomorrow' }).start_at![0]).toMatch(
      /^start_at is not an RFC 3339 date-time/,
    );
  });

  it('files an array item under its field, and names the item in the sentence', () => {
    expect(errorsFor(uptime, { name: 'x', check_rate: 0, alert_at: [30, 'soon', 1] })).toEqual({
      alert_at: ['alert_at[1] must be a whole number'],
    });
  });

  it('says only that a value is of the wrong type, not every check it then fails', () => {
    // 'abc' is not a whole number, so it is none of check_rate's values either:
    // the second message named no second mistake.
    expect(errorsFor(uptime, { name: 'x', check_rate: 'abc', timeout: 'slow' })).toEqual({
      check_rate: ['check_rate must be a whole number'],
      timeout: ['timeout must be a whole number'],
    });
    // A value of the right type keeps every check it fails.
    expect(errorsFor(uptime, { name: 'x', check_rate: 7 }).check_rate).toEqual([
      expect.stringMatching(/must be one of/),
    ]);
  });

  it("says a value misses its pattern, not also that it is no valid URL: the pattern's sentence says what it takes", () => {
    const site = {
      type: 'object',
      properties: {
        website_url: {
          type: 'string',
          format: 'uri',
          pattern: '^https?://',
          description: 'An absolute http:// or https:// URL. The page to load.',
        },
      },
    };
    expect(errorsFor(site, { website_url: 'notaurl' })).toEqual({
      website_url: ['website_url is not in the expected format: An absolute http:// or https:// URL'],
    });
    // Either check alone keeps its message.
    expect(errorsFor(site, { website_url: 'ftp://example.com' }).website_url).toEqual([
      'website_url is not in the expected format: An absolute http:// or https:// URL',
    ]);
    expect(errorsFor(site, { website_url: 'https://exa mple.com' }).website_url).toEqual([
      'website_url is not a valid URL',
    ]);
  });

  it('keeps several messages about one field, without repeats', () => {
    const errors = errorsFor(uptime, { name: 'x', check_rate: 0, alert_at: ['a', 'b'] });
    expect(errors.alert_at).toEqual([
      'alert_at must hold exactly 3 values',
      'alert_at[0] must be a whole number',
      'alert_at[1] must be a whole number',
    ]);
  });

  it('turns an unmet "at least one of" into a message under each field', () => {
    const schema = {
      type: 'object',
      anyOf: [
        { required: ['tests'], properties: { tests: { minItems: 1 } } },
        { required: ['tags'], properties: { tags: { minItems: 1 } } },
      ],
    };
    const errors = errorsFor(schema, { tags: [] });
    expect(Object.keys(errors).sort()).toEqual(['tags', 'tests']);
    expect(errors.tests).toEqual(['at least one of tests or tags must be given, not empty']);
    expect(errors.tags).toEqual(errors.tests);
  });
});
