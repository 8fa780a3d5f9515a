// (Node) Docs for agents over the production build, served as a static host
// serves it: every guide and every operation of the bundle has its Markdown
// twin at its path plus `.md`, plain Markdown (no HTML, no JSX, no imports),
// with the bundle's bounds and the guides' spec values resolved; /llms.txt
// lists every twin with a working link, /llms-full.txt holds them all.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { isObject, type JsonObject, listOperations, mergeAllOf, resolveRef } from '@webmon/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../scripts/serve.mjs';
import { brand } from '../brand';
import { buildDir, decodeEntities, portalDir } from './helpers';

const bundle: unknown = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'),
);
const operations = listOperations(bundle);

/** Every guide file, and the route the site gives it (the sitemap lists each page once). */
const guideFiles = (function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
})(join(portalDir, 'guides'));
const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
const sitemapGuides = [...sitemap.matchAll(/<loc>[^<]*?(\/guides(?:\/[^<]*)?)<\/loc>/g)].map((m) =>
  (m[1] ?? '').replace(/\/$/, ''),
);
/** The recipe pages (generated from the spec's workflows) apart from the guides; their list has no twin. */
const recipeRoutes = sitemapGuides.filter((route) => route.startsWith('/guides/recipes/'));
const guideRoutes = sitemapGuides.filter((route) => !route.startsWith('/guides/recipes'));
/** The reference's bundle copy (generated/openapi.json): what the operation pages are built from. */
const pageOperations = new Map(
  listOperations(JSON.parse(readFileSync(join(portalDir, 'generated', 'openapi.json'), 'utf8'))).map((op) => [
    op.operationId,
    op.operation as { 'x-codeSamples'?: { lang: string; source: string }[] },
  ]),
);
const operationRoute = (operationId: string) => `/api/${operationId}`;
/** The changelog's index and version pages (scripts/api-changes.mjs), twins too (test/api-changes.test.ts reads them). */
const changelogRoutes = [
  '/api/api-changes',
  ...(JSON.parse(readFileSync(join(portalDir, 'generated/api-changes.json'), 'utf8')) as { id: string }[]).map(
    ({ id }) => `/api/api-changes/${id}`,
  ),
];

let server: { url: string; close(): Promise<void> };
const texts = new Map<string, string>();
/** GET a path of the site: status, content type and text (cached per path). */
async function get(path: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(server.url + path);
  const text = await response.text();
  if (response.ok) texts.set(path, text);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}
async function twin(path: string): Promise<string> {
  const cached = texts.get(path);
  if (cached !== undefined) return cached;
  const { status, text } = await get(path);
  expect(status, path).toBe(200);
  return text;
}

/** The Markdown outside code blocks and inline code: where HTML or JSX would show. */
function prose(markdown: string): string {
  return (
    markdown
      .replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '')
      .replace(/(`+)[^`\n]*?\1/g, '')
      // Autolinks (`<https://...>`) are Markdown, not HTML.
      .replace(/<[a-z][a-z0-9+.-]*:[^\s<>]*>/g, '')
  );
}

beforeAll(async () => {
  server = await serveStatic({ dir: buildDir, port: 0 });
});
afterAll(async () => {
  await server?.close();
});

describe('Markdown twins', () => {
  it('the build has one guide route per guide file, four recipes and 36 operations', () => {
    expect(guideRoutes.length).toBe(guideFiles.length);
    expect(recipeRoutes.length).toBe(4);
    expect(operations.length).toBe(36);
  });

  it('every guide, recipe and operation page has its twin at its path plus .md, as text/markdown', async () => {
    for (const path of [...guideRoutes, ...recipeRoutes, ...operations.map((op) => operationRoute(op.operationId))]) {
      const { status, type, text } = await get(`${path}.md`);
      expect(status, `${path}.md`).toBe(200);
      expect(type, `${path}.md`).toMatch(/^text\/markdown/);
      expect(text, `${path}.md`).toMatch(/^# \S/);
    }
  });

  it('twins are plain Markdown: no HTML, no JSX, no imports or expressions outside code, no brand tokens', async () => {
    for (const path of [...guideRoutes, ...recipeRoutes, ...operations.map((op) => operationRoute(op.operationId))]) {
      const markdown = await twin(`${path}.md`);
      expect(markdown.match(/%brand\.[\w.]+%/g) ?? [], `${path}.md`).toEqual([]);
      const text = prose(markdown);
      expect(text.match(/<\/?[A-Za-z][^>]*>/g) ?? [], `${path}.md`).toEqual([]);
      expect(text.match(/^(import|export) .*/gm) ?? [], `${path}.md`).toEqual([]);
      expect(text.match(/\{[A-Za-z_$][\w$.[\]'"-]*\}/g) ?? [], `${path}.md`).toEqual([]);
    }
  });

  it('an operation twin has its method and path, parameters, every body field with its bounds, responses and samples', async () => {
    for (const { operationId, method, path, parameters, operation } of operations) {
      const text = await twin(`${operationRoute(operationId)}.md`);
      const where = `${operationId}.md`;
      expect(text, where).toContain(`\`${method.toUpperCase()} ${path}\``);
      /** The line listing a field or parameter, and the numbers it must carry. */
      const expectBounds = (name: string, schema: JsonObject) => {
        const line = text.split('\n').find((l) => l.trimStart().startsWith(`- \`${name}\` (`));
        expect(line, `${where}: ${name}`).toBeDefined();
        for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
          const bound = schema[key];
          if (typeof bound === 'number') expect(line, `${where}: ${name}.${key}`).toMatch(new RegExp(`\\b${bound}\\b`));
        }
        if (typeof schema.maxLength === 'number') expect(line, `${where}: ${name}`).toMatch(/characters?\b/);
        if (typeof schema.maxItems === 'number') expect(line, `${where}: ${name}`).toMatch(/items?\b/);
        for (const value of Array.isArray(schema.enum) ? schema.enum : [])
          expect(line).toContain(`\`${String(value)}\``);
        if (schema.default !== undefined)
          expect(line, `${where}: ${name} default`).toContain(`default \`${String(schema.default)}\``);
      };
      for (const { name, schema } of parameters) expectBounds(name, schema);
      if (operation.requestBody) {
        const body = resolveRef<JsonObject>(bundle, operation.requestBody);
        const media = isObject(body.content) ? body.content['application/x-www-form-urlencoded'] : undefined;
        const schema = mergeAllOf(bundle, isObject(media) ? media.schema : undefined);
        const fields = isObject(schema.properties) ? schema.properties : {};
        expect(Object.keys(fields).length, where).toBeGreaterThan(0);
        for (const [name, field] of Object.entries(fields)) expectBounds(name, mergeAllOf(bundle, field));
      }
      for (const status of Object.keys(isObject(operation.responses) ? operation.responses : {}))
        expect(text, `${where}: response ${status}`).toMatch(new RegExp(`^### ${status}\\b`, 'm'));
      // The samples the page shows: the x-codeSamples of the reference's bundle copy.
      const samples = pageOperations.get(operationId)?.['x-codeSamples'] ?? [];
      expect(samples.map((sample) => sample.lang)).toEqual(['cURL', 'Go', 'JavaScript']);
      for (const { source } of samples) expect(text, where).toContain(source.trim());
    }
  });

  it("guide twins carry the values the pages show: every inline code of the page's article", async () => {
    for (const route of guideRoutes) {
      const html = (await get(route)).text;
      // React's separators between adjacent texts (`limit=<!-- -->100`) dropped.
      const article = html.slice(html.indexOf('<article'), html.indexOf('</article>')).replace(/<!-- -->/g, '');
      // Inline code only: code blocks are <pre><code class=...>, inline code has no attributes.
      const inline = [...article.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => decodeEntities(m[1] ?? ''));
      const text = await twin(`${route}.md`);
      for (const code of inline) expect(text, `${route}.md: \`${code}\``).toContain(code);
    }
    // Two the components compute from the bundle.
    const headers = (bundle as { components: { headers: Record<string, { schema: { example: string } }> } }).components
      .headers;
    expect(await twin('/guides/api/ratelimiting.md')).toContain(`\`${headers['x-ratelimit-limit']?.schema.example}\``);
    const limit = (bundle as { components: { parameters: { limit: { schema: JsonObject } } } }).components.parameters
      .limit.schema;
    expect(await twin('/guides/api/parameters.md')).toContain(`${limit.minimum} to ${limit.maximum}`);
  });

  it("links between twins work, and a guide's link to another guide points at its twin", async () => {
    for (const route of guideRoutes) {
      const text = prose(await twin(`${route}.md`));
      for (const [, url] of text.matchAll(/\]\((\/[^)\s#]*)/g)) {
        const { status } = await get(url ?? '');
        expect(status, `${route}.md links to ${url}`).toBe(200);
      }
      expect(text, `${route}.md`).not.toMatch(/\]\([^)]*\.mdx\b/);
      // Docusaurus's raw-path links (`pathname:///api/`) are site paths in a twin.
      expect(text, `${route}.md`).not.toContain('](pathname:');
    }
    expect(await twin('/guides/api/ratelimiting.md')).toMatch(/\]\(\/guides\/api\/errors\.md\)/);
  });
});

describe('llms.txt and llms-full.txt', () => {
  it('llms.txt lists every guide, every recipe and all 36 operations, each link answering its Markdown', async () => {
    const { status, type, text } = await get('/llms.txt');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain/);
    expect(text).toMatch(/^# \S/);
    const links = [...text.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => new URL(m[2] ?? '').pathname);
    for (const path of [
      ...guideRoutes,
      ...recipeRoutes,
      ...operations.map((op) => operationRoute(op.operationId)),
      ...changelogRoutes,
    ])
      expect(links, `${path}.md`).toContain(`${path}.md`);
    for (const { operation } of operations) expect(text).toContain(`[${String(operation.summary)}](`);
    for (const path of links) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
    }
    expect(links.filter((path) => path.endsWith('.md')).length).toBe(
      guideRoutes.length + recipeRoutes.length + operations.length + changelogRoutes.length,
    );
  });

  it("llms.txt tells an agent how to start the mock as the published package does, not with this repository's scripts", async () => {
    const { text } = await get('/llms.txt');
    expect(text).toContain(`\`${brand.mockServer.command}\``);
    expect(text).not.toMatch(/\bpnpm\b/);
  });

  it('llms-full.txt holds every twin', async () => {
    const { status, text } = await get('/llms-full.txt');
    expect(status).toBe(200);
    for (const path of [...guideRoutes, ...recipeRoutes, ...operations.map((op) => operationRoute(op.operationId))])
      expect(text, path).toContain((await twin(`${path}.md`)).trim());
  });
});
