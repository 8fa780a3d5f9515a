// The generator's two modes for `pnpm dev` (scripts/generate.mjs). Each
// save's mock gets `lazyValidators`: each validator compiled on its first
// call, which must judge as the standalone ones do, errors and coercion alike.
// The sandbox's copy, made when the loop is idle, gets `reuseValidators`: a
// save that leaves the validators' inputs alone (an operation's summary or
// description, the API's title) writes the last validators again instead of
// compiling them. They must be exactly what a compile gives, and an edited
// bound must compile again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { generateMock } from '../scripts/generate.mjs';

const work = mkdtempSync(join(tmpdir(), 'mock-generate-reuse-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bundlePath = createRequire(import.meta.url).resolve('@webmon/spec/openapi.json');
const bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));

/** A copy of the bundle with `edit` made, written to `<name>.json`; returns its path. */
function variant(name: string, edit: (copy: typeof bundle) => void): string {
  const copy = structuredClone(bundle);
  edit(copy);
  const file = join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(copy));
  return file;
}
const prose = variant('prose', (copy) => {
  copy.info.title = 'Another title';
  copy.paths['/uptime'].post.summary = 'Add an uptime check';
  copy.paths['/uptime'].post.description = 'Another description.';
});
const bound = variant('bound', (copy) => {
  copy.components.schemas.UptimeTestUpdate.properties.timeout.maximum = 60;
});

const read = (dir: string, file: string) => readFileSync(join(work, dir, file), 'utf8');
const timeoutLimit = async (dir: string) => {
  const { create_uptime_test_body: validate } = (await import(
    pathToFileURL(join(work, dir, 'validators.js')).href
  )) as Record<string, ValidateFunction>;
  validate!({ timeout: 70 });
  return validate!.errors?.find((error) => error.instancePath === '/timeout')?.params.limit;
};

/**
 * Inputs each validator must judge alike in both modes: empty, wrong types,
 * out of bounds, bad formats (URLs that RFC 3986 takes and `new URL()` does
 * not: src/web-url.ts).
 */
const INPUTS: Record<string, unknown[]> = {
  create_uptime_test_body: [
    {},
    { name: '', test_type: 'HTTP', website_url: 'ftp://x', check_rate: '7', timeout: '700', tags: 'a' },
    { name: 'Home', test_type: 'HTTP', website_url: 'https://example.com', check_rate: '300', timeout: '30' },
    { name: 'Home', test_type: 'HTTP', website_url: 'https://a:99999', check_rate: '300' },
  ],
  update_contact_group_body: [
    { email_addresses: 'not-an-email', mobile_numbers: ['1', '2'] },
    { name: 7, ping_url: 'https://256.256.256.256/' },
  ],
  list_uptime_tests_params: [{ page: '0', limit: '1000', status: 'sideways' }, { page: '2' }],
  create_uptime_test_body_custom_header_content: [{ 'X-A': 3 }, 'text', { 'X-A': 'b' }],
};

describe('the mock generator under pnpm dev', () => {
  it('writes validators compiled on first call that judge as the standalone ones do', async () => {
    generateMock({ spec: bundlePath, out: join(work, 'lazy'), lazyValidators: true });
    generateMock({ spec: bundlePath, out: join(work, 'standalone') });
    const load = async (dir: string) => ({
      ...((await import(pathToFileURL(join(work, dir, 'validators.js')).href)) as Record<string, ValidateFunction>),
      ...((await import(pathToFileURL(join(work, dir, 'content-validators.js')).href)) as Record<
        string,
        ValidateFunction
      >),
    });
    const [lazy, standalone] = [await load('lazy'), await load('standalone')];
    // The same validators, and the lazy modules' warmUp (made while a save is linted: scripts/dev-host.mjs).
    expect(Object.keys(lazy).sort()).toEqual([...Object.keys(standalone), 'warmUp'].sort());
    expect(read('lazy', 'validators.js').length).toBeLessThan(read('standalone', 'validators.js').length / 2);
    for (const [name, inputs] of Object.entries(INPUTS))
      for (const input of inputs) {
        const [a, b] = [structuredClone(input), structuredClone(input)];
        const judged = (validate: ValidateFunction, data: unknown) => ({
          valid: validate(data),
          errors: validate.errors ?? null,
          data,
        });
        expect(judged(lazy[name]!, a), `${name} ${JSON.stringify(input)}`).toEqual(judged(standalone[name]!, b));
      }
  });

  it('writes the last validators for a prose edit, identical to a compile, and compiles an edited bound', async () => {
    expect(generateMock({ spec: bundlePath, out: join(work, 'first'), reuseValidators: true })).not.toContain(
      'the last ones',
    );
    expect(generateMock({ spec: prose, out: join(work, 'reused'), reuseValidators: true })).toContain('the last ones');
    generateMock({ spec: prose, out: join(work, 'compiled') });
    for (const file of ['validators.js', 'content-validators.js'])
      expect(read('reused', file) === read('compiled', file), file).toBe(true);

    expect(generateMock({ spec: bound, out: join(work, 'bound'), reuseValidators: true })).not.toContain(
      'the last ones',
    );
    expect(await timeoutLimit('reused')).toBeUndefined();
    expect(await timeoutLimit('bound')).toBe(60);
  });
});
