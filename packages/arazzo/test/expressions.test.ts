import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  type Context,
  evaluate,
  holds,
  outputsOf,
  parseCriterion,
  parseExpression,
  resolve,
  wholeExpression,
} from '../src/index.js';

const context: Context = {
  inputs: { email: 'ops@example.com', period: 30 },
  steps: { 'create-group': { id: '42' } },
  response: {
    status: 201,
    headers: { 'x-ratelimit-remaining': '9' },
    body: { data: { new_id: '7', tags: ['a/b', 'c'], flags: { is_expired: false }, 'a~b': 1 } },
  },
};

describe('runtime expressions', () => {
  it('reads inputs, outputs, the status, body pointers and headers', () => {
    expect(evaluate('$inputs.email', context)).toBe('ops@example.com');
    expect(evaluate('$steps.create-group.outputs.id', context)).toBe('42');
    expect(evaluate('$statusCode', context)).toBe(201);
    expect(evaluate('$response.body#/data/new_id', context)).toBe('7');
    expect(evaluate('$response.body#/data/tags/1', context)).toBe('c');
    expect(evaluate('$response.body#/data/a~0b', context)).toBe(1);
    expect(evaluate('$response.body#/data/flags/is_expired', context)).toBe(false);
    expect(evaluate('$response.header.X-RateLimit-Remaining', context)).toBe('9');
  });

  it('gives undefined for what is not there, never an error', () => {
    expect(evaluate('$steps.later.outputs.id', context)).toBeUndefined();
    expect(evaluate('$response.body#/data/tags/9', context)).toBeUndefined();
    expect(evaluate('$response.body#/data/tags/x', context)).toBeUndefined();
    expect(evaluate('$statusCode', { inputs: {}, steps: {} })).toBeUndefined();
  });

  it('names a form it does not read', () => {
    expect(() => parseExpression('$request.body#/x')).toThrow('unsupported runtime expression: $request.body#/x');
    expect(parseExpression('$response.body')).toEqual({ kind: 'body', pointer: [] });
  });

  it('fills values as a step sends them: whole expressions keep their type, embedded ones become text', () => {
    expect(resolve({ period: '$inputs.period', 'ids[]': '$steps.create-group.outputs.id' }, context)).toEqual({
      period: 30,
      'ids[]': '42',
    });
    expect(resolve('mailto:{$inputs.email}?id={$response.body#/data/new_id}', context)).toBe(
      'mailto:ops@example.com?id=7',
    );
    expect(resolve(300, context)).toBe(300);
    expect(wholeExpression('{$inputs.email}')).toBe('$inputs.email');
    expect(wholeExpression('x={$inputs.email}')).toBeUndefined();
  });

  it('reads an answer’s body as JSON, or as its text when it is not JSON', () => {
    expect(bodyOf('{"data":{"new_id":"7"}}')).toEqual({ data: { new_id: '7' } });
    expect(bodyOf('ok')).toBe('ok');
    expect(bodyOf('')).toBe('');
    expect(
      evaluate('$response.body', { inputs: {}, steps: {}, response: { status: 200, headers: {}, body: bodyOf('ok') } }),
    ).toBe('ok');
  });

  it('evaluates a step’s outputs against its answer', () => {
    expect(outputsOf({ id: '$response.body#/data/new_id', gone: '$response.body#/nothing' }, context)).toEqual({
      id: '7',
      gone: undefined,
    });
  });
});

describe('success criteria', () => {
  it('compares with JSON’s types: a number is not its text', () => {
    expect(holds({ condition: '$statusCode == 201' }, context)).toBe(true);
    expect(holds({ condition: '$statusCode == 200' }, context)).toBe(false);
    expect(holds({ condition: '$statusCode != 200' }, context)).toBe(true);
    expect(holds({ condition: '$response.body#/data/new_id == "7"' }, context)).toBe(true);
    expect(holds({ condition: '$response.body#/data/new_id == 7' }, context)).toBe(false);
    expect(holds({ condition: '$response.body#/data/flags/is_expired == false' }, context)).toBe(true);
    expect(holds({ condition: '$response.body#/data/tags/0 == "a/b"' }, context)).toBe(true);
  });

  it('orders numbers only, and fails on a value that is not there', () => {
    expect(holds({ condition: '$statusCode >= 201' }, context)).toBe(true);
    expect(holds({ condition: '$statusCode > 201' }, context)).toBe(false);
    expect(holds({ condition: '$statusCode < 300' }, context)).toBe(true);
    expect(holds({ condition: '$response.body#/data/new_id <= 9' }, context)).toBe(false);
    expect(holds({ condition: '$response.body#/data/missing != "x"' }, context)).toBe(false);
  });

  it('compares two expressions', () => {
    const c = { ...context, steps: { 'create-group': { id: '7' } } };
    expect(holds({ condition: '$response.body#/data/new_id == $steps.create-group.outputs.id' }, c)).toBe(true);
    expect(holds({ condition: '$response.body#/data/new_id == $steps.create-group.outputs.id' }, context)).toBe(false);
  });

  it('matches a regex over a context', () => {
    const regex = { context: '$response.body#/data/tags/1', condition: '^(c|d)$', type: 'regex' };
    expect(holds(regex, context)).toBe(true);
    expect(holds({ ...regex, context: '$response.body#/data/tags/0' }, context)).toBe(false);
    expect(holds({ ...regex, context: '$response.body#/data/none' }, context)).toBe(false);
  });

  it('reads a condition into parts, a quoted operator included', () => {
    expect(parseCriterion({ condition: '$response.body#/data/x == "a == b"' })).toEqual({
      kind: 'compare',
      left: { expression: { kind: 'body', pointer: ['data', 'x'] }, text: '$response.body#/data/x' },
      operator: '==',
      right: { literal: 'a == b' },
    });
    expect(() => parseCriterion({ condition: '$statusCode == 200 && $statusCode == 201' })).toThrow(
      'unsupported operand',
    );
    expect(() => parseCriterion({ condition: '$.data', type: 'jsonpath' })).toThrow('unsupported criterion type');
  });
});
