#!/usr/bin/env node
// @ts-check
// What the hooks add to an app: the built package bundled by esbuild (tree
// shaken, minified) and gzipped, for an app that uses one hook, one infinite
// hook plus one mutation, and every hook. React and TanStack Query are the
// app's own (peer dependencies), so they stay external; the last row adds
// TanStack Query itself for scale.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;

/** @param {string} contents @param {string[]} external */
async function size(contents, external) {
  const result = await build({
    stdin: { contents, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('esbuild wrote no bundle');
  return { min: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

const peers = ['react', 'react/jsx-runtime', '@tanstack/react-query'];
const cases = {
  'one hook (useGetUptimeTest)': [
    "import { configure, useGetUptimeTest } from '@webmon/react-query';",
    "configure({ token: 't' });",
    'export const Name = ({ id }) => useGetUptimeTest(id).data?.data.name;',
  ].join('\n'),
  'list (infinite) + create': [
    "import { configure, useListUptimeTestsInfinite, useCreateUptimeTest } from '@webmon/react-query';",
    "configure({ token: 't' });",
    'export const use = () => [useListUptimeTestsInfinite({ limit: 50 }), useCreateUptimeTest()];',
  ].join('\n'),
  'every hook': "export * from '@webmon/react-query';",
  // What the hooks rest on: the client's transport and operation table.
  "ts-client's createRequest alone": [
    "import { createRequest } from '@webmon/ts-client';",
    "export const request = createRequest({ token: 't' });",
  ].join('\n'),
};

/** @type {[string, { min: number, gzip: number }][]} */
const rows = [];
for (const [name, contents] of Object.entries(cases)) rows.push([name, await size(contents, peers)]);
rows.push([
  'one hook, TanStack Query bundled too',
  await size(cases['one hook (useGetUptimeTest)'] ?? '', ['react', 'react/jsx-runtime']),
]);
const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(2)} kB`;
console.log('| app (esbuild, tree shaken, minified) | min | gzip |');
console.log('| --- | --- | --- |');
for (const [name, { min, gzip }] of rows) console.log(`| ${name} | ${kB(min)} | ${kB(gzip)} |`);
