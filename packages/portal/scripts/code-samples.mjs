// @ts-check
/**
 * Build side of the code samples: describes each operation of the bundle with
 * its examples (path and query parameter `example`s, a query example equal to
 * its default left out; the form body's `example`) and hands it to the sample
 * rules the browser uses too (src/api/code-samples.mjs).
 *
 * Build-time samples call the first server with its variables at their
 * defaults (`https://api.webmon.dev/v1`); test/code-samples.test.ts swaps that
 * string for a local mock's URL and runs them.
 */
import { clientMethodNames, isObject, listOperations, resolveRef } from '@webmon/openapi-core';
import * as rules from '../src/api/code-samples.mjs';

export { curlSample, goSample } from '../src/api/code-samples.mjs';

/**
 * What the samples read of the bundle; the rest is read through
 * @webmon/openapi-core, which follows `$ref`s and merges path-level parameters
 * as every other reader of the bundle does.
 * @typedef {{ url: string, description?: string, variables?: Record<string, { default: string }>, 'x-sandbox'?: boolean }} Server
 * @typedef {{ servers: Server[], paths: Record<string, unknown> }} Spec
 * @typedef {{ operationId: string, tags: string[], requestBody?: unknown }} Operation
 * @typedef {import('../src/api/code-samples.mjs').CodeSample} CodeSample
 * @typedef {import('../src/api/code-samples.mjs').SampleRequest} SampleRequest
 */

/**
 * `https://{host}/v1` with every variable at its default.
 * @param {Spec} spec
 */
export function defaultServerUrl(spec) {
  const server = spec.servers[0];
  if (!server) throw new Error('the bundle has no server');
  return server.url.replace(/\{(\w+)\}/g, (_, name) => {
    const variable = server.variables?.[name];
    if (!variable) throw new Error(`server variable ${name} has no default`);
    return variable.default;
  });
}

/**
 * The form body's example and whether arrays go in bracket form (the media
 * type's `x-form-array-style: brackets`).
 * @param {Spec} spec
 * @param {unknown} requestBody
 * @returns {{ example: Record<string, unknown>, brackets: boolean } | undefined}
 */
function formBody(spec, requestBody) {
  if (requestBody === undefined) return undefined;
  const content = resolveRef(spec, requestBody);
  const media =
    isObject(content) && isObject(content.content) ? content.content['application/x-www-form-urlencoded'] : undefined;
  if (!isObject(media)) return undefined;
  return {
    example: isObject(media.example) ? media.example : {},
    brackets: media['x-form-array-style'] === 'brackets',
  };
}

/**
 * The spec's operations, listed once per spec: samples are made for every
 * operation of a bundle in turn (scripts/prepare-api.mjs, on every save under
 * `pnpm dev`), and listing them all for each one was about 50 ms a save.
 * @type {WeakMap<object, ReturnType<typeof listOperations>>}
 */
const listed = new WeakMap();
/** @param {Spec} spec */
function operationsOf(spec) {
  let operations = listed.get(spec);
  if (!operations) listed.set(spec, (operations = listOperations(spec)));
  return operations;
}

/** @type {WeakMap<Spec, Map<string, import('@webmon/openapi-core').ClientMethodName>>} */
const named = new WeakMap();
/**
 * The client's method for an operation, by the client's own rule (@webmon/openapi-core's clientMethodNames).
 * @param {Spec} spec @param {string} operationId
 */
export function clientMethodOf(spec, operationId) {
  let names = named.get(spec);
  if (!names) named.set(spec, (names = clientMethodNames(spec)));
  const name = names.get(operationId);
  if (!name) throw new Error(`no operation ${operationId} in the bundle`);
  return name;
}

/**
 * One operation with its examples, as the sample rules take it.
 * @param {Spec} spec
 * @param {string} path
 * @param {string} method
 * @param {Operation} op
 * @returns {SampleRequest}
 */
export function describeOperation(spec, path, method, op) {
  // Path-level parameters merged with the operation's (which win on a clash), $refs followed.
  const entry = operationsOf(spec).find((e) => e.path === path && e.method === method);
  if (!entry) throw new Error(`no operation ${method.toUpperCase()} ${path} in the bundle`);
  const params = entry.parameters;
  /** @type {SampleRequest['pathValues']} */
  const pathValues = params
    .filter((p) => p.in === 'path')
    .map((p) => [p.name, String(p.parameter.example ?? p.schema.example ?? `<${p.name}>`)]);
  /** @type {SampleRequest['query']} */
  const query = [];
  for (const { name, parameter, schema } of params.filter((x) => x.in === 'query')) {
    const value = parameter.example ?? schema.example;
    if (value === undefined || value === schema.default) continue;
    if (parameter['x-presence-flag']) {
      if (value === true) query.push({ name, flag: true, value: true });
    } else query.push({ name, value });
  }
  const body = formBody(spec, op.requestBody);
  return {
    method: method.toUpperCase(),
    baseUrl: defaultServerUrl(spec),
    path,
    pathValues,
    query,
    bodyObject: body?.example,
    form: body && rules.formPairs(body.example, body.brackets),
    client: clientMethodOf(spec, op.operationId),
  };
}

/**
 * x-codeSamples for one operation, in the order the reference shows them.
 * @param {Spec} spec
 * @param {string} path
 * @param {string} method
 * @param {Operation} op
 * @returns {CodeSample[]}
 */
export function codeSamples(spec, path, method, op) {
  return rules.codeSamples(describeOperation(spec, path, method, op));
}
