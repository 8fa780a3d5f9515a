#!/usr/bin/env node
// @ts-check
// `pnpm score` (after `pnpm build`): `redocly score` on the bundle as it is,
// then on a throwaway copy in which every operation's responses are written
// out in full instead of as $refs. The score's walker visits a shared response
// for the first operation that uses it only, so the second number is what it
// gives when each operation is credited with its own answers (README, "Agent
// readiness"). The content of the two documents is the same.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject, listOperations, resolveRef } from '@webmon/openapi-core';
import { runTool } from './run-tool.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const exitCode = await runTool('redocly', ['score', 'dist/openapi.yaml']);
if (exitCode !== 0) process.exit(exitCode);

const bundle = JSON.parse(readFileSync(join(packageRoot, 'dist/openapi.json'), 'utf8'));
for (const { operation } of listOperations(bundle)) {
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const [status, response] of Object.entries(responses))
    responses[status] = structuredClone(resolveRef(bundle, response));
}
const dir = mkdtempSync(join(tmpdir(), 'webmon-score-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(bundle));
  const report = JSON.parse(
    execFileSync(join(packageRoot, 'node_modules/.bin/redocly'), ['score', file, '--format', 'json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', DO_NOT_TRACK: '1' },
    }),
  );
  const operations = Object.values(report.rawMetrics.operations);
  const withResponseExamples = operations.filter((metrics) => metrics.responseExamplePresent).length;
  console.log(
    `With each operation credited with its shared responses: ${report.agentReadiness}/100 (response examples ${withResponseExamples}/${operations.length}).`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
