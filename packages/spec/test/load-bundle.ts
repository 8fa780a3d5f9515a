import { readFileSync } from 'node:fs';

export type JsonObject = { [key: string]: unknown };

/** The bundle as `pnpm build` wrote it: what every consumer reads. */
export function loadBundle(): JsonObject {
  return JSON.parse(readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8')) as JsonObject;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface Operation {
  method: string;
  path: string;
  operation: JsonObject;
}

export function operationsOf(bundle: JsonObject): Operation[] {
  const paths = bundle.paths as Record<string, JsonObject>;
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => method in item).map((method) => ({
      method,
      path,
      operation: item[method] as JsonObject,
    })),
  );
}
