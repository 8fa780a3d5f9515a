// orval's mutator: every generated call lands here with orval's request
// config, and goes out through ts-client's transport (bracket arrays, emptied
// arrays, bare flags, retries that read the rate-limit headers, typed errors).
// orval's own fetch, encoding and error handling are never used.
import {
  createRequest,
  type APIError,
  type ClientOptions,
  type ConnectionError,
  type RawRequest,
  type RequestOptions,
} from '@webmon/ts-client';
import { matchOperation } from './match-operation.js';

/** What orval's generated functions pass: the URL with its path values filled in, and the query or body. */
export interface RequestConfig {
  url: string;
  method: string;
  params?: object;
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let request: RawRequest | undefined;

/**
 * Sets the token, base URL and the rest of ts-client's options for every hook.
 * Call it once, before the first hook renders (and again to switch accounts).
 */
export function configure(options: ClientOptions): void {
  request = createRequest(options);
}

/** Each hook's `error`: ts-client's typed errors (`ValidationError` carries `errors`, field -> messages). */
export type ErrorType<_Body> = APIError | ConnectionError;
/** Bodies are the spec's own types; nothing wraps them. */
export type BodyType<Body> = Body;

export async function send<T>(config: RequestConfig, options?: RequestOptions): Promise<T> {
  if (!request) throw new Error('@webmon/react-query: call configure({ token, baseUrl }) before using a hook');
  const { operationId, operation, pathValues } = matchOperation(config.method, config.url);
  const input = (operation.input === 'body' ? config.data : config.params) as Record<string, unknown> | undefined;
  const signal = config.signal ?? options?.signal;
  return (await request(operationId, pathValues, input, signal ? { ...options, signal } : options)) as T;
}
