// `pnpm dev` generates the mock on every save with `reuseValidators`
// (scripts/generate.mjs): a save that leaves the validators' inputs alone (an
// operation's summary or description, the API's title) writes the last
// validators again instead of compiling them. They must be exactly what a
// compile gives, and an edited bound must compile again.
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

describe('the mock generator under pnpm dev', () => {
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
