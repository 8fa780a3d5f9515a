// The bounds the bundle states reach the TSDoc the client ships: a field's
// hover says `@minimum 5 @maximum 75`, not only `@default 15`. Expected values
// are read from the bundle through @webmon/openapi-core; what TypeScript reads
// is asked of TypeScript (its JSDoc parser on src/generated/api.ts, its
// language service on the built dist/), which reads the last JSDoc block of a
// declaration only, so a second block with the bounds would not count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isObject, type JsonObject, listOperations, mergeAllOf, propertiesOf, resolveRef } from '@webmon/openapi-core';
import ts from 'typescript';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../scripts/generate.mjs';
import { STRICT_USER_OPTIONS } from './support/strict-compiler.js';

const require = createRequire(import.meta.url);
const packageDir = new URL('..', import.meta.url).pathname;
const bundle: JsonObject = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));

// The keywords each field's TSDoc carries as `@<keyword> <value>` (and
// `@items <keyword> <value>` for an array's items).
const KEYWORDS = [
  'format',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
] as const;

const object = (node: unknown): JsonObject => {
  const value = resolveRef(bundle, node);
  return isObject(value) ? value : {};
};

/** `tag value` for every bound the bundle states for a schema, as the TSDoc must read. */
function expectedTags(node: unknown): string[] {
  const schema = mergeAllOf(bundle, node);
  const of = (s: JsonObject, prefix: string) =>
    KEYWORDS.filter((k) => s[k] !== undefined).map((k) => `${prefix}${k} ${String(s[k])}`);
  return [...of(schema, ''), ...(isObject(schema.items) ? of(mergeAllOf(bundle, schema.items), 'items ') : [])];
}

/** A body field's schema, found from the operation as the client sends it. */
function bodyField(operationId: string, field: string): JsonObject {
  const operation = listOperations(bundle).find((o) => o.operationId === operationId)?.operation;
  const media = object(object(object(operation?.requestBody).content)['application/x-www-form-urlencoded']);
  return propertiesOf(bundle, media.schema)[field] ?? {};
}

function queryParameter(operationId: string, name: string): JsonObject {
  const operation = listOperations(bundle).find((o) => o.operationId === operationId);
  return operation?.parameters.find((p) => p.in === 'query' && p.name === name)?.schema ?? {};
}

const tagText = (tag: ts.JSDocTag) => `${tag.tagName.text} ${ts.getTextOfJSDocComment(tag.comment) ?? ''}`.trim();

/**
 * Every interface and property signature of a generated file: the names of
 * those around it, the tags TypeScript reads (the last JSDoc block's) and
 * the text of all its JSDoc blocks.
 */
function declarations(file: string): { path: string[]; tags: string[]; doc: string }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: { path: string[]; tags: string[]; doc: string }[] = [];
  const visit = (node: ts.Node, path: string[]) => {
    let here = path;
    if ((ts.isPropertySignature(node) || ts.isInterfaceDeclaration(node)) && !ts.isComputedPropertyName(node.name)) {
      here = [...path, node.name.text];
      const blocks = (ts.getLeadingCommentRanges(text, node.pos) ?? [])
        .map((range) => text.slice(range.pos, range.end))
        .filter((comment) => comment.startsWith('/**'));
      found.push({ path: here, tags: ts.getJSDocTags(node).map(tagText), doc: blocks.join('\n') });
    }
    ts.forEachChild(node, (child) => {
      visit(child, here);
    });
  };
  visit(source, []);
  return found;
}

describe('the generated types carry every bound of the bundle', () => {
  const generated = declarations(join(packageDir, 'src/generated/api.ts'));
  const at = (...path: string[]) => generated.find((d) => d.path.join('\0') === path.join('\0'));
  const schemas = object(object(bundle.components).schemas);

  it('every property of every component schema: minimum, maxLength, pattern, format, items...', () => {
    const checked = new Set<string>();
    let fields = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [field, property] of Object.entries(object(object(schema).properties))) {
        const expected = expectedTags(property);
        if (!expected.length) continue;
        const declaration = at('components', 'schemas', name, field);
        expect(declaration, `${name}.${field} is declared`).toBeDefined();
        expect(declaration?.tags, `${name}.${field}`).toEqual(expect.arrayContaining(expected));
        for (const tag of expected) checked.add(tag.replace(/ [^ ]*$/, ''));
        fields += 1;
      }
    }
    // The bundle states bounds of each kind, so none of these checks ran empty.
    expect(fields).toBeGreaterThan(50);
    expect([...checked]).toEqual(
      expect.arrayContaining([
        'minimum',
        'maximum',
        'minLength',
        'maxLength',
        'pattern',
        'format',
        'minItems',
        'maxItems',
        'items minimum',
        'items pattern',
      ]),
    );
  });

  it('every parameter, where the components declare it and where each operation takes it', () => {
    let parameters = 0;
    for (const [name, parameter] of Object.entries(object(object(bundle.components).parameters))) {
      const expected = expectedTags(object(parameter).schema);
      expect(at('components', 'parameters', name)?.tags, name).toEqual(expect.arrayContaining(expected));
    }
    for (const { operationId, parameters: list } of listOperations(bundle)) {
      for (const parameter of list) {
        const expected = expectedTags(parameter.schema);
        if (!expected.length) continue;
        const declaration = at('operations', operationId, 'parameters', parameter.in, parameter.name);
        expect(declaration?.tags, `${operationId} ${parameter.name}`).toEqual(expect.arrayContaining(expected));
        parameters += 1;
      }
    }
    expect(parameters).toBeGreaterThan(20);
  });

  it('an enum the type already spells out as a union of its values is not listed again', () => {
    let enums = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      for (const [field, property] of Object.entries(object(object(schema).properties))) {
        const resolved = mergeAllOf(bundle, property);
        const values = Array.isArray(resolved.enum) ? resolved.enum : mergeAllOf(bundle, resolved.items).enum;
        if (!Array.isArray(values)) continue;
        enums += 1;
        expect(at('components', 'schemas', name, field)?.doc ?? '', `${name}.${field}`).not.toMatch(
          /@(items )?enum (?!\{)/,
        );
      }
    }
    expect(enums).toBeGreaterThan(5);
  });

  it('one JSDoc block per declaration, and "Format: x" became the @format tag', () => {
    const withFormat = generated.filter((d) => d.tags.some((t) => t.startsWith('format ')));
    expect(withFormat.length).toBeGreaterThan(10);
    for (const { path, doc } of withFormat) expect(doc, path.join('.')).not.toContain('Format: ');
    for (const { path, doc } of generated) expect(doc.match(/\/\*\*/g)?.length ?? 0, path.join('.')).toBeLessThan(2);
  });
});

describe('an editor shows the bounds on the fields a caller writes (built dist/)', () => {
  const file = join(packageDir, 'test/__tsdoc_bounds_caller.ts');
  const source = `
import { createClient, type components } from '../dist/index.js';
const client = createClient({ token: 't' });
export const body: components['schemas']['UptimeTestCreate'] = {
  name: 'x', test_type: 'HTTP', website_url: 'https://x.example.com', check_rate: 300, timeout: 30,
};
export const page = client.uptime.list({ limit: 50 });
export const ssl = client.ssl.update('1', { alert_at: [30, 7, 1] });
export const group = client.contactGroups.create({ name: 'Ops', mobile_numbers: ['+447700900123'] });
export const window = client.maintenanceWindows.update('1', { timezone: 'Europe/London' });
export const speed = client.pagespeed.update('1', { website_url: 'https://www.example.com/' });
`;
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = name === file ? source : ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => packageDir,
    getCompilationSettings: () => STRICT_USER_OPTIONS,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? source : ts.sys.readFile(name)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host);
  /** The tags of the hover on `<field>:` in the caller's first line that holds `where`. */
  const hover = (where: string, field: string) =>
    (service.getQuickInfoAtPosition(file, source.indexOf(`${field}:`, source.indexOf(where)))?.tags ?? []).map((tag) =>
      `${tag.name} ${ts.displayPartsToString(tag.text)}`.trim(),
    );

  it('the caller compiles', () => {
    const errors = service.getSemanticDiagnostics(file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    expect(errors).toEqual([]);
  });

  it('an integer range: UptimeTestCreate.timeout', () => {
    const timeout = propertiesOf(bundle, { $ref: '#/components/schemas/UptimeTestCreate' }).timeout ?? {};
    expect(timeout.minimum).toBeTypeOf('number');
    expect(hover('UptimeTestCreate', 'timeout')).toEqual(
      expect.arrayContaining([
        `minimum ${timeout.minimum}`,
        `maximum ${timeout.maximum}`,
        `default ${timeout.default}`,
      ]),
    );
  });

  it('a query parameter: uptime.list({ limit })', () => {
    const limit = queryParameter('list-uptime-tests', 'limit');
    expect(hover('uptime.list', 'limit')).toEqual(
      expect.arrayContaining([`minimum ${limit.minimum}`, `maximum ${limit.maximum}`]),
    );
  });

  it('an array and its items: ssl.update({ alert_at })', () => {
    const alertAt = bodyField('update-ssl-test', 'alert_at');
    const items = object(alertAt.items);
    expect(hover('ssl.update', 'alert_at')).toEqual(
      expect.arrayContaining([
        `minItems ${alertAt.minItems}`,
        `maxItems ${alertAt.maxItems}`,
        `items minimum ${items.minimum}`,
        `items maximum ${items.maximum}`,
      ]),
    );
  });

  it("a pattern on a list's items, a string's length and pattern, a format", () => {
    const mobile = object(bodyField('create-contact-group', 'mobile_numbers').items);
    expect(hover('contactGroups.create', 'mobile_numbers')).toContain(`items pattern ${mobile.pattern}`);
    const timezone = bodyField('update-maintenance-window', 'timezone');
    expect(hover('maintenanceWindows.update', 'timezone')).toEqual(
      expect.arrayContaining([`maxLength ${timezone.maxLength}`, `pattern ${timezone.pattern}`]),
    );
    const url = bodyField('update-pagespeed-test', 'website_url');
    expect(hover('pagespeed.update', 'website_url')).toEqual(
      expect.arrayContaining([`format ${url.format}`, `pattern ${url.pattern}`]),
    );
  });
});

describe('keywords the bundle does not use yet', () => {
  const work = mkdtempSync(join(tmpdir(), 'ts-client-tsdoc-bounds-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('exclusive bounds, multipleOf, an enum the type does not spell out, a pattern holding */', async () => {
    const edited = structuredClone(bundle) as { components: { schemas: Record<string, JsonObject> } };
    const links = edited.components.schemas.Links as { properties: Record<string, JsonObject> };
    const added = {
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 },
      shape: { type: 'object', enum: [{ a: 1 }, { b: 2 }] },
      glob: { type: 'string', pattern: '^a*/b$' },
    };
    Object.assign(links.properties, added);
    // The build's generator, in this process: the same function `node scripts/generate.mjs` runs.
    await generate(edited as Parameters<typeof generate>[0], pathToFileURL(`${work}/out/`));
    const file = join(work, 'out/api.ts');
    const text = readFileSync(file, 'utf8');
    const syntax = ts.transpileModule(text, { reportDiagnostics: true }).diagnostics ?? [];
    expect(syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '))).toEqual([]);

    const tags = (field: string) =>
      declarations(file).find((d) => d.path.join('.') === `components.schemas.Links.${field}`) ?? {
        tags: [],
        doc: '',
      };
    const { ratio, shape, glob } = added;
    expect(tags('ratio').tags).toEqual(
      expect.arrayContaining([
        `exclusiveMinimum ${ratio.exclusiveMinimum}`,
        `exclusiveMaximum ${ratio.exclusiveMaximum}`,
        `multipleOf ${ratio.multipleOf}`,
      ]),
    );
    // openapi-typescript types an object enum as the object, not the values:
    // they are listed, in place of its bare `@enum {object}`.
    expect(tags('shape').doc).toContain(`@enum ${shape.enum.map((v) => JSON.stringify(v)).join(' | ')}`);
    expect(tags('shape').doc).not.toContain('@enum {object}');
    // `*/` would end the comment: escaped as openapi-typescript escapes it.
    expect(tags('glob').tags).toContain(`pattern ${glob.pattern.replace('*/', '*\\/')}`);
  });
});
