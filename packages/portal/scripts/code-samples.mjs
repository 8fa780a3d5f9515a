// @ts-check
/**
 * Build side of the code samples: each operation of the bundle with its
 * examples (path and query parameter `example`s, a query example equal to its
 * default left out; the form body's `example`), sent through
 * @webmon/ts-client's encoder (`prepareRequest`, with the operation's wire
 * shape as @webmon/openapi-core reads it, so an operation the built client
 * does not know yet gets samples too) and written by the try-it's sample
 * rules (@webmon/try-it/samples), which the page uses live.
 *
 * Build-time samples call the first server with its variables at their
 * defaults (`https://api.webmon.dev/v1`); test/code-samples.test.ts swaps that
 * string for a local mock's URL and runs them.
 */
import {
  clientMethodNames,
  formMediaType,
  isListParameter,
  isObject,
  listOperations,
  wireShapeOf,
} from '@webmon/openapi-core';
import { codeSamples as samplesOf } from '@webmon/try-it/samples';
import { prepareRequest } from '@webmon/ts-client';

/**
 * What the samples read of the bundle; the rest is read through
 * @webmon/openapi-core, which follows `$ref`s and merges path-level parameters
 * as every other reader of the bundle does.
 * @typedef {{ url: string, description?: string, variables?: Record<string, { default: string }> }} Server
 * @typedef {{ servers: Server[], paths: Record<string, unknown> }} Spec
 * @typedef {{ operationId: string, tags: string[], requestBody?: unknown }} Operation
 * @typedef {import('@webmon/try-it/samples').CodeSample} CodeSample
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
 * The bundle's operations, listed once per bundle (with their parameters merged).
 * @type {WeakMap<Spec, import('@webmon/openapi-core').OperationEntry[]>}
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
 * The client's method for an operation (@webmon/openapi-core's naming rule, the client's own).
 * @param {Spec} spec
 * @param {string} operationId
 */
export function clientMethodOf(spec, operationId) {
  let names = named.get(spec);
  if (!names) named.set(spec, (names = clientMethodNames(spec)));
  const name = names.get(operationId);
  if (!name) throw new Error(`no operation ${operationId} in the bundle`);
  return name;
}

/**
 * The cURL, Go and ts-client samples of one operation, with its examples.
 * @param {Spec} spec
 * @param {string} path
 * @param {string} method
 * @param {Operation} op
 * @returns {CodeSample[]}
 */
export function codeSamples(spec, path, method, op) {
  // Path-level parameters merged with the operation's (which win on a clash), $refs followed.
  const entry = operationsOf(spec).find((e) => e.path === path && e.method === method);
  if (!entry) throw new Error(`no operation ${method.toUpperCase()} ${path} in the bundle`);
  const pathValues = entry.parameters
    .filter((p) => p.in === 'path')
    .map((p) => String(p.parameter.example ?? p.schema.example ?? `<${p.name}>`));
  /** @type {Record<string, unknown>} */
  const input = {};
  for (const { name, parameter, schema } of entry.parameters.filter((x) => x.in === 'query')) {
    const value = parameter.example ?? schema.example;
    if (value === undefined || value === schema.default) continue;
    if (parameter['x-presence-flag'] && value !== true) continue;
    // A list filter as the client takes it, an array: sent comma-joined, commas readable.
    input[name] = isListParameter(spec, schema) && typeof value === 'string' ? value.split(',') : value;
  }
  const media = formMediaType(spec, entry.operation);
  if (media) Object.assign(input, isObject(media.example) ? media.example : {});
  const row = { method: /** @type {'GET'} */ (method.toUpperCase()), path, ...wireShapeOf(spec, entry) };
  const baseUrl = defaultServerUrl(spec);
  const request = prepareRequest(row, pathValues, input, { baseUrl });
  return samplesOf({ request, baseUrl, pathValues, input, client: clientMethodOf(spec, op.operationId) });
}
