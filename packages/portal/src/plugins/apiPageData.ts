import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiPageMD } from 'docusaurus-plugin-openapi-docs/lib/markdown';

type ApiPage = Parameters<typeof createApiPageMD>[0];

interface ServerObject {
  url: string;
  variables?: Record<string, { default: string }>;
}

/** The description's first server, its variables at their defaults: what readers call. */
function firstServerUrl(servers: ServerObject[] | undefined): string {
  const server = servers?.[0];
  if (!server) throw new Error('The bundle has no server: the reference pages show the production URL.');
  return server.url
    .replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? `{${name}}`)
    .replace(/\/$/, '');
}

/**
 * The page's method-and-path header is ours (src/api/Endpoint.tsx): the
 * theme's showed the try-it's chosen server (the sandbox) and `:test_id`;
 * ours shows the production URL with `{test_id}`, as the samples do.
 */
function withOwnEndpoint(markdown: string, page: ApiPage): string {
  const api = page.api as unknown as { method: string; path: string; servers?: ServerObject[] };
  const props = `method={${JSON.stringify(api.method.toUpperCase())}} path={${JSON.stringify(api.path)}} server={${JSON.stringify(firstServerUrl(api.servers))}}`;
  const replaced = markdown
    .replace(
      'import MethodEndpoint from "@theme/ApiExplorer/MethodEndpoint";',
      'import Endpoint from "@site/src/api/Endpoint";',
    )
    .replace(/<MethodEndpoint[\s\S]*?<\/MethodEndpoint>/, `<Endpoint ${props} />`);
  if (replaced.includes('MethodEndpoint'))
    throw new Error(`${page.id}: the plugin's page no longer has the header this replaces`);
  return replaced;
}

/**
 * The reference plugin's operation page generator (`markdownGenerators.createApiPageMD`
 * in docusaurus.config.ts), given the plugin's `outputDir`: the plugin's own
 * page, with the operation data every page carries for the browser (the
 * theme's ApiItem reads it as the `api` front matter) trimmed to what the
 * browser reads, and its request parts moved to a JSON file beside the page.
 *
 * Trimmed: each operation page's chunk held its responses twice, in full (the
 * rendered StatusCodes and the `api` data), and the API's whole `info`, and
 * an API page also prefetches its sidebar neighbours' chunks. In the browser
 * the theme reads `api.responses` only for the media types of the 2xx answers
 * (ApiItem, the Accept choices) and never `api.info`. Responses keep their
 * codes and media type names; `info` is dropped.
 *
 * Moved: the parameters and the request body (their schemas, bounds
 * included) go to `<id>.ApiData.json`, which the page imports and exports as
 * `api` (src/theme/ApiItem puts them back into the front matter's `api`).
 * An edited bound then changes JSON files only: under `pnpm dev` the docs
 * plugin, which watches Markdown, does not reload its 148 pages and the dev
 * server compiles no MDX (0.3-0.5 s and 0.3 s of a bound edit's save to
 * page). The front matter keeps the rest: what the sidebar, the template and
 * the theme read.
 *
 * The page's markdown is written first, from the full operation (the plugin
 * serialises `api` after calling this).
 */
export function apiPageWithDataFile(outputDir: string): (page: ApiPage) => string {
  return (page) => {
    const markdown = withOwnEndpoint(createApiPageMD(page), page);
    const api = page.api as unknown as {
      responses?: Record<string, { content?: Record<string, unknown> }>;
      info?: unknown;
      parameters?: unknown;
      requestBody?: unknown;
    };
    if (api.responses) {
      api.responses = Object.fromEntries(
        Object.entries(api.responses).map(([code, response]) => [
          code,
          response.content
            ? { content: Object.fromEntries(Object.keys(response.content).map((type) => [type, {}])) }
            : {},
        ]),
      );
    }
    delete api.info;
    const dataFile = `${page.id}.ApiData.json`;
    const { parameters, requestBody } = api;
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(join(outputDir, dataFile), JSON.stringify({ parameters, requestBody }));
    delete api.parameters;
    delete api.requestBody;
    const jsonFiles = [`./${dataFile}`, ...[...markdown.matchAll(/require\("(\.\/[^"]+\.json)"\)/g)].map((m) => m[1])];
    return [
      `import api from "./${dataFile}";`,
      'import { createApiPageUpdates } from "@site/src/api/apiPageUpdates";',
      'export { api };',
      // Under `pnpm dev`: an update of the page's JSON stops here (src/api/apiPageUpdates.ts says why).
      // (`webpackHot?.accept(...)` would be a call of undefined in Rspack's production build.)
      'export const dataUpdates = import.meta.webpackHot && createApiPageUpdates();',
      `export const acceptsDataUpdates = dataUpdates && import.meta.webpackHot.accept(${JSON.stringify(jsonFiles)}, () => dataUpdates.publish(api));`,
      markdown,
    ].join('\n\n');
  };
}
