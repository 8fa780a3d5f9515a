/**
 * How the try-it reads an answer: the field errors (the client's own parser),
 * the pretty-printed body, the size. The browser side is in the portal's
 * api-try-it tests.
 */
import { ValidationError } from '@webmon/ts-client';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, fieldOfErrorKey } from '../src/model/field-errors.js';
import { prettyJson } from '../src/model/pretty-json.js';
import { formatBytes, statusText } from '../src/model/status-text.js';
import { isUpdate, takesEmpty } from '../src/model/values.js';

const answer = (errors: Record<string, string[]>) =>
  JSON.stringify({ message: 'The provided parameters are invalid.', errors });

describe('field errors of an answer', () => {
  it('are the map a ValidationError carries, by field', () => {
    const text = answer({ timeout: ['timeout must be between 5 and 75'], name: ['name is required'] });
    const read = fieldErrorsOf(400, text);
    const client = new ValidationError({
      status: 400,
      headers: new Headers(),
      body: JSON.parse(text),
      method: 'POST',
      url: 'https://api.example.com/v1/uptime',
    });
    expect(Object.fromEntries(read.byField)).toEqual(client.errors);
    expect(read.message).toBe(client.body?.message);
  });

  it('group the keys of one field (`tags[0]`, `tags.1`) under it, in order', () => {
    expect(fieldOfErrorKey('tags[0]')).toBe('tags');
    expect(fieldOfErrorKey('tags.1')).toBe('tags');
    expect(fieldOfErrorKey('website_url')).toBe('website_url');
    const read = fieldErrorsOf(
      '400',
      answer({ 'tags[0]': ['tags[0] is empty'], 'tags[2]': ['tags[2] is too long'], name: ['name is required'] }),
    );
    expect([...read.byField]).toEqual([
      ['tags', ['tags[0] is empty', 'tags[2] is too long']],
      ['name', ['name is required']],
    ]);
  });

  it('are none for a success, an answer without fields, or one not in the API shape', () => {
    expect(fieldErrorsOf(200, answer({ timeout: ['x'] })).byField.size).toBe(0);
    expect(fieldErrorsOf(404, answer({})).byField.size).toBe(0);
    expect(fieldErrorsOf(404, answer({})).message).toBe('The provided parameters are invalid.');
    expect(fieldErrorsOf(502, '<html>Bad gateway</html>').byField.size).toBe(0);
    expect(fieldErrorsOf(undefined, answer({ timeout: ['x'] })).byField.size).toBe(0);
  });
});

describe('the body as shown', () => {
  it('is indented JSON, numbers kept digit for digit', () => {
    const safe = '{"data":{"id":"1","tags":["a","b"],"empty":[],"n":1.5,"ok":true}}';
    expect(prettyJson(safe)).toBe(JSON.stringify(JSON.parse(safe), null, 2));
    expect(prettyJson('{"id":12345678901234567890}')).toContain('12345678901234567890');
    expect(prettyJson('{"s":"a, b: {c}"}')).toBe('{\n  "s": "a, b: {c}"\n}');
  });

  it('is left as it is when not JSON', () => {
    expect(prettyJson('not json {')).toBe('not json {');
  });
});

describe('status and size', () => {
  it('reads the reason phrase and the byte count', () => {
    expect(statusText(204)).toBe('No Content');
    expect(statusText(429)).toBe('Too Many Requests');
    expect(statusText(299)).toBe('');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.0 kB');
    expect(formatBytes(2_345_678)).toBe('2.3 MB');
  });
});

describe("the try-it's 'Send it empty'", () => {
  it('is for text an empty string passes: no minLength, a pattern that matches it, no format it fails', () => {
    expect(takesEmpty({ type: 'string' })).toBe(true);
    expect(takesEmpty({ type: 'string', pattern: '^([1-5][0-9]{2}(,[1-5][0-9]{2})*)?$' })).toBe(true);
    expect(takesEmpty({ type: 'string', minLength: 1 })).toBe(false);
    expect(takesEmpty({ type: 'string', pattern: '^https://' })).toBe(false);
    expect(takesEmpty({ type: 'string', format: 'uri' })).toBe(false);
  });

  it('is offered on updates (PUT, PATCH) only', () => {
    expect(['put', 'PATCH', 'post', 'get', undefined].map(isUpdate)).toEqual([true, true, false, false, false]);
  });
});
