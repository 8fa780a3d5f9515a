// @ts-check
// `pnpm dev` only (scripts/dev-pages.mjs): the reference plugin converts the
// WHOLE description to a Postman collection on every generation (each page's
// try-it builds its request from its operation's Postman request), and that
// conversion is three quarters of the generation's time (openapi-to-postmanv2,
// about 2 s of CPU per save for 36 operations). Here the converter the plugin
// calls is wrapped: each operation's converted item is kept, keyed by
// everything its conversion reads (the operation, its path's parameters, the
// components it reaches through $ref, the security settings), and only the
// operations whose key changed are converted again, as a description holding
// just them. The plugin gets the same requests as from a full conversion (the
// items are the converter's own output; only their folders differ, which the
// plugin does not read: it matches items to operations by method and path).
import { createRequire } from 'node:module';
import { getAtPointer, HTTP_METHODS } from '@webmon/openapi-core';

/** @typedef {Record<string, any>} Json */

/** The `#/components/...` refs reachable from `value`, as one JSON string. @param {Json} spec @param {unknown} value */
function reached(spec, value) {
  /** @type {Map<string, unknown>} */
  const found = new Map();
  /** @param {unknown} node */
  const walk = (node) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/') && !found.has(child)) {
          // Nothing there is part of the key too (the converter then reports it).
          let target;
          try {
            target = getAtPointer(spec, child);
          } catch {
            target = undefined;
          }
          found.set(child, target);
          walk(target);
        } else walk(child);
      }
    }
  };
  walk(value);
  return JSON.stringify([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A Postman item's method and OpenAPI path (`:id` back to `{id}`). @param {Json} item */
const itemKey = (item) =>
  `${String(item.request?.method).toLowerCase()} /${(item.request?.url?.path ?? [])
    .map((/** @type {string} */ part) => part.replace(/^:(.+)$/, '{$1}'))
    .join('/')}`;

/** Every request item of a converted collection, flattened out of its folders. @param {Json[]} items @returns {Json[]} */
const leaves = (items) => items.flatMap((item) => (Array.isArray(item.item) ? leaves(item.item) : [item]));

/**
 * Wraps the converter the plugin requires (resolved from the plugin); returns
 * counters of the operations converted and reused, for the log.
 * @param {string} pluginEntry the plugin's resolved entry file
 */
export function cachePostmanConversion(pluginEntry) {
  const converter = createRequire(pluginEntry)('openapi-to-postmanv2');
  const Original = converter.default?.SchemaPack ?? converter.SchemaPack;
  /** @type {Map<string, string>} key -> the converted item, as JSON */
  const cache = new Map();
  const stats = { converted: 0, reused: 0 };

  class CachedSchemaPack {
    /** @param {{ type: string, data: Json }} input @param {Json} options */
    constructor(input, options) {
      this.input = input;
      this.options = options;
      this.inner = new Original(input, options);
      this.validationResult = this.inner.validationResult;
      // The plugin sets options on this object after construction.
      this.computedOptions = this.inner.computedOptions;
    }

    /** @param {(error: unknown, result?: Json) => void} callback */
    convert(callback) {
      const spec = this.input.data;
      const shared = JSON.stringify([spec.openapi, spec.security, spec.components?.securitySchemes]);
      /** @type {Array<{ id: string, key: string, path: string, method: string }>} */
      const operations = [];
      for (const [path, pathItem] of Object.entries(spec.paths ?? {}))
        for (const method of HTTP_METHODS) {
          const operation = pathItem?.[method];
          if (!operation) continue;
          const parameters = pathItem.parameters ?? [];
          const key = `${shared}\n${JSON.stringify([path, method, parameters, operation])}\n${reached(spec, [parameters, operation])}`;
          operations.push({ id: `${method} ${path}`, key, path, method });
        }
      const missing = operations.filter((operation) => !cache.has(operation.key));
      const finish = (/** @type {Json | undefined} */ converted) => {
        /** @type {Map<string, Json>} */
        const fresh = new Map();
        for (const item of leaves(converted?.item ?? [])) fresh.set(itemKey(item), item);
        const items = [];
        for (const operation of operations) {
          const item = fresh.get(operation.id);
          if (item) {
            cache.set(operation.key, JSON.stringify(item));
            stats.converted++;
            items.push(item);
          } else if (cache.has(operation.key)) {
            stats.reused++;
            items.push(JSON.parse(/** @type {string} */ (cache.get(operation.key))));
          }
        }
        const data = { ...(converted ?? {}), item: items };
        callback(null, { result: true, output: [{ type: 'collection', data }] });
      };
      if (!missing.length) return finish(undefined);
      // Only the missing operations, with everything else of the description.
      /** @type {Json} */
      const paths = {};
      for (const { path, method } of missing) {
        const { parameters, summary, description } = spec.paths[path];
        paths[path] ??= {
          ...(parameters && { parameters }),
          ...(summary && { summary }),
          ...(description && { description }),
        };
        paths[path][method] = spec.paths[path][method];
      }
      const pack =
        missing.length === operations.length
          ? this.inner
          : new Original({ ...this.input, data: { ...spec, paths } }, this.options);
      Object.assign(pack.computedOptions, this.computedOptions);
      pack.convert((/** @type {unknown} */ error, /** @type {Json} */ result) => {
        if (error || !result?.result) return callback(error, result);
        finish(result.output[0].data);
      });
    }
  }

  for (const holder of [converter.default, converter]) if (holder?.SchemaPack) holder.SchemaPack = CachedSchemaPack;
  return stats;
}
