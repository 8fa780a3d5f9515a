#!/usr/bin/env node
// Bundles the split sources (openapi/) into dist/openapi.yaml and
// dist/openapi.json: the one input of every generator downstream.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runTool } from './run-tool.mjs';

const started = performance.now();
mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
const code = await runTool('redocly', ['bundle', 'openapi/openapi.yaml', '--output', 'dist/openapi.yaml']);
if (code !== 0) process.exit(code);

const yamlUrl = new URL('../dist/openapi.yaml', import.meta.url);
const bundle = parse(readFileSync(yamlUrl, 'utf8'));
writeFileSync(new URL('../dist/openapi.json', import.meta.url), `${JSON.stringify(bundle, null, 2)}\n`);
console.log(
  `wrote dist/openapi.yaml and dist/openapi.json (API ${bundle.info.version}) in ${Math.round(performance.now() - started)} ms`,
);
