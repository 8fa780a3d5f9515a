/**
 * The try-it's trimmed request model (src/plugins/slimApiBundle.ts): six of
 * postman-collection's classes (postmanCollectionSlim.js) on lodash's
 * per-function modules (lodashForPostman.js) and without a `Buffer`
 * (noBuffer.js), instead of the package's index, the whole of lodash and the
 * `buffer` polyfill. In Node, with the plugin's own aliases applied to
 * `require`: every `_.name` those classes use is a function of the stand-in,
 * and the theme's real request builder, run on every operation page's
 * operation (the build's api-docs/), builds the same request with them as
 * with the untouched packages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import slimApiBundle from '../src/plugins/slimApiBundle';
import { portalDir } from './helpers';

const themeDir = dirname(createRequire(import.meta.url).resolve('docusaurus-theme-openapi-docs/package.json'));
const fromTheme = createRequire(join(themeDir, 'package.json'));
const postmanDir = dirname(fromTheme.resolve('postman-collection'));
const builderPath = join(themeDir, 'lib/theme/ApiExplorer/buildPostmanRequest.js');
const lodashDir = dirname(fromTheme.resolve('lodash/package.json'));

const configure = slimApiBundle().configureWebpack;
if (!configure) throw new Error('slimApiBundle configures no aliases');
const bundlerConfig = configure(undefined as never, false, undefined as never, undefined as never) as {
  resolve: { alias: Record<string, string> };
  module: { rules: { include: string; resolve: { alias: Record<string, string> } }[] };
};
const { aliases, bufferRule } = {
  aliases: bundlerConfig.resolve.alias,
  bufferRule: bundlerConfig.module.rules.find((rule) => rule.resolve.alias.buffer$),
};

/** The bundler's alias rules: `name$` matches exactly, `name` also matches `name/...`. */
function aliased(request: string): string | undefined {
  for (const [key, target] of Object.entries(aliases)) {
    if (key.endsWith('$')) {
      if (request === key.slice(0, -1)) return target;
    } else if (request === key || request.startsWith(`${key}/`)) return target + request.slice(key.length);
  }
  return undefined;
}

type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve; _cache: Record<string, unknown> };
const originalResolve = loader._resolveFilename;
afterAll(() => {
  loader._resolveFilename = originalResolve;
});

/**
 * Runs `use` with a fresh copy of postman-collection, the theme's builder and
 * the stand-ins, loaded with the bundle's aliases (slim) or without them (the
 * packages as published). Slim, the `Buffer` postman-collection's files see
 * is the one the bundle provides them (its rule for their `buffer`), as in a
 * browser; `use` must be synchronous, so nothing else runs meanwhile.
 */
function withPackages<T>(slim: boolean, use: (load: (path: string) => unknown) => T): T {
  const globals = globalThis as { Buffer?: unknown };
  const nodeBuffer = globals.Buffer;
  if (slim && bufferRule?.include === postmanDir)
    globals.Buffer = (
      createRequire(import.meta.url)(bufferRule.resolve.alias.buffer$ as string) as { Buffer?: unknown }
    ).Buffer;
  // Node also remembers how each file's requires resolved, until the module
  // they resolved to leaves the cache: everything involved leaves it.
  const fresh = [postmanDir, lodashDir, builderPath, join(portalDir, 'src/plugins')];
  for (const key of Object.keys(loader._cache))
    if (fresh.some((path) => key.startsWith(path))) delete loader._cache[key];
  if (slim)
    loader._resolveFilename = (request, parent, ...rest) =>
      originalResolve(aliased(request) ?? request, parent, ...rest);
  try {
    return use((path) => createRequire(path)(path));
  } finally {
    loader._resolveFilename = originalResolve;
    globals.Buffer = nodeBuffer;
  }
}

/** The files the six classes load, following relative requires from their modules. */
function reachableFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, request] of readFileSync(file, 'utf8').matchAll(/require\('(\.{1,2}\/[^']+)'\)/g)) {
      visit(createRequire(file).resolve(request as string));
    }
  };
  for (const name of ['request', 'query-param', 'variable', 'cookie', 'cookie-list', 'form-param'])
    visit(join(postmanDir, 'lib/collection', `${name}.js`));
  return [...seen];
}

interface Item {
  operationId: string;
  postman: unknown;
  servers?: { url: string }[];
  parameters?: { name: string; in: string; example?: unknown; schema?: { default?: unknown } }[];
  requestBody?: { content: Record<string, { example?: Record<string, unknown>; encoding?: unknown }> };
}

/**
 * Every operation page's operation, as the build wrote it for the browser:
 * its front matter's `api` with the parameters and request body of the data
 * file the page imports (src/plugins/apiPageData.ts).
 */
function operations(): Item[] {
  const dir = join(portalDir, 'api-docs');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.api.mdx'))
    .map((file) => {
      const api = readFileSync(join(dir, file), 'utf8').match(/^api: (.*)$/m)?.[1] ?? '{}';
      const data = readFileSync(join(dir, file.replace(/\.api\.mdx$/, '.ApiData.json')), 'utf8');
      return { ...JSON.parse(api), ...JSON.parse(data) } as Item;
    });
}

/** The theme's try-it state for an operation, filled with its examples. */
function tryItState(item: Item) {
  const params = (where: string) =>
    (item.parameters ?? [])
      .filter((p) => p.in === where)
      .map((p) => ({ ...p, value: String(p.example ?? p.schema?.default ?? 'x') }));
  const [contentType, media] = Object.entries(item.requestBody?.content ?? {})[0] ?? [];
  const example = media?.example ?? {};
  return {
    pathParams: params('path'),
    queryParams: params('query'),
    headerParams: [],
    cookieParams: [],
    contentType,
    accept: 'application/json',
    body: contentType
      ? {
          type: 'form',
          content: Object.fromEntries(
            Object.entries(example).map(([key, value]) => [key, { type: 'string', value: String(value) }]),
          ),
        }
      : { type: 'empty' },
    server: item.servers?.[0],
    auth: {
      selected: 'Bearer',
      options: { Bearer: [{ key: 'bearer', type: 'http', scheme: 'bearer' }] },
      data: { bearer: { token: 'a-token' } },
    },
    encoding: media?.encoding,
  };
}

interface Built {
  toJSON(): unknown;
  url: { toString(): string };
}
type Sdk = { Request: new (definition: unknown) => unknown };
type Builder = { default: (postman: unknown, state: ReturnType<typeof tryItState>) => Built };

describe('the try-it request model, trimmed for the browser', () => {
  it('has every lodash function the request classes call', () => {
    const { lodash } = withPackages(
      true,
      (load) => load(join(postmanDir, 'lib/util.js')) as { lodash: Record<string, unknown> },
    );
    const used = new Set<string>();
    for (const file of reachableFiles()) {
      // Code only: the files' JSDoc mentions helpers that no longer exist.
      const source = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const [, name] of source.matchAll(/(?<![\w$.])_\.([A-Za-z_$][\w$]*)/g)) used.add(name as string);
      for (const [, chain] of source.matchAll(/(?<![\w$.])_\([^()]*\)((?:\.\w+\([^()]*\))+)/g))
        for (const [, name] of (chain as string).matchAll(/\.(\w+)\(/g)) if (name !== 'value') used.add(name as string);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((name) => typeof lodash[name] !== 'function')).toEqual([]);
  });

  it('builds the same request for every operation as the untouched packages', () => {
    const items = operations();
    expect(items.length).toBeGreaterThan(30);
    const globals = globalThis as { window?: unknown };
    globals.window = { location: { origin: 'http://localhost:3000' } };
    try {
      const build = (slim: boolean) =>
        withPackages(slim, (load) => {
          const sdk = load(
            slim ? (aliased('postman-collection') ?? '') : fromTheme.resolve('postman-collection'),
          ) as Sdk;
          const builder = load(builderPath) as Builder;
          return items.map((item) => {
            const request = builder.default(new sdk.Request(item.postman), tryItState(item));
            return { operationId: item.operationId, url: request.url.toString(), json: request.toJSON() };
          });
        });
      const published = build(false);
      expect(published.some((r) => r.url.includes('?'))).toBe(true);
      expect(build(true)).toEqual(published);
    } finally {
      delete globals.window;
    }
  });
});
