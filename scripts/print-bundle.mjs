#!/usr/bin/env node
// Last step of `npm start` for now: say where the bundle is and what it holds.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../packages/spec/dist/', import.meta.url);
const bundle = JSON.parse(readFileSync(new URL('openapi.json', dist), 'utf8'));
const operations = Object.values(bundle.paths).flatMap((item) =>
  Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key)),
);
console.log(`\n${bundle.info.title} ${bundle.info.version}: ${operations.length} operations over ${Object.keys(bundle.paths).length} paths, lint clean.`);
for (const file of ['openapi.yaml', 'openapi.json']) {
  const url = new URL(file, dist);
  console.log(`  ${fileURLToPath(url)}  (${(statSync(url).size / 1024).toFixed(1)} KiB)`);
}
