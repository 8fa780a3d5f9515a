// Bundles the real ruleset before a file's tests (once per worker: files share
// one module graph, see vitest.config.ts), so the few seconds it takes count
// against the hook's time limit instead of the first test's.
import { beforeAll } from 'vitest';
import { loadRuleset } from './lint-fixture.js';

beforeAll(() => loadRuleset().then(() => undefined));
