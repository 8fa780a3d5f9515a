import { readFileSync } from 'node:fs';
import type { JsonObject } from '@webmon/openapi-core';

/** The bundle as `pnpm build` wrote it: what every consumer reads (through @webmon/openapi-core, like they do). */
export function loadBundle(): JsonObject {
  return JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8')) as JsonObject;
}
