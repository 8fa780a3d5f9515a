// The form as the bundle describes each operation, read through
// @webmon/openapi-core: what is required, what goes together, what the form
// starts with, and the call it makes, encoded by @webmon/ts-client.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolveRef } from '@webmon/openapi-core';
import { type OperationId, operationTable, prepareRequest } from '@webmon/ts-client';
import { describe, expect, it } from 'vitest';
import { constraintsOf } from '../src/model/constraints.js';
import { formModel, operationInputs } from '../src/model/operation.js';
import { callOf, initialValues, missing } from '../src/model/values.js';
import { codeSamples } from '../src/samples/index.js';

const require = createRequire(import.meta.url);
const bundle = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));

const operations = operationInputs(bundle);
const byId = (id: string) => operations.find((op) => op.operationId === id)!;

describe('the form of an operation', () => {
  it('puts the required body fields first, marked, and folds the rest as optional', () => {
    const model = formModel(byId('create-uptime-test'));
    const required = model.fields.filter((f) => f.required).map((f) => f.name);
    const schema = resolveRef<{ required?: string[] }>(bundle, bundle.components.schemas.UptimeTestCreate);
    expect(new Set(required)).toEqual(new Set(schema.required));
    expect(model.fields.filter((f) => !f.required).length).toBeGreaterThan(10);
  });

  it('shows "at least one of tests or tags" as a group, not two branches', () => {
    const model = formModel(byId('create-maintenance-window'));
    expect(model.oneOfGroups).toEqual([expect.arrayContaining(['tags', 'tests'])]);
    expect(model.fields.find((f) => f.name === 'tags')?.required).toBe(false);
    // The group starts with a value, so Send works as the form is.
    expect(missing(model, initialValues(model))).toEqual([]);
  });

  it('starts every operation with what its required fields need: nothing missing', () => {
    for (const operation of operations)
      expect(missing(formModel(operation), initialValues(formModel(operation))), operation.operationId).toEqual([]);
  });

  it('starts optional query parameters empty: a list sends no hidden filter', () => {
    const model = formModel(byId('list-uptime-tests'));
    expect(callOf(model, initialValues(model)).input).toEqual({});
  });

  it('types values as the schema says, sends lists as lists and presence flags only when on', () => {
    const model = formModel(byId('list-uptime-tests'));
    const call = callOf(model, {
      'query.page': '2',
      'query.matchany': 'true',
      'query.nouptime': '',
      'query.tags': 'web,eu',
    });
    expect(call.input).toEqual({ page: 2, matchany: true, tags: ['web', 'eu'] });
    const request = prepareRequest('list-uptime-tests', call.pathValues, call.input);
    expect(new Set(request.url.split('?')[1]!.split('&'))).toEqual(new Set(['page=2', 'matchany', 'tags=web,eu']));
  });

  it('types a number enum as a number (check_rate), as the client takes it', () => {
    const model = formModel(byId('create-uptime-test'));
    expect(callOf(model, initialValues(model)).input.check_rate).toEqual(expect.any(Number));
  });

  it('sends an empty list as the API empties one, and an update text sent empty only when asked', () => {
    const model = formModel(byId('update-uptime-test'));
    const values = { 'path.test_id': '1', 'body.tags': [], 'body.find_string': '' };
    expect(callOf(model, values).input).toEqual({ tags: [] });
    expect(callOf(model, values, new Set(['body.find_string'])).input).toEqual({ tags: [], find_string: '' });
    const call = callOf(model, values, new Set(['body.find_string']));
    const body = prepareRequest('update-uptime-test', call.pathValues, call.input).body!;
    expect(new Set(body.split('&'))).toEqual(new Set(['tags[]=', 'find_string=']));
  });

  it('sends only the fields the operation has (a value kept for a field since removed is not sent)', () => {
    const model = formModel(byId('create-contact-group'));
    expect(
      callOf(model, { ...initialValues(model), 'body.webhook_url': 'https://x.example' }).input,
    ).not.toHaveProperty('webhook_url');
  });
});

describe("the operation's row, read from the page's own operation", () => {
  it("is the built client's row for every operation (so a new one under pnpm dev is sent by the same rules)", () => {
    for (const operation of operations) {
      const {
        success: _s,
        unwrap: _u,
        pagination: _p,
        ...built
      } = operationTable[operation.operationId as OperationId];
      expect(formModel(operation).row, operation.operationId).toEqual(built);
    }
  });
});

describe('bounds in words', () => {
  it('reads an item count as such, not as a value bound', () => {
    const alertAt = formModel(byId('create-ssl-test')).fields.find((f) => f.name === 'alert_at')!;
    const text = constraintsOf(alertAt.schema)!;
    expect(text).toMatch(new RegExp(`^exactly ${alertAt.schema.minItems} items`));
  });

  it('names both ends of a number range', () => {
    const timeout = formModel(byId('create-uptime-test')).fields.find((f) => f.name === 'timeout')!;
    expect(constraintsOf(timeout.schema)).toContain(`${timeout.schema.minimum} to ${timeout.schema.maximum}`);
  });
});

describe('the samples', () => {
  it('show the encoded wire of the client: bracket arrays in cURL and Go, the call in TypeScript', () => {
    const model = formModel(byId('create-heartbeat-test'));
    const values = { ...initialValues(model), 'body.tags': ['web', 'eu'] };
    const call = callOf(model, values);
    const request = prepareRequest('create-heartbeat-test' as OperationId, call.pathValues, call.input);
    const [curl, go, ts] = codeSamples({
      request,
      baseUrl: 'https://api.webmon.dev/v1',
      ...call,
      client: { group: 'heartbeat', method: 'create' },
    });
    expect(curl!.source).toContain(`--data-urlencode 'tags[]=web'`);
    expect(go!.source).toContain('form.Add("tags[]", "eu")');
    expect(ts!.source).toContain("tags: ['web', 'eu']");
    expect(ts!.source).toContain('client.heartbeat.create(');
  });
});
