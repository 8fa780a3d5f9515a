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

/** `request('get-uptime-test', ['123'], undefined, { signal })` -> `{ data: {...} }`; `undefined` for a 204. */
export type RawRequest = (
  operationId: OperationId,
  pathValues: readonly unknown[],
  input?: Record<string, unknown>,
  options?: RequestOptions,
) => Promise<unknown>;

/** The operation table (method, path template, pagination, encoding hints) keyed by operationId. */
export const operationTable: Readonly<Record<OperationId, OperationInfo>> = operations;

const raw = new Map<string, OperationInfo>();
for (const [id, { unwrap: _unwrap, ...row }] of Object.entries(operations as Record<string, OperationInfo>))
  raw.set(id, row);

/** Takes the same options as `createClient`. */
export function createRequest(options: ClientOptions): RawRequest {
  const send = createTransport(options);
  return (operationId, pathValues, input, callOptions) => {
    const operation = raw.get(operationId);
    if (!operation) return Promise.reject(new TypeError(`Unknown operation: ${String(operationId)}`));
    const problem = pathValuesProblem(operation, pathValues);
    if (problem) return Promise.reject(problem);
    return send(operationId, operation, pathValues, input, callOptions);
  };
}
