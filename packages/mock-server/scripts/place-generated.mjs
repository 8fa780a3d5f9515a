#!/usr/bin/env node
// @ts-check
// tsc compiles our TypeScript but not the generated validators (plain ESM with
// a hand-written .d.ts, too large to run through the compiler): copy them
// beside the compiled code.
import { copyFileSync, mkdirSync } from 'node:fs';

const from = new URL('../src/generated/', import.meta.url);
const to = new URL('../dist/generated/', import.meta.url);
mkdirSync(to, { recursive: true });
for (const file of ['validators.js', 'validators.d.ts', 'content-validators.js', 'content-validators.d.ts'])
  copyFileSync(new URL(file, from), new URL(file, to));
