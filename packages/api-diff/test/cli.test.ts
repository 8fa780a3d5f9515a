// The command the release pipeline runs, on the real bundle: unchanged passes,
// a bound narrowed in a copy fails with a report naming the change. The cases
// call the command's function in process (runCli: arguments in, exit code and
// output out); one case starts the built bin, to check that it is that
// function, printed and exited with.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/run-cli.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const bundle = createRequire(import.meta.url).resolve('@webmon/spec/openapi.json');
// The released bundle and its corrections, as the release pipeline passes them.
const released = fileURLToPath(new URL('../../spec/released/openapi.json', import.meta.url));
const corrections = fileURLToPath(new URL('../../spec/released/corrections.yaml', import.meta.url));
const run = (...args: string[]) => runCli(args);

const work = mkdtempSync(join(tmpdir(), 'api-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the bundle with the uptime timeout's maximum lowered from 75 to 60, as a file. */
function lowered(name: string): string {
  const copy = JSON.parse(readFileSync(bundle, 'utf8'));
  copy.components.schemas.UptimeTestUpdate.properties.timeout.maximum = 60;
  const file = join(work, name);
  writeFileSync(file, JSON.stringify(copy));
  return file;
}

describe('the api-diff bin', () => {
  it('prints the report and exits 1 on a copy whose uptime timeout maximum was lowered', async () => {
    const file = lowered('bin.json');
    const answer = await promisify(execFile)(process.execPath, [cli, bundle, file]).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(answer).toEqual({ code: 1, stdout: `${run(bundle, file).stdout}\n` });
    expect(answer.stdout).toContain('BREAKING  POST /uptime  request body.timeout: maximum changed from 75 to 60');
  });
});

describe('api-diff on the real bundle', () => {
  it('passes a bundle against itself', () => {
    const { code, stdout } = run(bundle, bundle);
    expect(code).toBe(0);
    expect(stdout).toContain('0 breaking, 0 features');
  });

  it('reads a YAML bundle as its JSON twin', () => {
    const { code, stdout } = run(createRequire(import.meta.url).resolve('@webmon/spec/openapi.yaml'), bundle);
    expect(code).toBe(0);
    expect(stdout).toContain('0 breaking, 0 features, 0 other');
  });

  it('fails a copy whose uptime timeout maximum was lowered, naming the change', () => {
    const { code, stdout } = run(bundle, lowered('openapi.json'));
    expect(code).toBe(1);
    expect(stdout).toContain('BREAKING  POST /uptime  request body.timeout: maximum changed from 75 to 60');
    expect(stdout).toContain('BREAKING  PUT /uptime/{test_id}  request body.timeout: maximum changed from 75 to 60');
  });

  it('passes the bundle against the released one with the recorded corrections, and fails without them', () => {
    const withCorrections = run(released, bundle, '--corrections', corrections);
    expect(withCorrections.stdout).toMatch(/: 0 breaking, \d+ features, \d+ other, \d+ corrected/);
    expect(withCorrections.code).toBe(0);
    expect(run(released, bundle).code).toBe(1);
  });

  it('with the corrections, still fails a lowered uptime timeout maximum', () => {
    const { code, stdout } = run(released, lowered('lowered.json'), '--corrections', corrections);
    expect(code).toBe(1);
    expect(stdout).toContain('BREAKING  POST /uptime  request body.timeout: maximum changed from 75 to 60');
  });

  it('answers 2 naming the file and the entry when a corrections file is malformed', () => {
    const file = join(work, 'corrections.yaml');
    writeFileSync(file, '- message: x\n');
    const { code, stderr } = run(released, bundle, '--corrections', file);
    expect(code).toBe(2);
    expect(stderr).toContain(file);
  });

  it('answers 2 with the usage line when not given two files', () => {
    const { code, stderr } = run(bundle);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^usage: api-diff /);
  });
});
