// One call by operationId, the answer's body returned as the API sent it (not
// unwrapped). The entry for layers generated elsewhere from the same bundle
// (orval's React Query hooks, MCP tools) that bring their own types but must
// send exactly as this client does: same encoding, retries, rate-limit
// handling, hooks and typed errors.
import { operations } from './generated/operations.js';
import type { OperationInfo } from './operation-info.js';
import { pathValuesProblem } from './prepare.js';
import { createTransport, type ClientOptions, type RequestOptions } from './transport.js';
import type { OperationId } from './types.js';

/**
 * `request('get-uptime-test', ['123'], undefined, { signal })` -> `{ data: {...} }`; `undefined` for a 204.
 * An operation this client was not generated with may be given by its row (method, path, wire shape),
 * as @webmon/openapi-core's `wireShapeOf` reads it from a bundle: the docs' try-it under `pnpm dev`.
 */
export type RawRequest = (
  operationId: OperationId | OperationRow,
  pathValues: readonly unknown[],
  input?: Record<string, unknown>,
  options?: RequestOptions,
) => Promise<unknown>;

/** The operation table (method, path template, pagination, encoding hints) keyed by operationId. */
export const operationTable: Readonly<Record<OperationId, OperationInfo>> = operations;

const raw = new Map<string, OperationInfo>();
for (const [id, { unwrap: _unwrap, ...row }] of Object.entries(operations as Record<string, OperationInfo>))
  raw.set(id, row);

/** An operation given by its row rather than its id: what `unwrap` and `success` are not needed for. */
export type OperationRow = Omit<OperationInfo, 'success' | 'unwrap'>;

/** Takes the same options as `createClient`. */
export function createRequest(options: ClientOptions): RawRequest {
  const send = createTransport(options);
  return (operationId, pathValues, input, callOptions) => {
    const byRow = typeof operationId !== 'string';
    const operation = byRow ? { success: 0, ...operationId } : raw.get(operationId);
    if (!operation) return Promise.reject(new TypeError(`Unknown operation: ${String(operationId)}`));
    const problem = pathValuesProblem(operation, pathValues);
    if (problem) return Promise.reject(problem);
    const id = byRow ? `${operation.method} ${operation.path}` : operationId;
    return send(id, operation, pathValues, input, callOptions);
  };
}
