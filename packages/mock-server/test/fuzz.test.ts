// Fuzzes the mock over real HTTP with bad requests derived from the bundle:
// every constraint the description states (range, enum, length, pattern,
// format, item count, required) is broken one field at a time, and garbage
// (bad bytes, bad escapes, prototype keys, huge bodies, wrong content types,
// odd path ids, wrong methods) is thrown at every operation. Every answer must
// be a 4xx in the API's error shape, naming the field at fault when there is
// one, and the mock must answer valid requests exactly as before afterwards.
//
// The requests come from a seeded PRNG: the same ones on every run. Only the
// order in which the server sees them varies (they run 16 at a time).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { HTTP_METHODS, listOperations, mergeAllOf, resolveRef } from '@webmon/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMock } from './start-mock.js';

// Strict wire mode: the documented forms only. By default the mock also reads
// what the provider's generated clients send (`TRUE`, `tags=a,b`), which some of
// the bad values below are; official-clients.test.ts tests those.
const mock = useMock({ rateLimit: false, strictWire: true });

// ---------------------------------------------------------------------------
// The bundle
// ---------------------------------------------------------------------------

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  example?: unknown;
  default?: unknown;
  const?: unknown;
  if?: Schema;
  then?: Schema;
  else?: Schema;
  contentMediaType?: string;
  contentSchema?: Schema;
  additionalProperties?: Schema | boolean;
}

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: Schema;
  'x-presence-flag'?: boolean;
}

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema; example?: Record<string, unknown> }> };
  'x-pagination'?: string;
}

/** Read only through @webmon/openapi-core. */
const bundle: unknown = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/openapi.json'), 'utf8'),
);

const FORM = 'application/x-www-form-urlencoded';

/** A node with its `$ref`s followed, as @webmon/openapi-core reads the bundle for every consumer. */
const deref = <T>(node: T): T => resolveRef<T>(bundle, node);

/** An object schema's properties and required list, following $ref and allOf (anyOf branches are not "required"). */
function flatten(schema: Schema): { properties: Record<string, Schema>; required: string[] } {
  const merged: Schema = mergeAllOf(bundle, schema);
  return { properties: merged.properties ?? {}, required: merged.required ?? [] };
}

/** A rule of the form "when `field` is one of `values`, the fields of `then` are constrained so". */
interface Conditional {
  field: string;
  values: unknown[];
  /** The properties of the rule's `then`. */
  constrained: Record<string, Schema>;
}

/**
 * The if/then rules of a body schema (uptime website_url by test_type), found
 * through $ref, allOf and else (if/then/else chains): mergeAllOf keeps one
 * `if` per object, the walk keeps all.
 */
function conditionalsOf(schema: Schema, depth = 0): Conditional[] {
  const node = deref(schema);
  const out: Conditional[] = [];
  if (node.if && node.then) {
    const [entry] = Object.entries(deref(node.if).properties ?? {});
    if (entry) {
      const [field, condition] = entry;
      const values = condition.enum ?? (condition.const === undefined ? [] : [condition.const]);
      out.push({ field, values, constrained: flatten(node.then).properties });
    }
  }
  if (depth < 8) {
    for (const member of node.allOf ?? []) out.push(...conditionalsOf(member, depth + 1));
    if (node.else) out.push(...conditionalsOf(node.else, depth + 1));
  }
  return out;
}

interface Op {
  id: string;
  method: string;
  path: string;
  tag: string;
  pagination: string | undefined;
  query: Parameter[];
  pathParams: Parameter[];
  body: {
    properties: Record<string, Schema>;
    required: string[];
    example: Record<string, unknown>;
    conditionals: Conditional[];
  } | null;
}

const ops: Op[] = listOperations(bundle).map(({ method, path, operation: node, parameters: merged }) => {
  const operation = node as unknown as Operation;
  // Path-level and operation-level parameters, merged by OpenAPI's override rule.
  const parameters = merged.map(({ parameter }) => parameter as unknown as Parameter);
  const media = operation.requestBody?.content[FORM];
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    tag: operation.tags[0]!,
    pagination: operation['x-pagination'],
    query: parameters.filter((p) => p.in === 'query' && !p['x-presence-flag']),
    pathParams: parameters.filter((p) => p.in === 'path'),
    body: media
      ? {
          ...flatten(media.schema),
          example: (media.example ?? deref(media.schema).example ?? {}) as Record<string, unknown>,
          conditionals: conditionalsOf(media.schema),
        }
      : null,
  };
});

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

/** mulberry32: tiny, fast, and the same sequence for the same seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = prng(0x5eed_f022);
const int = (below: number) => Math.floor(random() * below);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

// ---------------------------------------------------------------------------
// Building requests
// ---------------------------------------------------------------------------

type Pair = [key: string, value: string];

/** Form-encodes pairs; brackets stay literal (the server decodes keys before reading `[]`). */
const encodePart = (text: string) => encodeURIComponent(text).replaceAll('%5B', '[').replaceAll('%5D', ']');
const encodePairs = (pairs: Pair[]) => pairs.map(([key, value]) => `${encodePart(key)}=${encodePart(value)}`).join('&');

/** A record's fields as the wire sends them: arrays as `k[]=v`, an empty one as `k[]=`. */
function toPairs(fields: Record<string, unknown>): Pair[] {
  return Object.entries(fields).flatMap(([key, value]): Pair[] => {
    if (Array.isArray(value))
      return value.length ? value.map((item) => [`${key}[]`, String(item)] as Pair) : [[`${key}[]`, '']];
    return [[key, String(value)]];
  });
}

interface Case {
  /** What is being tried, for failure messages. */
  label: string;
  method: string;
  /** Below the base URL, query included. */
  path: string;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Omitted: form-urlencoded when there is a body; null: no content-type header at all. */
  contentType?: string | null;
  /** Acceptable statuses. */
  expect: number[];
  /** Fields the `errors` map must name (each exactly, or as `field[...]`). */
  fields?: string[];
}

/** A field's bad values: each a replacement for the field's pairs, and the field that must be blamed. */
interface Mutation {
  label: string;
  pairs: Pair[];
  field: string;
}

/** A value the schema accepts, to pad arrays around a bad item or to send twice. */
function sampleOf(schema: Schema): string {
  if (schema.example !== undefined && !Array.isArray(schema.example)) return String(schema.example);
  if (schema.enum) return String(schema.enum[0]);
  if (schema.default !== undefined && !Array.isArray(schema.default)) return String(schema.default);
  if (schema.minimum !== undefined) return String(schema.minimum);
  if (schema.format === 'email') return 'a@example.com';
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.format === 'date-time') return '2026-12-01T01:00:00Z';
  return typeOf(schema) === 'integer' || typeOf(schema) === 'number' ? '1' : 'x';
}

/** The schema's (first) type; an untyped enum takes its values' type. */
function typeOf(schema: Schema): string {
  if (schema.type) return [schema.type].flat()[0]!;
  return typeof schema.enum?.[0] === 'number' ? 'integer' : 'string';
}

/** Strings a pattern refuses: the first few candidates the pattern does not match. */
function notMatching(pattern: string): string[] {
  const regex = new RegExp(pattern, 'u');
  const candidates = [
    ',',
    'a,,b',
    ' ',
    '!!',
    'gb',
    '12',
    '+0',
    '../etc/passwd',
    'http://example.com',
    'Europe//London',
    '1,2',
    '999,abc',
    'x y',
  ];
  return candidates.filter((candidate) => !regex.test(candidate)).slice(0, 3);
}

/** Bad scalar values for a schema, as strings on the wire, each with what it breaks. */
function badScalars(schema: Schema, inArray: boolean): [label: string, value: string][] {
  const out: [string, string][] = [];
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) out.push(['min-1', String(schema.minimum - 1)], ['-1e300', '-1e300']);
    if (schema.maximum !== undefined) out.push(['max+1', String(schema.maximum + 1)], ['1e300', '1e300']);
    if (type === 'integer') out.push(['fraction', '-0.5'], ['fraction', '2.5']);
    if (schema.enum) {
      const allowed = new Set(schema.enum.map(Number));
      const outside = [Math.max(...allowed) + 1, 1, 7, -1].find((n) => !allowed.has(n))!;
      out.push(['unknown enum value', String(outside)]);
    }
    out.push(
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
      ['text', 'abc'],
      ['digits then text', '12abc'],
      ['boolean', 'true'],
    );
    if (!inArray) out.push(['empty', '']);
  } else if (type === 'boolean') {
    out.push(
      ['not a boolean', 'maybe'],
      ['not a boolean', 'yes'],
      ['number 2', '2'],
      ['upper case', 'TRUE'],
      ['empty', ''],
    );
  } else {
    if (schema.enum) {
      const first = String(schema.enum[0]);
      out.push(['unknown enum value', 'bogus-value']);
      const flipped = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
      if (!schema.enum.includes(flipped)) out.push(['enum in the wrong case', flipped]);
      out.push(['enum with a trailing space', `${first} `]);
    }
    if (schema.maxLength !== undefined) out.push(['maxLength+1', 'x'.repeat(schema.maxLength + 1)]);
    if (schema.minLength !== undefined && schema.minLength >= 1 && !inArray) out.push(['empty (below minLength)', '']);
    if (schema.pattern)
      for (const bad of notMatching(schema.pattern)) out.push([`not matching ${schema.pattern}`, bad]);
    if (schema.format === 'email') out.push(['not an email', 'not-an-email'], ['not an email', 'a@']);
    if (schema.format === 'uri') {
      out.push(['not a URI', 'not a uri'], ['not a URI', '://']);
      // RFC 3986 URIs that `new URL()` refuses (port out of range, IPv4 out of range, no host).
      out.push(
        ['URI no URL parser reads', 'https://a:99999'],
        ['URI no URL parser reads', 'https://256.256.256.256/'],
        ['URI no URL parser reads', 'https://'],
      );
    }
    if (schema.contentMediaType === 'application/json' && schema.contentSchema) {
      // JSON text: broken JSON, and JSON that its contentSchema refuses.
      const content = deref(schema.contentSchema);
      out.push(['not JSON', '{"a":'], ['not JSON', 'X-Env: prod']);
      if (typeOf(content) === 'object')
        out.push(['JSON, not an object', '[]'], ['JSON, not an object', '"x"'], ['JSON, not an object', 'null']);
      const members = content.additionalProperties;
      if (typeof members === 'object' && typeOf(deref(members)) === 'string')
        out.push(['JSON object with a member that is not a string', '{"a":1}']);
    }
    if (schema.format === 'date-time')
      out.push(
        ['not a date-time', '2026-13-45T25:61:00Z'],
        ['not a date-time', 'tomorrow'],
        ['date only', '2026-12-01'],
      );
  }
  return out;
}

/** Every way the bundle says a field can be wrong, plus the wrong shapes (array for scalar, `a[b]`). */
function mutationsOf(name: string, schema: Schema, where: 'query' | 'body'): Mutation[] {
  const out: Mutation[] = [];
  const add = (label: string, pairs: Pair[]) => out.push({ label: `${name}: ${label}`, pairs, field: name });
  if (typeOf(schema) === 'array') {
    const items = deref(schema.items ?? {});
    const good = sampleOf(items);
    const list = (count: number): Pair[] =>
      count ? Array.from({ length: count }, () => [`${name}[]`, good] as Pair) : [[`${name}[]`, '']];
    if (schema.minItems !== undefined) add(`minItems-1 (${schema.minItems - 1} items)`, list(schema.minItems - 1));
    if (schema.maxItems !== undefined) add(`maxItems+1 (${schema.maxItems + 1} items)`, list(schema.maxItems + 1));
    add("501 items (over the mock's cap)", list(501));
    for (const [label, bad] of badScalars(items, true)) {
      const padding = list(Math.max(0, (schema.minItems ?? 1) - 1)).filter(([, v]) => v !== '');
      add(`bad item, ${label}`, [...padding, [`${name}[]`, bad]]);
    }
  } else {
    for (const [label, bad] of badScalars(schema, false)) add(label, [[name, bad]]);
    const good = sampleOf(schema);
    add('array for a scalar (brackets)', [
      [`${name}[]`, good],
      [`${name}[]`, good],
    ]);
    add('array for a scalar (repeated key)', [
      [name, good],
      [name, good],
    ]);
  }
  if (where === 'body') {
    // Query strings ignore keys they do not know, so `limit[b]` is only wrong in a body.
    out.push({ label: `${name}: object-ish key`, pairs: [[`${name}[b]`, 'x']], field: `${name}[b]` });
    out.push({ label: `${name}: indexed key`, pairs: [[`${name}[0]`, 'x']], field: `${name}[0]` });
  }
  return out;
}

/** Seeded record ids by tag, read from the list operations before the fuzzing starts. */
const ids: Record<string, string> = {};

const fill = (op: Op, id?: string) => op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(id ?? ids[op.tag]!));

/**
 * A create body the spec's own example describes, minus the fields that refer
 * to other records (their existence is checked after validation, not by it).
 */
function baseBody(op: Op): Record<string, unknown> {
  if (op.method !== 'POST') return {};
  const { contact_groups: _groups, tests: _tests, ...rest } = op.body!.example;
  return rest;
}

function fieldCases(op: Op): Case[] {
  const cases: Case[] = [];
  const path = fill(op);
  for (const parameter of op.query) {
    for (const mutation of mutationsOf(parameter.name, deref(parameter.schema), 'query')) {
      cases.push({
        label: `${op.id} ?${mutation.label}`,
        method: op.method,
        path: `${path}?${encodePairs(mutation.pairs)}`,
        expect: [400],
        fields: [mutation.field],
      });
    }
  }
  if (op.body) {
    const base = baseBody(op);
    for (const [name, schema] of Object.entries(op.body.properties)) {
      for (const mutation of mutationsOf(name, schema, 'body')) {
        const { [name]: _replaced, ...others } = base;
        cases.push({
          label: `${op.id} body ${mutation.label}`,
          method: op.method,
          path,
          body: encodePairs([...toPairs(others), ...mutation.pairs]),
          expect: [400],
          fields: [mutation.field],
        });
      }
    }
    for (const name of op.body.required) {
      const { [name]: _missing, ...others } = base;
      cases.push({
        label: `${op.id} body missing required ${name}`,
        method: op.method,
        path,
        body: encodePairs(toPairs(others)),
        expect: [400],
        fields: [name],
      });
    }
    cases.push(combined(op, smallBadValues(op), 'every body field with a bad value at once'));
    cases.push(...conditionalCases(op, path, base));
  }
  return cases;
}

/**
 * The if/then rules, each broken under each value of its condition: the
 * condition's field is set (test_type=PING) and one constrained field given a
 * value its `then` refuses. The field it sets is sent as is, so the mutated
 * field is the only fault.
 */
function conditionalCases(op: Op, path: string, base: Record<string, unknown>): Case[] {
  const cases: Case[] = [];
  for (const { field, values, constrained } of op.body!.conditionals) {
    for (const value of values) {
      for (const [name, schema] of Object.entries(constrained)) {
        for (const mutation of mutationsOf(name, schema, 'body')) {
          const { [name]: _replaced, [field]: _condition, ...others } = base;
          cases.push({
            label: `${op.id} body when ${field}=${String(value)}, ${mutation.label}`,
            method: op.method,
            path,
            body: encodePairs([...toPairs(others), [field, String(value)], ...mutation.pairs]),
            expect: [400],
            fields: [mutation.field],
          });
        }
      }
    }
  }
  return cases;
}

/** For each body field, one small bad value (a 501-item list would be refused before validation). */
function smallBadValues(op: Op): Mutation[] {
  return Object.entries(op.body!.properties)
    .map(([name, schema]) => mutationsOf(name, schema, 'body').find((m) => m.field === name && m.pairs.length <= 3))
    .filter((m): m is Mutation => m !== undefined);
}

/** One request carrying all the mutations at once: every failing field must be reported, not just the first. */
function combined(op: Op, mutations: Mutation[], label: string): Case {
  const replaced = new Set(mutations.map((m) => m.field));
  const others = op.body
    ? Object.fromEntries(Object.entries(baseBody(op)).filter(([name]) => !replaced.has(name)))
    : {};
  const pairs = [...toPairs(others), ...mutations.flatMap((m) => m.pairs)];
  const path = fill(op);
  return {
    label: `${op.id}: ${label}`,
    method: op.method,
    path: op.body ? path : `${path}?${encodePairs(pairs)}`,
    body: op.body ? encodePairs(pairs) : undefined,
    expect: [400],
    fields: mutations.map((m) => m.field),
  };
}

/** Seeded random mixes of 2 to 4 bad fields (query or body), `count` per operation. */
function randomMixes(op: Op, count: number): Case[] {
  const perField = op.body
    ? Object.entries(op.body.properties).map(([name, schema]) =>
        mutationsOf(name, schema, 'body').filter((m) => m.field === name && m.pairs.length <= 3),
      )
    : op.query.map((p) => mutationsOf(p.name, deref(p.schema), 'query'));
  const candidates = perField.filter((list) => list.length);
  if (candidates.length < 2) return [];
  return Array.from({ length: count }, (_, i) => {
    const chosen = shuffle([...candidates]).slice(0, 2 + int(Math.min(3, candidates.length - 1)));
    const mutations = chosen.map((list) => pick(list));
    return combined(op, mutations, `random mix #${i}: ${mutations.map((m) => m.label).join(' + ')}`);
  });
}

const ODD_CODE_POINTS = [
  '\u202e',
  '\u200b',
  '\ufeff',
  '\u0000',
  '\u0301',
  '\u{1f600}',
  '\u{10ffff}',
  '\uffff',
  '\u00e9',
  '\u4e2d',
  '\r',
  '\n',
  '"',
  '\\',
];

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, () => int(256));
}

/** A string of odd code points that still form valid UTF-16 (so it can be percent-encoded). */
const oddText = (length: number) => `${Array.from({ length }, () => pick(ODD_CODE_POINTS)).join('')}k`;

/** Bodies no form parser should accept, sent to every operation that takes a body. */
function garbageBodyCases(op: Op): Case[] {
  const path = fill(op);
  const base = encodePairs(toPairs(baseBody(op)));
  const bad = (
    label: string,
    body: string | Uint8Array<ArrayBuffer>,
    expect = [400],
    extra: Partial<Case> = {},
  ): Case => ({
    label: `${op.id} garbage: ${label}`,
    method: op.method,
    path,
    body,
    expect,
    ...extra,
  });
  const cases: Case[] = [];
  for (let i = 0; i < 24; i++) {
    // A leading unknown key (U+FFFD once decoded) makes sure no random body is accidentally valid.
    const bytes = randomBytes(1 + int(600));
    cases.push(bad(`random bytes #${i}`, Uint8Array.from([0xff, 0x3d, 0x31, 0x26, ...bytes])));
  }
  for (const badEscape of ['%ZZ', '%', '%G1', '%E0%A4', '%ED%A0%80', '%C0%AF', '%FF', '%uD800', '%%', '%2']) {
    // The `~` after it keeps a following hex digit from completing the escape by chance (`%2` + `0`).
    const at = int(base.length + 1);
    cases.push(
      bad(
        `invalid percent-encoding ${badEscape} in a value`,
        `${base.slice(0, at)}${badEscape}~${base.slice(at)}`.replace(/^&/, ''),
      ),
    );
    cases.push(bad(`invalid percent-encoding ${badEscape} in a key`, `${badEscape}=1&${base}`));
  }
  for (let i = 0; i < 8; i++) {
    const key = oddText(1 + int(20));
    cases.push(bad(`odd unicode key #${i}`, `${encodeURIComponent(key)}=x&${base}`, [400], { fields: [key] }));
  }
  cases.push(bad('lone high surrogate, raw', `\ud800=x&${base}`));
  cases.push(bad('lone low surrogate, raw', `name=\udc00&\udfff=1`));
  for (const depth of [3, 50, 2000]) {
    cases.push(bad(`deeply bracketed key a[][]… (${depth} levels)`, `a${'[]'.repeat(depth)}=1&${base}`));
    const field = Object.keys(op.body!.properties)[0]!;
    cases.push(
      bad(`deeply bracketed real field ${field} (${depth} levels)`, `${field}${'[]'.repeat(depth)}=1&${base}`),
    );
  }
  cases.push(bad('nested brackets a[b][c][d]', `a[b][c][d]=1&${base}`, [400], { fields: ['a[b][c][d]'] }));
  cases.push(bad('10k keys', Array.from({ length: 10_000 }, (_, i) => `k${i}=${i}`).join('&')));
  cases.push(bad('1001 keys', Array.from({ length: 1001 }, (_, i) => `k${i}=${i}`).join('&')));
  cases.push(
    bad('1000 unknown keys', Array.from({ length: 1000 }, (_, i) => `k${i}=${i}`).join('&'), [400], {
      fields: ['k0', 'k999'],
    }),
  );
  cases.push(bad('empty key =x', `=x&${base}`, [400], { fields: [''] }));
  cases.push(bad('empty key and value =', `=&${base}`, [400], { fields: [''] }));
  for (const key of [
    '__proto__',
    '__proto__[]',
    '__proto__[polluted]',
    'constructor',
    'constructor[prototype][polluted]',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
  ]) {
    const field = key.endsWith('[]') ? key.slice(0, -2) : key;
    cases.push(bad(`prototype key ${key}`, `${key}=1&${base}`, [400], { fields: [field] }));
  }
  cases.push(bad('over 1 MiB', `name=${'x'.repeat(1024 * 1024 + 10)}`, [413]));
  cases.push(bad('JSON body, form content-type', JSON.stringify(baseBody(op))));
  cases.push(
    bad('JSON body, JSON content-type', JSON.stringify(baseBody(op)), [415], { contentType: 'application/json' }),
  );
  cases.push(bad('form body, text/plain', base || 'name=x', [415], { contentType: 'text/plain' }));
  cases.push(
    bad('form body, multipart', base || 'name=x', [415], { contentType: 'multipart/form-data; boundary=xyz' }),
  );
  cases.push(
    bad('form body, no content-type', new TextEncoder().encode(base || 'name=x'), [415], { contentType: null }),
  );
  cases.push(bad('form body, XML content-type', '<name>x</name>', [415], { contentType: 'application/xml' }));
  cases.push(bad('random bytes, octet-stream', randomBytes(64), [415], { contentType: 'application/octet-stream' }));
  return cases;
}

const ODD_IDS = [
  '%00',
  '%2F',
  '%20',
  '%09',
  '%0A',
  '..%2F..',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1.5',
  '1e6',
  '01000001',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%C3%BC',
  "'%20OR%201=1--",
  '%3Cscript%3E',
  'x'.repeat(3000),
  '%2525',
];
const BAD_ESCAPE_IDS = ['%ZZ', '%', '%ED%A0%80', '%E0%A4', '%FF'];

/** Path ids no record has (404), longer than the spec allows (400), and not even valid escapes (400). */
function pathIdCases(op: Op): Case[] {
  if (!op.pathParams.length) return [];
  const body = op.body ? '' : undefined;
  const param = op.pathParams[0]!;
  const maxLength = deref(param.schema).maxLength ?? Number.POSITIVE_INFINITY;
  const cases: Case[] = ODD_IDS.map((id) => {
    const tooLong = [...decodeURIComponent(id)].length > maxLength;
    return {
      label: `${op.id} odd id ${id.slice(0, 30)}`,
      method: op.method,
      path: op.path.replace(/\{[^}]+\}/g, id),
      body,
      expect: tooLong ? [400] : [404],
      fields: tooLong ? [param.name] : undefined,
    };
  });
  for (const id of BAD_ESCAPE_IDS) {
    cases.push({
      label: `${op.id} id with bad escape ${id}`,
      method: op.method,
      path: op.path.replace(/\{[^}]+\}/g, id),
      body,
      expect: [400],
    });
  }
  return cases;
}

/** Query strings no parser should accept, on every GET. */
function garbageQueryCases(op: Op): Case[] {
  if (op.method !== 'GET') return [];
  const path = fill(op);
  const bad = (label: string, query: string, expect = [400], fields?: string[]): Case => ({
    label: `${op.id} query garbage: ${label}`,
    method: 'GET',
    path: `${path}?${query}`,
    expect,
    fields,
  });
  const cases = [
    bad('%ZZ', '%ZZ'),
    bad('bad escape in a value', 'x=%E0%A4'),
    bad('lone surrogate escape', 'x=%ED%A0%80'),
    bad('1001 pairs', Array.from({ length: 1001 }, (_, i) => `q${i}=1`).join('&')),
  ];
  const numeric = op.query.find((p) => typeOf(deref(p.schema)) === 'integer');
  if (numeric) {
    cases.push(bad(`${numeric.name} = 10k digits`, `${numeric.name}=${'9'.repeat(10_000)}`, [400], [numeric.name]));
  }
  // Beyond node's 16 KiB header limit: refused before routing; still an APIError, and 414 or 431 would say why.
  cases.push(bad('20 KiB query string', `tags=${'a'.repeat(20 * 1024)}`, [400, 414, 431]));
  return cases;
}

/**
 * The methods sent where a path lacks them: every one the core knows but
 * OPTIONS (a CORS preflight, answered 204 on any path) and HEAD (its answer
 * has no body whose error shape could be checked).
 */
const PROBED_METHODS = HTTP_METHODS.filter((method) => method !== 'options' && method !== 'head');
/** Methods without a request body here (TRACE must not carry one). */
const BODILESS = new Set<string>(['get', 'delete', 'trace']);

/** Methods a path does not have: 405 on every path of the bundle. */
function wrongMethodCases(): Case[] {
  const templates = [...new Set(ops.map((op) => op.path))];
  return templates.flatMap((template) => {
    const onPath = ops.filter((o) => o.path === template);
    const path = fill(onPath[0]!);
    return PROBED_METHODS.filter((method) => !onPath.some((o) => o.method === method.toUpperCase())).map(
      (method): Case => ({
        label: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        path,
        body: BODILESS.has(method) ? undefined : 'name=x',
        expect: [405],
      }),
    );
  });
}

// ---------------------------------------------------------------------------
// Sending and judging
// ---------------------------------------------------------------------------

interface Outcome {
  status: number;
  contentType: string;
  text: string;
  error?: string;
}

// A guard against a request the mock never answers (reported as "no answer"),
// not a speed check: sized for 16 requests at once on a busy 2-core machine.
const REQUEST_TIMEOUT_MS = 60_000;
const CONCURRENCY = 16;

// The requests go out through node:http, not fetch: the same bytes on the
// wire (the request target as fetch serializes it, a content-length, the same
// headers the mock reads), at about half the CPU per request. undici's fetch
// (Request objects, web streams, a clone per request) cost more than the
// mock's own pipeline over these ~5,000 requests.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
afterAll(() => agent.destroy());

function send(c: Case): Promise<Outcome> {
  // WHATWG URL serialization: the path and query exactly as fetch would send them.
  const url = new URL(`${mock.url}${c.path}`);
  const headers: Record<string, string> = { authorization: `Bearer fuzz-token` };
  const body = c.body === undefined ? undefined : Buffer.from(c.body);
  if (body) {
    headers['content-length'] = String(body.byteLength);
    if (c.contentType !== null) headers['content-type'] = c.contentType ?? FORM;
  }
  return new Promise((resolve) => {
    const noAnswer = (error: Error & { code?: string }) =>
      resolve({
        status: 0,
        contentType: '',
        text: '',
        error: `${error.name}${error.code ? ` ${error.code}` : ''}: ${error.message}`,
      });
    const outgoing = request(
      url,
      { method: c.method, headers, agent, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', noAnswer);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: incoming.headers['content-type'] ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', noAnswer);
    outgoing.end(body);
  });
}

/** What is wrong with an answer to a bad request; empty when it is right. */
function problemsOf(c: Case, outcome: Outcome): string[] {
  if (outcome.error) return [`no answer (${outcome.error})`];
  const problems: string[] = [];
  if (outcome.status >= 500) problems.push(`server error ${outcome.status}`);
  else if (!c.expect.includes(outcome.status))
    problems.push(`status ${outcome.status}, expected ${c.expect.join(' or ')}`);
  if (!/^application\/json\b/.test(outcome.contentType))
    problems.push(`content-type "${outcome.contentType}", expected application/json`);
  let body: unknown;
  try {
    body = JSON.parse(outcome.text);
  } catch {
    return [...problems, `body is not JSON: ${JSON.stringify(outcome.text.slice(0, 80))}`];
  }
  const error = body as { message?: unknown; errors?: unknown };
  const errors = error.errors as Record<string, unknown> | undefined;
  const shaped =
    typeof error.message === 'string' &&
    typeof errors === 'object' &&
    errors !== null &&
    !Array.isArray(errors) &&
    Object.values(errors).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
  if (!shaped) problems.push(`body is not {message, errors: {field: string[]}}: ${outcome.text.slice(0, 120)}`);
  else {
    const keys = Object.keys(errors!);
    const unnamed = (c.fields ?? []).filter(
      (field) => !keys.some((key) => key === field || key.startsWith(`${field}[`)),
    );
    if (unnamed.length)
      problems.push(
        `errors does not name ${unnamed.map((f) => JSON.stringify(f)).join(', ')}: ${outcome.text.slice(0, 200)}`,
      );
  }
  return problems;
}

/** Sends every case, CONCURRENCY at a time, and returns one line per broken contract. */
async function fuzz(cases: Case[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const problems = problemsOf(c, await send(c));
      if (problems.length)
        failures.push(`${c.method} ${c.path.slice(0, 80)} [${c.label.slice(0, 120)}]: ${problems.join('; ')}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  sent += cases.length;
  return failures;
}

let sent = 0;

/** One failure per line, the first 40, so a report stays readable. */
const report = (failures: string[], total: number) =>
  `${failures.length} of ${total} requests broke the contract:\n${failures.slice(0, 40).join('\n')}`;

// ---------------------------------------------------------------------------
// State the fuzzing must leave untouched
// ---------------------------------------------------------------------------

const listOps = ops.filter((op) => op.method === 'GET' && !op.pathParams.length);
const getOps = ops.filter((op) => op.method === 'GET' && op.pathParams.length && !op.pagination);

async function snapshot(): Promise<Record<string, string>> {
  const paths = [...listOps.map((op) => `${op.path}?limit=100`), ...getOps.map((op) => fill(op))];
  const entries = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(`${mock.url}${path}`, { headers: { authorization: 'Bearer fuzz-token' } });
      return [path, `${response.status} ${await response.text()}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}

let before: Record<string, string> = {};
const startedAt = performance.now();

beforeAll(async () => {
  for (const op of listOps.filter((o) => o.pagination === 'page')) {
    const response = await fetch(`${mock.url}${op.path}`, { headers: { authorization: 'Bearer fuzz-token' } });
    const { data } = (await response.json()) as { data: { id: string }[] };
    ids[op.tag] = data[0]!.id;
  }
  before = await snapshot();
});

// Cases are built inside the tests (ids are known only once the server runs),
// but always in the same order from the same seed. Each of these tests sends
// hundreds to thousands of requests: about 5 s when quiet, several times that
// on a busy 2-core machine.
const TIMEOUT = 180_000;

describe('fuzzing the mock with bad requests derived from the bundle', () => {
  it('finds the conditional rules and JSON text fields of the bundle (the generator is not blind to them)', () => {
    const create = ops.find((op) => op.id === 'create-uptime-test')!;
    // website_url's rule is by the value's form (a scheme or none), not by an enum of another
    // field: no value to set, so no cases here; validation.test.ts sends both forms to every test_type.
    expect(create.body!.conditionals.map((c) => [c.field, c.values.length, Object.keys(c.constrained)])).toEqual([
      ['website_url', 0, ['website_url']],
    ]);
    const json = badScalars(create.body!.properties.custom_header!, false).filter(([label]) => label.includes('JSON'));
    expect(json.length).toBeGreaterThanOrEqual(5);
  });

  it('the example bodies the mutations start from are valid (so each mutation is the only fault)', async () => {
    // On a separate token, so the records they create do not change the fuzzed account.
    for (const op of ops.filter((o) => o.method === 'POST' && o.body)) {
      const response = await fetch(`${mock.url}${op.path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer fuzz-baseline', 'content-type': FORM },
        body: encodePairs(toPairs(baseBody(op))),
      });
      expect(response.status, `${op.id}: ${await response.text()}`).toBe(201);
    }
  });

  it('names the field for every out-of-range, wrong-type, unknown-enum, overlong and missing-required value', {
    timeout: TIMEOUT,
  }, async () => {
    const cases = shuffle(ops.flatMap(fieldCases));
    // A guard on the generator: the bundle states hundreds of constraints.
    expect(cases.length).toBeGreaterThan(1000);
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
  });

  it('names every field of seeded random mixes of 2 to 4 bad fields', { timeout: TIMEOUT }, async () => {
    const cases = ops.flatMap((op) => randomMixes(op, 60));
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
  });

  it('reports unknown fields together with the invalid values sent beside them', { timeout: TIMEOUT }, async () => {
    // API-FACTS.md: "one entry per failing field"; a key the operation does not know is a failing field too.
    const unknown: Mutation = { label: 'unknown key', pairs: [['no_such_field', '1']], field: 'no_such_field' };
    const cases = ops
      .filter((op) => op.body)
      .map((op) => combined(op, [...smallBadValues(op), unknown], 'every body field bad plus an unknown key'));
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
  });

  it('refuses garbage bodies (bytes, bad escapes, odd unicode, deep brackets, 10k keys, prototype keys, 1 MiB, wrong content types)', {
    timeout: TIMEOUT,
  }, async () => {
    const cases = shuffle(ops.filter((op) => op.body).flatMap(garbageBodyCases));
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses garbage query strings, including one beyond the header limit', { timeout: TIMEOUT }, async () => {
    const cases = shuffle(ops.flatMap(garbageQueryCases));
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
  });

  it('answers 404 for odd path ids and 400 for ids that are not valid escapes', { timeout: TIMEOUT }, async () => {
    const cases = shuffle(ops.flatMap(pathIdCases));
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
  });

  it('answers 405 for methods a path does not have', { timeout: TIMEOUT }, async () => {
    const cases = wrongMethodCases();
    const failures = await fuzz(cases);
    expect(failures, report(failures, cases.length)).toEqual([]);
  });

  it('changed no state: every list and record reads exactly as before the bad requests', async () => {
    expect(sent).toBeGreaterThan(3000);
    expect(await snapshot()).toEqual(before);
  });

  it('still answers valid requests correctly afterwards (no crash)', async () => {
    const untouched = await snapshot();

    const created = await mock.json<{ data: { new_id: string } }>('POST', '/uptime', {
      token: 'fuzz-token',
      body: 'name=After+fuzzing&test_type=HTTP&website_url=https%3A%2F%2Fexample.com&check_rate=300&tags[]=fuzz',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.new_id;
    const read = await mock.json<{ data: { name: string; tags: string[] } }>('GET', `/uptime/${id}`, {
      token: 'fuzz-token',
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ name: 'After fuzzing', tags: ['fuzz'] });
    expect((await mock.call('DELETE', `/uptime/${id}`, { token: 'fuzz-token' })).status).toBe(204);
    expect(await snapshot()).toEqual(untouched);
    console.info(`fuzz: ${sent} bad requests in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  });
});
