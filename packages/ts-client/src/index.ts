// Public surface of @webmon/ts-client.
export { createClient } from './create-client.js';
export { createRequest, operationTable, type OperationRow, type RawRequest } from './request.js';
export { prepareRequest, type PreparedRequest } from './prepare.js';
export { dotSegmentProblem, encodePathSegment } from './encode-path.js';
export type { OperationInfo } from './operation-info.js';
export type { ClientOptions, RequestOptions, HookContext } from './transport.js';
export { type RetryStrategy, serverDelay } from './retry.js';
export type { Clock, Sleep, Timer } from './timing.js';
export {
  APIError,
  ValidationError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  ConnectionError,
  TimeoutError,
  parseErrorBody,
  type APIErrorInit,
  type ErrorBody,
  type FieldErrors,
} from './errors.js';
export type { Client, OperationId, Params, Body, Result, Item, SuccessBody, Args, Method, AllMethod } from './types.js';
/** openapi-typescript's types for the whole description: `components['schemas']['UptimeTest']`, ... */
export type { paths, components, operations } from './generated/api.js';
export { API_VERSION, DEFAULT_BASE_URL } from './generated/operations.js';
/** `client.<group>.<method>` -> operationId (`resources.uptime.create === 'create-uptime-test'`): for code that works by operationId. */
export { resources } from './generated/operations.js';
