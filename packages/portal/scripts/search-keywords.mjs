// @ts-check
/**
 * The search keywords of an operation's reference page: its method and path,
 * its operation id and the client's method (`client.uptime.create`, and
 * `uptime.create`: what a reader of code using @webmon/ts-client has in hand;
 * the page's samples are drawn in the browser, out of the index's reach),
 * then the names of its parameters and body fields, so that a search for a
 * field (`check_rate`) finds the operations that take it. Written into the
 * plugin's copy of the bundle as `x-search-keywords` (scripts/prepare-api.mjs)
 * and into the page's `keywords` front matter by src/api/api.mustache, where
 * the local search indexes them (README, Search).
 *
 * A JSON array in a string: YAML reads it as a list, and paths like
 * `/uptime/{test_id}` need the quotes.
 */
import { propertiesOf } from '@webmon/openapi-core';

/**
 * @param {unknown} spec the bundle
 * @param {string} path
 * @param {string} method
 * @param {{ operationId: string, requestBody?: { content?: Record<string, { schema?: unknown }> } }} operation
 * @param {{ name: string }[]} parameters the operation's parameters as @webmon/openapi-core lists them (path-level ones merged)
 * @param {{ group: string, method: string }} client the client's method for it (@webmon/openapi-core's clientMethodNames)
 * @returns {string}
 */
export function searchKeywords(spec, path, method, operation, parameters, client) {
  const fields = Object.values(operation.requestBody?.content ?? {}).flatMap((media) =>
    Object.keys(propertiesOf(spec, media.schema)),
  );
  const words = [
    `${method.toUpperCase()} ${path}`,
    operation.operationId,
    `client.${client.group}.${client.method}`,
    `${client.group}.${client.method}`,
    ...parameters.map((p) => p.name),
    ...fields,
  ];
  return JSON.stringify([...new Set(words)]);
}
