// The wire text for bodies and queries, against the API's rules as written in
// API-FACTS.md ("Wire format"); the rows come from the generated table.
import { describe, expect, it } from 'vitest';
import { encodeForm } from '../src/encode-form.js';
import { encodeQuery } from '../src/encode-query.js';
import { operations } from '../src/generated/operations.js';

const createUptime = operations['create-uptime-test'];
const listUptime = operations['list-uptime-tests'];

describe('encodeForm', () => {
  it('sends arrays in bracket form, one pair per item, in order', () => {
    expect(encodeForm(createUptime, { tags: ['web', 'eu'], regions: ['london'] })).toBe(
      'tags[]=web&tags[]=eu&regions[]=london',
    );
  });

  it('empties an array with field[]=', () => {
    expect(encodeForm(createUptime, { tags: [], contact_groups: [] })).toBe('tags[]=&contact_groups[]=');
  });

  it('takes a lone value for an array field as a one-item list', () => {
    expect(encodeForm(createUptime, { tags: 'web' })).toBe('tags[]=web');
  });

  it('percent-encodes names and values, brackets of array names excepted', () => {
    expect(encodeForm(createUptime, { name: 'R&D = "ops" + 100% ✓', tags: ['a b', 'c&d'] })).toBe(
      'name=R%26D%20%3D%20%22ops%22%20%2B%20100%25%20%E2%9C%93&tags[]=a%20b&tags[]=c%26d',
    );
  });

  it('writes booleans and numbers as text and leaves undefined fields out', () => {
    expect(encodeForm(createUptime, { paused: false, follow_redirects: true, timeout: 30, port: undefined })).toBe(
      'paused=false&follow_redirects=true&timeout=30',
    );
  });

  it('sends status_codes as status_codes_csv, comma-joined; an empty list empties it', () => {
    expect(encodeForm(createUptime, { status_codes: ['500', '502'] })).toBe('status_codes_csv=500,502');
    expect(encodeForm(createUptime, { status_codes: [] })).toBe('status_codes_csv=');
    expect(encodeForm(createUptime, { status_codes_csv: '404' })).toBe('status_codes_csv=404');
  });

  it('an empty body is an empty string', () => {
    expect(encodeForm(createUptime, {})).toBe('');
  });
});

describe('encodeQuery', () => {
  it('sends presence flags bare when true and not at all when false', () => {
    expect(encodeQuery(listUptime, { matchany: true, nouptime: false })).toBe('?matchany');
    expect(encodeQuery(listUptime, { nouptime: true })).toBe('?nouptime');
  });

  it('comma-joins list parameters and keeps a string as given', () => {
    expect(encodeQuery(listUptime, { tags: ['web', 'eu'] })).toBe('?tags=web,eu');
    expect(encodeQuery(listUptime, { tags: 'web,eu' })).toBe('?tags=web%2Ceu');
    // An empty list filters nothing: the API's pattern rejects `tags=`.
    expect(encodeQuery(listUptime, { tags: [], status: 'down' })).toBe('?status=down');
  });

  it('encodes values, skips undefined and null, and is empty without parameters', () => {
    expect(encodeQuery(listUptime, { status: 'up', page: 2, limit: undefined, tags: null })).toBe('?status=up&page=2');
    expect(encodeQuery(listUptime, { tags: ['a&b'] })).toBe('?tags=a%26b');
    expect(encodeQuery(listUptime, {})).toBe('');
    expect(encodeQuery(listUptime, undefined)).toBe('');
  });
});
