// @ts-check
// A step that names an operation its API description does not have fails only
// when it runs; this finds it at lint time, against the very file the
// workflow's source description points at (for the recipes: the bundle).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRulesetFunction } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { HTTP_METHODS, isHttpMethod } from '@webmon/openapi-core';
import { isObject } from '../../functions/lib/json-value.js';

/** @typedef {import('../../functions/lib/json-value.js').IFunctionResult} IFunctionResult */
/** @typedef {import('../../functions/lib/json-value.js').JsonPath} JsonPath */
/** @typedef {{ operationIds: Set<string>, document: unknown } | { error: string }} Source */

const QUALIFIED_ID = /^\$sourceDescriptions\.([\w-]+)\.(.+)$/;
const OPERATION_PATH = /^\{\$sourceDescriptions\.([\w-]+)\.url\}#(.*)$/;

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  /**
   * @param {Record<string, unknown>} arazzo the whole Arazzo document
   * @returns {IFunctionResult[]}
   */
  function arazzoOperationExists(arazzo, _options, context) {
    const sources = readSources(arazzo.sourceDescriptions, context.document.source);
    /** @type {IFunctionResult[]} */
    const results = [];
    const workflows = Array.isArray(arazzo.workflows) ? arazzo.workflows : [];
    for (const [w, workflow] of workflows.entries()) {
      const steps = isObject(workflow) && Array.isArray(workflow.steps) ? workflow.steps : [];
      for (const [s, step] of steps.entries()) {
        if (!isObject(step)) continue;
        const stepPath = ['workflows', w, 'steps', s];
        const problem =
          typeof step.operationId === 'string'
            ? checkOperationId(step.operationId, sources)
            : typeof step.operationPath === 'string'
              ? checkOperationPath(step.operationPath, sources)
              : undefined;
        if (problem)
          results.push({
            message: `step ${String(step.stepId)}: ${problem}`,
            path: [...stepPath, typeof step.operationId === 'string' ? 'operationId' : 'operationPath'],
          });
      }
    }
    return results;
  },
);

/**
 * The OpenAPI source descriptions by name, each read from its file.
 * @param {unknown} list
 * @param {string | null | undefined} arazzoFile
 * @returns {Map<string, Source>}
 */
function readSources(list, arazzoFile) {
  /** @type {Map<string, Source>} */
  const sources = new Map();
  for (const source of Array.isArray(list) ? list : []) {
    if (!isObject(source) || typeof source.name !== 'string' || typeof source.url !== 'string') continue;
    if (source.type !== undefined && source.type !== 'openapi') continue;
    if (/^[a-z]+:/i.test(source.url)) {
      sources.set(source.name, { error: `source description ${source.name} is remote (${source.url}): not checked` });
      continue;
    }
    const file = resolve(dirname(arazzoFile ?? '.'), source.url);
    try {
      const document = Yaml.parse(readFileSync(file, 'utf8')).data;
      sources.set(source.name, { document, operationIds: operationIds(document) });
    } catch (error) {
      sources.set(source.name, {
        error: `source description ${source.name} cannot be read from ${file} (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }
  return sources;
}

/**
 * @param {unknown} document an OpenAPI document
 * @returns {Set<string>}
 */
function operationIds(document) {
  const ids = new Set();
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (isObject(operation) && typeof operation.operationId === 'string') ids.add(operation.operationId);
    }
  }
  return ids;
}

/**
 * What is wrong with an operationId, or undefined.
 * @param {string} value `$sourceDescriptions.<name>.<id>` or a bare id
 * @param {Map<string, Source>} sources
 * @returns {string | undefined}
 */
function checkOperationId(value, sources) {
  const qualified = QUALIFIED_ID.exec(value);
  if (!qualified) {
    const found = [...sources.values()].some((source) => 'operationIds' in source && source.operationIds.has(value));
    return found ? undefined : `no source description has an operation ${value}`;
  }
  const [, name = '', id = ''] = qualified;
  const source = sources.get(name);
  if (!source) return `no OpenAPI source description is named ${name}`;
  if ('error' in source) return source.error;
  return source.operationIds.has(id) ? undefined : `source description ${name} has no operation ${id}`;
}

/**
 * What is wrong with an operationPath, or undefined.
 * @param {string} value `{$sourceDescriptions.<name>.url}#<JSON pointer>`
 * @param {Map<string, Source>} sources
 * @returns {string | undefined}
 */
function checkOperationPath(value, sources) {
  const match = OPERATION_PATH.exec(value);
  if (!match) return `operationPath ${value} is not {$sourceDescriptions.<name>.url}#<pointer>`;
  const [, name = '', pointer = ''] = match;
  const source = sources.get(name);
  if (!source) return `no OpenAPI source description is named ${name}`;
  if ('error' in source) return source.error;
  const segments = pointer
    .split('/')
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  /** @type {unknown} */
  let node = source.document;
  for (const segment of segments) node = isObject(node) ? node[segment] : undefined;
  const method = segments.at(-1) ?? '';
  return isObject(node) && segments[0] === 'paths' && isHttpMethod(method)
    ? undefined
    : `source description ${name} has no operation at ${pointer}`;
}
