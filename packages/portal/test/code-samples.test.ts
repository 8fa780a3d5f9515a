/**
 * The reference's code samples are what CI runs: the cURL and JavaScript
 * samples of representative operations are taken from the plugin's copy of the
 * bundle (generated/openapi.json, written by the build) and run against the
 * real mock (`startServer`), with the production URL swapped for the mock's.
 * Every Go sample is compiled (`go list -export`, standard library only) when a Go
 * toolchain is installed (Debian: `apt-get install -y golang-go`); without
 * one that test fails, unless SKIP_GO_SAMPLES=1 says so on purpose.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningMock } from '@webmon/mock-server/node';
import { listOperations } from '@webmon/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOf, formModel, initialValues, type OperationInput } from '@webmon/try-it';
import { codeSamples } from '@webmon/try-it/samples';
import { prepareRequest, type OperationId } from '@webmon/ts-client';
import { newId } from './api-helpers';
import { readerProject, typeCheck } from './type-check';
import { portalDir } from './helpers';

interface Sample {
  lang: string;
  label: string;
  source: string;
}
type Spec = {
  servers: { url: string; variables?: Record<string, { default: string }>; 'x-sandbox'?: boolean }[];
  paths: Record<string, Record<string, { operationId: string; 'x-codeSamples'?: Sample[] }>>;
};

const copyPath = join(portalDir, 'generated', 'openapi.json');
const spec = JSON.parse(readFileSync(copyPath, 'utf8')) as Spec;
// The samples call production; the try-it's sandbox, listed first in this copy, is not theirs.
const production = spec.servers.find((server) => !server['x-sandbox'])!;
const PRODUCTION = production.url.replace(/\{(\w+)\}/g, (_, name: string) => production.variables![name].default);
type Operation = Spec['paths'][string][string];
const allOperations = listOperations(spec).map(({ operation }) => operation as unknown as Operation);
const samplesOf = (operationId: string): Record<string, string> => {
  for (const op of allOperations) {
    if (op.operationId === operationId)
      return Object.fromEntries((op['x-codeSamples'] ?? []).map((s) => [s.lang, s.source]));
  }
  throw new Error(`no operation ${operationId}`);
};
const allSamples = allOperations.flatMap((op) => op['x-codeSamples'] ?? []);

let mock: RunningMock;
let workDir = '';
const token = `samples-${process.pid}`;

/** Async: the mock answers from this process, so the child must not block it. */
function run(command: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: workDir,
      env: { ...process.env, WEBMON_API_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A sample as run here: the mock's URL for production's, and the ids of this
 * account's records for the description's example ids (a check `1234567`, a
 * contact group `123456`), as a reader puts in their own.
 */
const ids: { check?: string; group?: string } = {};
function localise(source: string): string {
  let out = source.replaceAll(PRODUCTION, mock.url);
  if (ids.check) out = out.replace(/\b1234567\b/g, ids.check);
  if (ids.group) out = out.replace(/\b123456\b/g, ids.group);
  return out;
}

/** Runs one cURL sample against the mock: the HTTP status and the JSON body. */
async function curl(source: string) {
  const script = localise(source);
  // -s quiet, -w the status on its own last line.
  const result = await run('bash', [
    '-e',
    '-o',
    'pipefail',
    '-c',
    script.replace(/^curl /, "curl -s -w '\\n%{http_code}' "),
  ]);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trimEnd().split('\n');
  return { status: Number(lines.pop()), body: lines.join('\n') };
}

/** Runs one JavaScript sample with Node against the mock: what it printed. */
async function js(source: string, name: string) {
  const path = join(workDir, `${name}.mjs`);
  writeFileSync(path, localise(source));
  const result = await run(process.execPath, [path]);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

beforeAll(async () => {
  mock = await startServer({ port: 0, rateLimit: false });
  workDir = mkdtempSync(join(tmpdir(), 'code-samples-'));
  readerProject(workDir);
});

afterAll(async () => {
  await mock?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('code samples (generated/openapi.json)', () => {
  it('every operation has cURL, Go and JavaScript samples, in that order, all calling the production URL', () => {
    expect(allOperations).toHaveLength(36);
    for (const op of allOperations) {
      expect(
        (op['x-codeSamples'] ?? []).map((s) => s.lang),
        op.operationId,
      ).toEqual(['cURL', 'Go', 'JavaScript']);
    }
    expect(allSamples).toHaveLength(36 * 3);
    for (const sample of allSamples) expect(sample.source).toContain(PRODUCTION);
  });

  it('cURL: create (tags[]), list (tags + matchany), get, history, against the mock', async () => {
    // The uptime example names a contact group: create one first (its own sample).
    const group = await curl(samplesOf('create-contact-group').cURL);
    expect(group.status, group.body).toBe(201);
    ids.group = newId(group.body);
    const created = await curl(samplesOf('create-uptime-test').cURL);
    expect(created.status, created.body).toBe(201);
    ids.check = newId(created.body);

    const one = await curl(samplesOf('get-uptime-test').cURL);
    expect(one.status).toBe(200);
    const check = (JSON.parse(one.body) as { data: { tags: string[]; contact_groups: string[]; regions?: unknown } })
      .data;
    expect(check.tags).toEqual(['production', 'web']);
    expect(check.contact_groups).toEqual([ids.group]);

    const listed = await curl(samplesOf('list-uptime-tests').cURL);
    expect(listed.status, listed.body).toBe(200);
    const list = JSON.parse(listed.body) as {
      data: { tags: string[]; uptime?: number; status: string }[];
      metadata: object;
    };
    expect(list.metadata).toMatchObject({ page: 1 });
    // matchany: each item has one of the tags; nouptime: no uptime; status=down.
    for (const item of list.data) {
      expect(item.tags.some((t) => t === 'production' || t === 'web')).toBe(true);
      expect(item.uptime).toBeUndefined();
      expect(item.status).toBe('down');
    }

    const history = await curl(samplesOf('list-uptime-test-history').cURL);
    expect(history.status, history.body).toBe(200);
    expect(JSON.parse(history.body)).toMatchObject({
      data: expect.any(Array),
      links: expect.any(Object),
      metadata: expect.any(Object),
    });
  });

  it('JavaScript (@webmon/ts-client): create (tags), list (tags + matchany), get, history, against the mock', async () => {
    ids.group = JSON.parse(await js(samplesOf('create-contact-group').JavaScript, 'create-group')) as string;
    const id = JSON.parse(await js(samplesOf('create-uptime-test').JavaScript, 'create')) as string;
    expect(id).toMatch(/^\d+$/);
    ids.check = id;
    const check = JSON.parse(await js(samplesOf('get-uptime-test').JavaScript, 'get')) as {
      id: string;
      tags: string[];
      contact_groups: string[];
    };
    expect(check).toMatchObject({ id, tags: ['production', 'web'], contact_groups: [ids.group] });
    const list = JSON.parse(await js(samplesOf('list-uptime-tests').JavaScript, 'list')) as {
      data: { tags: string[] }[];
      metadata: object;
    };
    expect(list.metadata).toMatchObject({ page: 1 });
    for (const item of list.data) expect(item.tags.some((t) => t === 'production' || t === 'web')).toBe(true);
    const history = JSON.parse(await js(samplesOf('list-uptime-test-history').JavaScript, 'history')) as object;
    expect(history).toMatchObject({ data: expect.any(Array), links: expect.any(Object) });
  });

  it("every JavaScript sample type-checks against @webmon/ts-client (strict), as built and as the try-it writes it from a form's text", () => {
    const sources = allOperations.map((op) => [op.operationId, samplesOf(op.operationId).JavaScript ?? ''] as const);
    // The try-it holds every value as text ('1800'); its samples type them as
    // the schema says. The operation as the page has it: its schemas resolved
    // (the plugin's ApiData).
    const live = (operationId: string, values: Record<string, string>) => {
      const found = listOperations(spec).find(({ operation }) => (operation as Operation).operationId === operationId)!;
      const resolved = JSON.parse(readFileSync(join(portalDir, 'api-docs', `${operationId}.ApiData.json`), 'utf8'));
      const operation = { ...found.operation, ...resolved, path: found.path, method: found.method } as OperationInput;
      const model = formModel(operation);
      const call = callOf(model, { ...initialValues(model), ...values });
      const request = prepareRequest(operationId as OperationId, call.pathValues, call.input);
      const client = operation['x-client-method']!;
      return codeSamples({ request, baseUrl: 'https://api.webmon.dev/v1', ...call, client }).find(
        (sample) => sample.lang === 'JavaScript',
      )!.source;
    };
    const create = live('create-uptime-test', {
      'body.name': 'Shop',
      'body.test_type': 'HTTP',
      'body.website_url': 'https://shop.example.com',
      'body.check_rate': '1800',
      'body.timeout': '30',
      'body.paused': 'true',
    });
    expect(create).toContain('check_rate: 1800,');
    expect(create).toContain('paused: true,');
    const list = live('list-uptime-tests', { 'query.limit': '2' });
    expect(list).toContain('limit: 2,');
    const files = [...sources, ['live-create', create] as const, ['live-list', list] as const].map(([name, source]) => {
      const path = join(workDir, `${name}.mts`);
      writeFileSync(path, source);
      return path;
    });
    const problems = typeCheck(files).map(({ file, line, message }) => `${file}:${line + 1}: ${message}`);
    expect(problems).toEqual([]);
  });

  const go = ['/usr/bin/go', '/usr/lib/go/bin/go', '/usr/local/go/bin/go'].find((p) => existsSync(p));
  it.skipIf(!go && process.env.SKIP_GO_SAMPLES === '1')(
    'every Go sample compiles (standard library only)',
    () => {
      expect(
        go,
        'no Go toolchain: apt-get install -y golang-go (or SKIP_GO_SAMPLES=1 to skip on purpose)',
      ).toBeDefined();
      const goSamples = allOperations.map(
        (op) => [op.operationId, (op['x-codeSamples'] ?? []).find((s) => s.lang === 'Go')?.source ?? ''] as const,
      );
      const root = join(workDir, 'go');
      for (const [operationId, source] of goSamples) {
        mkdirSync(join(root, operationId), { recursive: true });
        writeFileSync(join(root, operationId, 'main.go'), source);
      }
      writeFileSync(join(root, 'go.mod'), 'module samples\n\ngo 1.19\n');
      // `go list -export` compiles every package (the compiler's checks: types,
      // unused imports and variables) and links nothing. `go vet` did this
      // before: on an empty Go cache (every CI machine) it type-checked net/http
      // and the rest of the imports from source for its facts; with the guides'
      // Go samples, 47.7 CPU-s for both files against 33.8 now. `go build`
      // links each sample: more than either.
      const result = spawnSync(go!, ['list', '-export', './...'], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          GOFLAGS: '-mod=mod',
          GOPROXY: 'off',
          GOPATH: join(workDir, 'gopath'),
        },
        timeout: 300_000,
      });
      expect(result.status, result.stderr).toBe(0);
      expect(goSamples).toHaveLength(36);
    },
    360_000,
  );
});
