// brand.ts is the one home of every external value (API host, dashboard and
// token pages, repositories, package names, the Terraform source): guides
// name them as `%brand.<path>%` tokens (src/remark/brandTokens.ts fills them
// in at build). This file fails when a guide types such a value itself, when
// a rendered page shows a placeholder, or when an install command anywhere on
// the site names another package than the brand's for its language.
// Node only; reads guides/ and the production build (turbo builds first).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brand } from '../brand';
import { TOKEN, brandValues, fillBrand } from '../src/remark/brandTokens';
import { TS_LANGS, blocksOf, listMdx } from './guide-examples/blocks';
import { decodeEntities, htmlFiles } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const guidesDir = join(here, '..', 'guides');
const buildDir = join(here, '..', 'build');
const values = brandValues(brand);
const spec = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8')) as {
  info: { contact: { url: string } };
  servers: { url: string; variables?: Record<string, { default: string }> }[];
};

/**
 * A guide with the code of its runnable TypeScript blocks and its React
 * components blanked: those must import the packages by name to compile
 * (checked below against the brand), everything else names external values
 * through tokens.
 */
function guideProse(file: string): string {
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  for (const block of blocksOf(source, file)) {
    if (!((block.run && TS_LANGS.has(block.lang)) || block.lang === 'tsx')) continue;
    const count = block.code.split('\n').length - 1;
    for (let i = block.line; i < block.line + count; i++) lines[i] = '';
  }
  return lines.join('\n');
}

/** Every brand value a guide must not type: URLs, hosts, package names and install commands. */
const typedValues = [...values.entries()]
  .filter(
    ([path, value]) =>
      /^https?:\/\//.test(value) ||
      /(^|\.)(apiHost|packageName|prompt|source|command)$/.test(path) ||
      path === 'apiHost',
  )
  .map(([, value]) => value)
  // A short package name ("webmon") is checked through its install command.
  .filter((value) => value.length > 8 && !['https://github.com'].includes(value));
/** Hosts of the brand: no guide writes a URL on them. */
const brandHosts = [
  new URL(brand.url).hostname.split('.').slice(-2).join('.'),
  'github.com/webmon-dev',
  'webmon.example',
];

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** A page's visible text: no scripts, styles or tags; the entities guides use decoded. */
function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      // Block boundaries (cells, paragraphs, code lines) end a word; inline tags
      // (prism's token spans) do not.
      .replace(/<\/?(?:td|th|tr|p|div|li|br|h[1-6]|table|pre|dd|dt|button)\b[^>]*>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  );
}

describe('brand config', () => {
  it('agrees with the API description: production host and support link', () => {
    const production = spec.servers.find((server) => server.url.startsWith('https://'))!;
    expect(production.url.replace(/\{(\w+)\}/g, (_, name: string) => production.variables![name]!.default)).toBe(
      brand.apiBaseUrl,
    );
    expect(spec.info.contact.url).toBe(brand.issuesUrl);
  });

  it("names this repository's packages as they are published", () => {
    const published = (folder: string) =>
      (JSON.parse(readFileSync(join(here, '..', '..', folder, 'package.json'), 'utf8')) as { name: string }).name;
    expect(brand.mockServer.packageName).toBe(published('mock-server'));
    expect(brand.reactHooks.packageName).toBe(published('react-query'));
    expect(brand.mcpServer.packageName).toBe(published('mcp-server'));
    expect(brand.clients.find((client) => client.key === 'javascript')!.packageName).toBe(published('ts-client'));
  });

  it('has no placeholder value of its own', () => {
    for (const [path, value] of values) {
      expect(value, path).not.toMatch(/\.example(\/|$)|example\.(com|org)|<[^>]*>|TODO|TBD/i);
    }
  });

  it('fills tokens and refuses an unknown one', () => {
    expect(fillBrand('`%brand.clients.go.prompt%`', values)).toBe(`\`${brand.clients[0]!.prompt}\``);
    expect(() => fillBrand('%brand.nope%', values, 'x.mdx')).toThrow(/x\.mdx: unknown brand value %brand\.nope%/);
  });
});

describe('guides', () => {
  const files = listMdx(guidesDir);

  it('type no brand URL, host, package name or install command (they use %brand.…% tokens)', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(typedValues).toContain(brand.apiBaseUrl);
    expect(typedValues).toContain(brand.clients.find((client) => client.key === 'javascript')!.prompt);
    const found: string[] = [];
    for (const file of files) {
      const prose = guideProse(file);
      for (const value of [...typedValues, ...brandHosts]) {
        for (let at = prose.indexOf(value); at !== -1; at = prose.indexOf(value, at + 1))
          found.push(`${relative(guidesDir, file)}:${lineOf(prose, at)} types "${value}"`);
      }
    }
    expect(found).toEqual([]);
  });

  it('use only tokens brand.ts has', () => {
    const unknown: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(TOKEN)) {
        if (!values.has(match[1]!))
          unknown.push(`${relative(guidesDir, file)}:${lineOf(source, match.index)} ${match[0]}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("import the JavaScript client by the brand's package name in runnable examples", () => {
    const javascript = brand.clients.find((client) => client.key === 'javascript')!.packageName;
    const imports = new Set<string>();
    for (const file of files) {
      for (const block of blocksOf(readFileSync(file, 'utf8'), file)) {
        if (!(block.run && TS_LANGS.has(block.lang))) continue;
        for (const match of block.code.matchAll(/from\s+'(@webmon\/[^']+)'/g)) imports.add(match[1]!);
      }
    }
    expect([...imports]).toEqual([javascript]);
  });
});

describe.skipIf(!existsSync(buildDir))('rendered pages (production build)', () => {
  const pages = existsSync(buildDir)
    ? htmlFiles(buildDir).map((file) => ({
        route: relative(buildDir, file),
        text: visibleText(readFileSync(file, 'utf8')),
      }))
    : [];

  it('show no placeholder', () => {
    expect(pages.length).toBeGreaterThan(100);
    const placeholder =
      /%brand\.|<api host>|<token from[^>]*>|<host>|webmon\.example|api\.example\.com|\{\{[^}]*\}\}|\bTODO\b|lorem ipsum/i;
    const found = pages.flatMap(({ route, text }) => {
      const match = placeholder.exec(text);
      return match ? [`${route}: "${text.slice(Math.max(0, match.index - 40), match.index + 40)}"`] : [];
    });
    expect(found).toEqual([]);
  });

  it('name one package per language in every install command', () => {
    const expected: Record<string, string> = {};
    for (const client of brand.clients) expected[client.key] = client.packageName;
    const commands: [RegExp, string][] = [
      [/\b(?:npm install|npm i|pnpm add|yarn add)\s+(@?[\w./-]+)/g, 'javascript'],
      [/\bgo get\s+([\w./-]+)/g, 'go'],
      [/\bpip3? install\s+([\w.-]+)/g, 'python'],
      [/\bgem install\s+([\w.-]+)/g, 'ruby'],
    ];
    const wrong: string[] = [];
    let seen = 0;
    for (const { route, text } of pages) {
      for (const [pattern, language] of commands) {
        for (const match of text.matchAll(pattern)) {
          seen++;
          // JavaScript has the React hooks too, on the client.
          const named =
            language === 'javascript' ? [expected.javascript, brand.reactHooks.packageName] : [expected[language]];
          if (!named.includes(match[1]!)) wrong.push(`${route}: "${match[0]}" (${language} is ${named.join(' or ')})`);
        }
      }
      // Scoped names of this provider: the JavaScript client, the React hooks, the MCP server and the mock server only.
      const scoped = [
        expected.javascript,
        brand.reactHooks.packageName,
        brand.mcpServer.packageName,
        brand.mockServer.packageName,
      ];
      for (const match of text.matchAll(/@webmon\/[\w-]+/g)) {
        if (!scoped.includes(match[0])) wrong.push(`${route}: "${match[0]}"`);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(8);
    expect(wrong).toEqual([]);
  });

  it('show the brand values where guides name them', () => {
    const page = (route: string) => pages.find((p) => p.route === route)?.text ?? '';
    expect(page('guides/api/authentication/index.html')).toContain('CORS');
    const href = (url: string) => new RegExp(`href="?${url.replace(/[.?]/g, '\\$&')}[" >]`);
    expect(readFileSync(join(buildDir, 'guides/api/authentication/index.html'), 'utf8')).toMatch(href(brand.tokensUrl));
    expect(page('guides/api/introduction/index.html')).toContain(brand.apiBaseUrl);
    const terraform = page('guides/terraform/introduction/index.html');
    for (const value of [brand.terraform.source, brand.terraform.version, `${brand.terraform.envPrefix}RPS`])
      expect(terraform).toContain(value);
    expect(readFileSync(join(buildDir, 'guides/terraform/introduction/index.html'), 'utf8')).toMatch(
      href(brand.terraform.registryUrl),
    );
    for (const client of brand.clients) {
      expect(page('guides/sdks/installation/index.html')).toContain(client.prompt);
      expect(page('index.html')).toContain(client.prompt);
    }
  });
});
