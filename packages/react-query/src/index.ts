// Public surface of @webmon/react-query: orval's generated hooks, query keys,
// options functions and types, the one setting (`configure`), and ts-client's
// error classes so `error instanceof ValidationError` needs no second import.
export * from './generated/hooks.js';
export { configure, type ErrorType, type BodyType, type RequestConfig } from './send.js';
export {
  APIError,
  ValidationError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
  ConnectionError,
  TimeoutError,
  type ClientOptions,
  type RequestOptions,
  type FieldErrors,
} from '@webmon/ts-client';
