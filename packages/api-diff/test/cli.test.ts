// The command the release pipeline runs, on the real bundle: unchanged passes,
// a bound narrowed in a copy fails with a report naming the change.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const bundle = createRequire(import.meta.url).resolve('@webmon/spec/openapi.json');
// The released bundle and its corrections, as the release pipeline passes them.
const released = fileURLToPath(new URL('../../spec/released/openapi.json', import.meta.url));
const corrections = fileURLToPath(new URL('../../spec/released/corrections.yaml', import.meta.url));
const run = (...args: string[]) =>
  promisify(execFile)(process.execPath, [cli, ...args]).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );

const work = mkdtempSync(join(tmpdir(), 'api-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('api-diff on the real bundle', () => {
  it('passes a bundle against itself', async () => {
    const { code, stdout } = await run(bundle, bundle);
    expect(code).toBe(0);
    expect(stdout).toContain('0 breaking, 0 added');
  });

  it('fails a copy whose uptime timeout maximum was lowered, naming the change', async () => {
    const copy = JSON.parse(readFileSync(bundle, 'utf8'));
    copy.components.schemas.UptimeTestUpdate.properties.timeout.maximum = 60;
    const file = join(work, 'openapi.json');
    writeFileSync(file, JSON.stringify(copy));
    const { code, stdout } = await run(bundle, file);
    expect(code).toBe(1);
    expect(stdout).toContain('BREAKING  POST /uptime  request body.timeout: maximum changed from 75 to 60');
    expect(stdout).toContain('BREAKING  PUT /uptime/{test_id}  request body.timeout: maximum changed from 75 to 60');
  });

  it('passes the bundle against the released one with the recorded corrections, and fails without them', async () => {
    const withCorrections = await run(released, bundle, '--corrections', corrections);
    expect(withCorrections.stdout).toMatch(/: 0 breaking, \d+ added, \d+ other, \d+ corrected/);
    expect(withCorrections.code).toBe(0);
    expect((await run(released, bundle)).code).toBe(1);
  });

  it('with the corrections, still fails a lowered uptime timeout maximum', async () => {
    const copy = JSON.parse(readFileSync(bundle, 'utf8'));
    copy.components.schemas.UptimeTestUpdate.properties.timeout.maximum = 60;
    const file = join(work, 'lowered.json');
    writeFileSync(file, JSON.stringify(copy));
    const { code, stdout } = await run(released, file, '--corrections', corrections);
    expect(code).toBe(1);
    expect(stdout).toContain('BREAKING  POST /uptime  request body.timeout: maximum changed from 75 to 60');
  });

  it('answers 2 naming the file and the entry when a corrections file is malformed', async () => {
    const file = join(work, 'corrections.yaml');
    writeFileSync(file, '- message: x\n');
    const { code } = await run(released, bundle, '--corrections', file);
    expect(code).toBe(2);
  });
});
