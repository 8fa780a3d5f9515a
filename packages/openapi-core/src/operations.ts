import { HTTP_METHODS, type HttpMethod } from './http-methods.js';
import { isObject, type JsonObject } from './json.js';
import { toPointer } from './pointer.js';
import { locate } from './resolve-ref.js';

/** A Parameter Object with its `$ref` followed, and where it lives in the bundle. */
export interface ParameterEntry {
  name: string;
  in: string;
  required: boolean;
  /** The parameter's schema, `$ref`s followed. */
  schema: JsonObject;
  /** The whole Parameter Object, `$ref`s followed (description, examples, extensions...). */
  parameter: JsonObject;
  /** Pointer to the Parameter Object, e.g. `#/components/parameters/limit`: its schema is at `${pointer}/schema`. */
  pointer: string;
}

export interface OperationEntry {
  method: HttpMethod;
  /** The path template, e.g. `/uptime/{test_id}`. */
  path: string;
  operationId: string;
  /** The Operation Object as written (its own `parameters` unmerged: use `parameters`). */
  operation: JsonObject;
  /** Path-level and operation-level parameters, merged by OpenAPI's rule: the operation's override the path's with the same name and location. */
  parameters: ParameterEntry[];
  /** Pointer to the Operation Object, e.g. `#/paths/~1uptime/get`. */
  pointer: string;
}

/**
 * Every operation under `paths`, in document order and HTTP_METHODS order
 * within a path. An operation without an operationId is an error: every
 * consumer keys on it.
 */
export function listOperations(document: unknown): OperationEntry[] {
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {};
  const entries: OperationEntry[] = [];
  for (const [path, node] of Object.entries(paths)) {
    const item = locate<unknown>(document, node, toPointer('paths', path));
    if (!isObject(item.value)) continue;
    const pathItem = item.value;
    const shared = parametersAt(document, pathItem.parameters, item.pointer);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const pointer = `${item.pointer}/${method}`;
      if (typeof operation.operationId !== 'string')
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const own = parametersAt(document, operation.parameters, pointer);
      const overridden = new Set(own.map(parameterKey));
      entries.push({
        method,
        path,
        operationId: operation.operationId,
        operation,
        parameters: [...shared.filter((parameter) => !overridden.has(parameterKey(parameter))), ...own],
        pointer,
      });
    }
  }
  return entries;
}

const parameterKey = (parameter: ParameterEntry) => `${parameter.in}:${parameter.name}`;

function parametersAt(document: unknown, list: unknown, owner: string): ParameterEntry[] {
  if (!Array.isArray(list)) return [];
  return list.map((node, index) => {
    const { value, pointer } = locate<unknown>(document, node, `${owner}/parameters/${index}`);
    if (!isObject(value) || typeof value.name !== 'string' || typeof value.in !== 'string') {
      throw new Error(`${pointer} is not a Parameter Object (it needs a name and an in)`);
    }
    const schema = locate<unknown>(document, value.schema, `${pointer}/schema`).value;
    return {
      name: value.name,
      in: value.in,
      required: value.required === true,
      schema: isObject(schema) ? schema : {},
      parameter: value,
      pointer,
    };
  });
}
