import { describe, expect, it } from 'vitest';
import { listOperations, wireShapeOf } from '../src/index.js';

const FORM = 'application/x-www-form-urlencoded';
const document = {
  paths: {
    '/things': {
      get: {
        operationId: 'list-things',
        parameters: [
          { name: 'tags', in: 'query', schema: { type: 'string', pattern: '^[^,]+(,[^,]+)*$' } },
          { name: 'matchany', in: 'query', 'x-presence-flag': true, schema: { type: 'boolean' } },
          { name: 'page', in: 'query', schema: { type: 'integer' } },
        ],
      },
      post: {
        operationId: 'create-thing',
        requestBody: { $ref: '#/components/requestBodies/Thing' },
      },
    },
  },
  components: {
    requestBodies: {
      Thing: {
        content: {
          [FORM]: {
            schema: {
              allOf: [{ properties: { name: { type: 'string' }, codes_csv: { type: 'string' } } }],
              anyOf: [{ properties: { ids: { type: 'array', items: { type: 'string' } } } }],
            },
          },
        },
      },
    },
  },
};

describe('wireShapeOf', () => {
  const shape = (id: string) => wireShapeOf(document, listOperations(document).find((e) => e.operationId === id)!);

  it('reads a query: presence flags, and comma lists by their pattern', () => {
    expect(shape('list-things')).toEqual({ input: 'query', flags: ['matchany'], lists: ['tags'] });
  });

  it('reads a form body through $ref, allOf and anyOf branches: arrays and _csv fields', () => {
    expect(shape('create-thing')).toEqual({ input: 'body', arrays: ['ids'], csv: ['codes_csv'] });
  });
});
