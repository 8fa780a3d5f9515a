#!/usr/bin/env node
// api-diff <before> <after> [--markdown] [--corrections <file>]: compares two
// bundles (JSON or YAML), prints the report, exits 1 when there are breaking
// changes without a major version bump (or a correction matches nothing), 2 on
// bad usage. The work is runCli's (run-cli.ts); this file only prints and exits.
import { runCli } from './run-cli.js';

const { code, stdout, stderr } = runCli(process.argv.slice(2));
if (code === 2) console.error(stderr);
else console.log(stdout);
process.exit(code);
