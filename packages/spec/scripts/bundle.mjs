#!/usr/bin/env node
// Bundles the split sources (openapi/) into dist/openapi.yaml and
// dist/openapi.json: the one input of every generator downstream. Beside
// them, the sandbox clock's own small description (sandbox/, not part of the
// public API) as dist/sandbox-clock.json, for the mock's tests and the workflows;
// and the workflows (workflows/*.arazzo.yaml) as one dist/workflows.json, for
// the recipe pages and their code.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runTool } from './run-tool.mjs';

const started = performance.now();
mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
const codes = await Promise.all([
  runTool('redocly', ['bundle', 'openapi/openapi.yaml', '--output', 'dist/openapi.yaml']),
  runTool('redocly', ['bundle', 'sandbox/sandbox-clock.yaml', '--output', 'dist/sandbox-clock.yaml']),
]);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
const sandboxYaml = new URL('../dist/sandbox-clock.yaml', import.meta.url);
writeFileSync(
  new URL('../dist/sandbox-clock.json', import.meta.url),
  `${JSON.stringify(parse(readFileSync(sandboxYaml, 'utf8')), null, 2)}\n`,
);

const workflowsDir = new URL('../workflows/', import.meta.url);
const workflows = readdirSync(workflowsDir)
  .filter((file) => file.endsWith('.arazzo.yaml'))
  .sort()
  .map((file) => ({ file, document: parse(readFileSync(new URL(file, workflowsDir), 'utf8')) }));
writeFileSync(new URL('../dist/workflows.json', import.meta.url), `${JSON.stringify(workflows, null, 2)}\n`);

const yamlUrl = new URL('../dist/openapi.yaml', import.meta.url);
const bundle = parse(readFileSync(yamlUrl, 'utf8'));
writeFileSync(new URL('../dist/openapi.json', import.meta.url), `${JSON.stringify(bundle, null, 2)}\n`);
console.log(
  `wrote dist/openapi.yaml, dist/openapi.json, dist/sandbox-clock.json and dist/workflows.json (API ${bundle.info.version}) in ${Math.round(performance.now() - started)} ms`,
);
