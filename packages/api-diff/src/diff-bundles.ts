// Two bundled descriptions, operation by operation: what was removed, added,
// narrowed or widened, classified for the release pipeline. Operations,
// parameters and references are read through @webmon/openapi-core, as every
// other reader of the bundle reads them.
import {
  type JsonObject,
  listOperations,
  type OperationEntry,
  type ParameterEntry,
  resolveRef,
} from '@webmon/openapi-core';
import type { Change } from './change.js';
import { compareSchemas, type Direction } from './compare-schemas.js';

/** Every operation by label, e.g. `POST /uptime`. */
const operationsOf = (document: JsonObject): Map<string, OperationEntry> =>
  new Map(listOperations(document).map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry]));

/** The parameters that apply to an operation (path-level ones merged in), by location and name. */
const parametersOf = (entry: OperationEntry): Map<string, ParameterEntry> =>
  new Map(entry.parameters.map((p) => [`${p.in} ${p.name}`, p]));

const bodySchema = (document: JsonObject, operation: JsonObject): [string, unknown] | undefined => {
  const body = resolveRef<JsonObject | undefined>(document, operation.requestBody);
  const content = (body?.content ?? {}) as Record<string, { schema?: unknown }>;
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  return mediaType ? [mediaType, media?.schema] : undefined;
};

const responsesOf = (document: JsonObject, operation: JsonObject) =>
  Object.fromEntries(
    Object.entries((operation.responses ?? {}) as Record<string, unknown>).map(([code, raw]) => [
      code,
      resolveRef<JsonObject>(document, raw),
    ]),
  );

export function diffBundles(before: JsonObject, after: JsonObject): Change[] {
  const changes: Change[] = [];
  const add = (change: Change) => changes.push(change);
  const opsBefore = operationsOf(before);
  const opsAfter = operationsOf(after);

  for (const [label] of opsBefore) {
    if (!opsAfter.has(label))
      add({ severity: 'breaking', operation: label, where: 'operation', message: 'operation removed' });
  }
  for (const [label] of opsAfter) {
    if (!opsBefore.has(label))
      add({ severity: 'feature', operation: label, where: 'operation', message: 'new operation' });
  }

  for (const [label, was] of opsBefore) {
    const is = opsAfter.get(label);
    if (!is) continue;
    const ctx = (direction: Direction) => ({ before, after, direction, operation: label, add });

    const paramsBefore = parametersOf(was);
    const paramsAfter = parametersOf(is);
    for (const [key, param] of paramsBefore) {
      const next = paramsAfter.get(key);
      if (!next) {
        add({
          severity: 'breaking',
          operation: label,
          where: `${param.in} ${param.name}`,
          message: 'parameter removed',
        });
        continue;
      }
      if (!param.required && next.required)
        add({
          severity: 'breaking',
          operation: label,
          where: `${param.in} ${param.name}`,
          message: 'parameter became required',
        });
      compareSchemas(ctx('request'), param.schema, next.schema, `${param.in} ${param.name}`);
    }
    for (const [key, param] of paramsAfter) {
      if (paramsBefore.has(key)) continue;
      add({
        severity: param.required ? 'breaking' : 'feature',
        operation: label,
        where: `${param.in} ${param.name}`,
        message: param.required ? 'new required parameter' : 'new optional parameter',
      });
    }

    const bodyBefore = bodySchema(before, was.operation);
    const bodyAfter = bodySchema(after, is.operation);
    if (bodyBefore && bodyAfter) {
      if (bodyBefore[0] !== bodyAfter[0]) {
        add({
          severity: 'breaking',
          operation: label,
          where: 'request body',
          message: `media type changed from ${bodyBefore[0]} to ${bodyAfter[0]}`,
        });
      } else {
        compareSchemas(ctx('request'), bodyBefore[1], bodyAfter[1], 'request body');
      }
    } else if (bodyBefore && !bodyAfter) {
      add({ severity: 'breaking', operation: label, where: 'request body', message: 'request body removed' });
    } else if (!bodyBefore && bodyAfter) {
      add({ severity: 'breaking', operation: label, where: 'request body', message: 'request body added' });
    }

    const responsesBefore = responsesOf(before, was.operation);
    const responsesAfter = responsesOf(after, is.operation);
    const success = (responses: Record<string, JsonObject>) => Object.keys(responses).filter((code) => /^2/.test(code));
    const successBefore = success(responsesBefore);
    for (const code of successBefore) {
      const next = responsesAfter[code];
      if (!next) {
        add({
          severity: 'breaking',
          operation: label,
          where: `${code} response`,
          message: `success status ${code} no longer answered (now ${success(responsesAfter).join(', ') || 'none'})`,
        });
        continue;
      }
      const schemaOf = (response: JsonObject) =>
        (response.content as Record<string, { schema?: unknown }> | undefined)?.['application/json']?.schema;
      const wasSchema = schemaOf(responsesBefore[code]!);
      const isSchema = schemaOf(next);
      if (wasSchema && isSchema) compareSchemas(ctx('response'), wasSchema, isSchema, `${code} response`);
      else if (wasSchema && !isSchema)
        add({ severity: 'breaking', operation: label, where: `${code} response`, message: 'response body removed' });
    }
  }
  return changes;
}
