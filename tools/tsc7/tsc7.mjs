#!/usr/bin/env node
// @ts-check
/**
 * `tsc` of TypeScript 7, the native compiler: the nine type-check programs of
 * `pnpm lint` cost about 11 CPU-seconds with it, against about 70 with 5.9.
 * The workspace's `typescript` stays 5.9: it is the library openapi-typescript,
 * attw, the editors' tsserver and our tests call, a JavaScript API 7.0 does
 * not have. Both packages name their binary `tsc`, so this one is `tsc7`; it
 * runs 7's launcher in this process, which reads these same arguments.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const typescript7 = dirname(createRequire(import.meta.url).resolve('typescript-7/package.json'));
await import(pathToFileURL(join(typescript7, 'lib/tsc.js')).href);
