// The bin with no token: the tools run against the mock inside the server.
// Spoken to by the SDK's own client over stdio, as an MCP host does.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { isObject, listOperations, mergeAllOf, resolveRef, type JsonObject } from '@webmon/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Session } from './helpers.js';

const require = createRequire(import.meta.url);
const bundle: JsonObject = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8'));
const operations = listOperations(bundle);
const FORM = 'application/x-www-form-urlencoded';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The form body schema of an operation, as the bundle says, allOf merged. */
function bodyOf(operationId: string): { schema: JsonObject; example: unknown } {
  const entry = operations.find((operation) => operation.operationId === operationId)!;
  const body = resolveRef<JsonObject>(bundle, entry.operation.requestBody);
  const media = resolveRef<JsonObject>(bundle, body.content)[FORM] as JsonObject;
  return { schema: mergeAllOf(bundle, media.schema), example: media.example };
}

let session: Session;
let tools: Tool[];
let instructions: string;
beforeAll(async () => {
  session = await connect();
  // The operations' tools; the recipes' (recipe-*) are recipes.test.ts's.
  tools = (await session.client.listTools()).tools.filter((tool) => !tool.name.startsWith('recipe-'));
  instructions = session.client.getInstructions() ?? '';
});
afterAll(() => session?.close());

describe('tools', () => {
  it('lists one tool per operation of the bundle, named by operationId and titled by its summary', () => {
    expect(tools).toHaveLength(36);
    expect(tools.map((tool) => tool.name).sort()).toEqual(operations.map((operation) => operation.operationId).sort());
    for (const { operationId, operation } of operations) {
      const tool = tools.find((candidate) => candidate.name === operationId)!;
      expect(tool.title).toBe(operation.summary);
      expect(tool.description).toContain(String(operation.summary));
    }
  });

  it('gives every tool a valid JSON Schema object input, accepted by strict Ajv, with nothing at the top an MCP host may refuse', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    for (const tool of tools) {
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
      expect(tool.inputSchema.type).toBe('object');
      for (const keyword of ['anyOf', 'oneOf', 'allOf', 'if', 'not', '$ref'])
        expect(tool.inputSchema, `${tool.name} ${keyword}`).not.toHaveProperty(keyword);
    }
  });

  it("carries the spec's bounds, enums, defaults and required lists (create-uptime-test against the bundle)", () => {
    const { schema } = bodyOf('create-uptime-test');
    const properties = schema.properties as Record<string, JsonObject>;
    const input = tools.find((tool) => tool.name === 'create-uptime-test')!.inputSchema;
    const timeout = input.properties!.timeout as JsonObject;
    expect(timeout.minimum).toBe(properties.timeout!.minimum);
    expect(timeout.maximum).toBe(properties.timeout!.maximum);
    expect(timeout.default).toBe(properties.timeout!.default);
    expect((input.properties!.test_type as JsonObject).enum).toEqual(mergeAllOf(bundle, properties.test_type).enum);
    expect([...(input.required ?? [])].sort()).toEqual([...(schema.required as string[])].sort());
    // Path parameters are required arguments next to the body's fields.
    const update = tools.find((tool) => tool.name === 'update-uptime-test')!.inputSchema;
    expect(update.required).toEqual(['test_id']);
    expect(Object.keys(update.properties!)).toEqual(expect.arrayContaining(['test_id', 'timeout', 'tags']));
  });

  it("accepts the spec's own examples of every operation, and refuses out-of-bounds values", () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    for (const { operationId, operation, parameters } of operations) {
      const tool = tools.find((candidate) => candidate.name === operationId)!;
      const args: Record<string, unknown> = {};
      for (const parameter of parameters)
        if (parameter.parameter.example !== undefined) args[parameter.name] = parameter.parameter.example;
      if (operation.requestBody) Object.assign(args, bodyOf(operationId).example);
      const validate = ajv.compile(tool.inputSchema);
      expect(validate(args), `${operationId} ${JSON.stringify(args)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    const create = ajv.compile(tools.find((tool) => tool.name === 'create-uptime-test')!.inputSchema);
    const valid = bodyOf('create-uptime-test').example as Record<string, unknown>;
    expect(create({ ...valid, timeout: 500 })).toBe(false);
    expect(create.errors?.[0]?.instancePath).toBe('/timeout');
    expect(create({ ...valid, test_type: 'FTP' })).toBe(false);
    expect(create({ ...valid, unknown_field: 1 })).toBe(false);
  });

  it('marks reads read-only and deletes destructive', () => {
    const annotations = (name: string) => tools.find((tool) => tool.name === name)!.annotations;
    expect(annotations('list-uptime-tests')).toMatchObject({ readOnlyHint: true });
    expect(annotations('delete-uptime-test')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations('create-uptime-test')).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });
});

describe('the sandbox', () => {
  it('says it is the sandbox, in its instructions and on stderr', async () => {
    expect(instructions).toMatch(/^SANDBOX:/);
    expect(instructions).toMatch(/http:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(await session.stderrIncluding('\n')).toBe(`webmon-mcp: ${instructions}\n`);
    expect(session.client.getServerVersion()?.title).toContain('sandbox');
  });

  it('creates an uptime check, finds it in the list, deletes it', async () => {
    const tag = `mcp-${process.pid}`;
    const created = await session.call('create-uptime-test', {
      name: 'Made by an agent',
      test_type: 'HTTP',
      website_url: 'https://agent.example.com',
      check_rate: 300,
      tags: [tag, 'agents'],
    });
    expect(created.isError, created.text).toBe(false);
    const id = JSON.parse(created.text).new_id as string;
    expect(id).toMatch(/^\S+$/);

    const listed = await session.call('list-uptime-tests', { tags: tag });
    expect(listed.isError, listed.text).toBe(false);
    const page = JSON.parse(listed.text) as { data: { id: string; name: string; tags: string[] }[] };
    expect(page.data.map((check) => check.id)).toEqual([id]);
    expect(page.data[0]).toMatchObject({ name: 'Made by an agent', tags: [tag, 'agents'] });

    const updated = await session.call('update-uptime-test', { test_id: id, tags: [] });
    expect(updated).toEqual({ text: 'Update an uptime check: done.', isError: false });
    expect(JSON.parse((await session.call('get-uptime-test', { test_id: id })).text).tags).toEqual([]);

    // The session's account is keyed by a random token: another local process
    // that reaches the port, guessing the obvious token, sees none of it.
    const sandbox = instructions.match(/http:\/\/127\.0\.0\.1:\d+\/v1/)![0];
    const guessed = await fetch(`${sandbox}/uptime/${id}`, { headers: { authorization: 'Bearer sandbox' } });
    expect(guessed.status).toBe(404);

    const deleted = await session.call('delete-uptime-test', { test_id: id });
    expect(deleted).toEqual({ text: 'Delete an uptime check: done.', isError: false });
    const gone = await session.call('get-uptime-test', { test_id: id });
    expect(gone.isError).toBe(true);
    expect(gone.text).toMatch(/^HTTP 404: /);
  });

  it('answers a bad argument (timeout 500) with a tool error naming timeout and its message', async () => {
    const valid = bodyOf('create-uptime-test').example as Record<string, unknown>;
    const result = await session.call('create-uptime-test', { ...valid, name: 'Too patient', timeout: 500 });
    expect(result.isError).toBe(true);
    // The messages the sandbox gives for the same body, asked directly with
    // another token (its own rate-limit window); the tool must relay them.
    const sandbox = instructions.match(/http:\/\/127\.0\.0\.1:\d+\/v1/)![0];
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...valid, timeout: 500 })) {
      if (Array.isArray(value)) for (const item of value) form.append(`${key}[]`, String(item));
      else form.append(key, String(value));
    }
    const direct = await fetch(`${sandbox}/uptime`, {
      method: 'POST',
      headers: { authorization: 'Bearer oracle', 'content-type': FORM },
      body: form,
    });
    expect(direct.status).toBe(400);
    const { message, errors } = (await direct.json()) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(errors)).toEqual(['timeout']);
    expect(result.text).toBe(`HTTP 400: ${message}\ntimeout: ${errors.timeout!.join('; ')}`);
    const { schema } = bodyOf('create-uptime-test');
    const bounds = (schema.properties as Record<string, JsonObject>).timeout!;
    expect(result.text).toContain(String(bounds.maximum));
  });

  it('names unknown arguments and missing ids without calling the API', async () => {
    const unknown = await session.call('list-uptime-tests', { staus: 'down' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^Unknown argument staus\. list-uptime-tests takes: .*\bstatus\b/);
    const missing = await session.call('get-uptime-test', {});
    expect(missing).toEqual({ isError: true, text: 'Missing test_id: get-uptime-test needs it to name the record.' });
  });

  it('serves the seeded sample records the spec examples name', async () => {
    const seeded = operations.find((operation) => operation.operationId === 'get-uptime-test')!;
    const id = seeded.parameters.find((parameter) => parameter.in === 'path')!.parameter.example;
    const result = await session.call('get-uptime-test', { test_id: id });
    expect(result.isError, result.text).toBe(false);
    expect(JSON.parse(result.text).id).toBe(id);
    expect(isObject(JSON.parse(result.text))).toBe(true);
  });
});
