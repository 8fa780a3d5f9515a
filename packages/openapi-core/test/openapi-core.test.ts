import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  clientMethodNames,
  getAtPointer,
  HTTP_METHODS,
  listOperations,
  mergeAllOf,
  parsePointer,
  propertiesOf,
  resolveRef,
  toPointer,
} from '../src/index.js';

const doc = JSON.parse(readFileSync(new URL('fixtures/petstore.json', import.meta.url), 'utf8'));
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('pointers', () => {
  it('escape ~ and / and read them back', () => {
    expect(toPointer('paths', '/a~b/c', 'get')).toBe('#/paths/~1a~0b~1c/get');
    expect(parsePointer('#/paths/~1a~0b~1c/get')).toEqual(['paths', '/a~b/c', 'get']);
    expect(parsePointer('#/x/~01')).toEqual(['x', '~1']);
  });
  it('refuse a remote reference and name a missing target', () => {
    expect(() => parsePointer('other.yaml#/x')).toThrow(/only local references/);
    expect(() => getAtPointer(doc, '#/components/schemas/Nope')).toThrow(
      'unresolved reference #/components/schemas/Nope',
    );
  });
});

describe('resolveRef', () => {
  it('follows a chain and keeps the keywords beside each $ref, nearest first', () => {
    expect(resolveRef(doc, schema('Chain2'))).toEqual({
      type: 'string',
      enum: ['eu', 'us'],
      description: 'nearer',
      writeOnly: true,
    });
  });
  it('names a reference loop instead of hanging', () => {
    expect(() => resolveRef(doc, schema('LoopA'))).toThrow(
      'reference loop: #/components/schemas/LoopA -> #/components/schemas/LoopB -> #/components/schemas/LoopA',
    );
  });
  it('returns anything that is not a reference as it is', () => {
    expect(resolveRef(doc, { type: 'integer' })).toEqual({ type: 'integer' });
    expect(resolveRef(doc, 3)).toBe(3);
  });
});

describe('mergeAllOf', () => {
  it('unites properties (keywords of every member) and required; the own keywords win', () => {
    const pet = mergeAllOf(doc, schema('Pet'));
    expect(pet.description).toBe('own wins');
    expect(pet.type).toBe('object');
    expect(pet.required).toEqual(['name', 'region']);
    expect(propertiesOf(doc, schema('Pet'))).toEqual({
      name: { type: 'string' },
      timeout: { type: 'integer', minimum: 5, maximum: 75 },
      region: { type: 'string', enum: ['eu', 'us'], writeOnly: true },
    });
  });
  it('stops at a recursive member, even one with siblings', () => {
    expect(propertiesOf(doc, schema('Tree'))).toEqual({ leaf: { type: 'string' } });
  });
});

describe('listOperations', () => {
  const operations = listOperations(doc);

  it('finds operations under every HTTP method, through path items that are references', () => {
    expect(operations.map((op) => [op.method, op.path, op.operationId, op.pointer])).toEqual([
      ['get', '/pets/{pet_id}', 'get-pet', '#/paths/~1pets~1{pet_id}/get'],
      ['patch', '/pets/{pet_id}', 'update-pet', '#/paths/~1pets~1{pet_id}/patch'],
      ['trace', '/a~b/c', 'trace-thing', '#/components/pathItems/tilde~1slash/trace'],
    ]);
    expect(HTTP_METHODS).toEqual(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
  });

  it("merges path-level parameters into each operation; the operation's own override by name and location", () => {
    const [get, patch] = operations;
    expect(get!.parameters.map((p) => [p.in, p.name, p.required, p.schema.type])).toEqual([
      ['path', 'pet_id', true, 'string'],
      ['query', 'verbose', false, 'boolean'],
    ]);
    expect(get!.parameters[0]!.pointer).toBe('#/components/parameters/pet_id');
    expect(get!.parameters[0]!.schema.maxLength).toBe(8);
    expect(patch!.parameters.map((p) => [p.in, p.name, p.required, p.schema.type])).toEqual([
      ['path', 'pet_id', true, 'string'],
      ['query', 'verbose', true, 'string'],
    ]);
    expect(patch!.parameters[1]!.pointer).toBe('#/paths/~1pets~1{pet_id}/patch/parameters/0');
  });

  it('refuses an operation without an operationId', () => {
    const broken = { paths: { '/x': { put: { responses: {} } } } };
    expect(() => listOperations(broken)).toThrow('PUT /x has no operationId');
  });
});

describe('clientMethodNames', () => {
  const op = (operationId: string, tag: string) => ({ operationId, tags: [tag], responses: {} });
  const names = (paths: Record<string, Record<string, unknown>>) =>
    Object.fromEntries(
      [...clientMethodNames({ openapi: '3.1.0', paths })].map(([id, { group, method }]) => [id, `${group}.${method}`]),
    );

  it("names by the path's last segment without the tag, else the verb", () => {
    expect(
      names({
        '/uptime': { get: op('list-uptime-tests', 'uptime'), post: op('create-uptime-test', 'uptime') },
        '/uptime/{test_id}/history': { get: op('list-uptime-test-history', 'uptime') },
        '/uptime-locations': { get: op('list-uptime-monitoring-locations', 'locations') },
        '/contact-groups/{group_id}': { put: op('update-contact-group', 'contact-groups') },
      }),
    ).toEqual({
      'list-uptime-tests': 'uptime.list',
      'create-uptime-test': 'uptime.create',
      'list-uptime-test-history': 'uptime.history',
      'list-uptime-monitoring-locations': 'locations.uptime',
      'update-contact-group': 'contactGroups.update',
    });
  });

  it('a shared name falls back to verb + segment, then to the operationId without the tag', () => {
    expect(
      names({
        '/notes/{id}/notes': { get: op('list-notes', 'misc'), post: op('create-notes', 'misc') },
        '/contact-groups/{group_id}': {
          put: op('update-contact-group', 'contact-groups'),
          patch: op('update-contact-group-fields', 'contact-groups'),
        },
      }),
    ).toEqual({
      'list-notes': 'misc.listNotes',
      'create-notes': 'misc.createNotes',
      'update-contact-group': 'contactGroups.update',
      'update-contact-group-fields': 'contactGroups.updateFields',
    });
  });

  it('names both operations when two still share a name', () => {
    expect(() =>
      names({
        '/things': { get: op('get-things', 'things') },
        '/things/{id}': { get: op('get-thing', 'things') },
      }),
    ).toThrow('two operations of things are both named get: get-things and get-thing');
  });
});
