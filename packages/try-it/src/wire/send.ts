// Send: one call through @webmon/ts-client (its encoder, its headers), with
// no retries, to the sandbox's fetch or the network, and the answer kept as
// it came (status, headers, text) for the response panel.
import { createRequest, type OperationRow, type PreparedRequest, prepareRequest } from '@webmon/ts-client';
import type { Call } from '../model/values.js';

export interface Target {
  baseUrl: string;
  token: string;
  /** The sandbox's fetch; the network's when absent. */
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

export interface Exchange {
  request: PreparedRequest;
  status?: number;
  headers: [string, string][];
  text: string;
  ms: number;
  /** Why no answer came (network, CORS, an invalid value the client refused to send). */
  failure?: string;
}

export async function send(
  row: OperationRow,
  call: Call,
  target: Target,
  now = () => performance.now(),
): Promise<Exchange> {
  const options = { baseUrl: target.baseUrl, headers: target.headers };
  const started = now();
  let request: PreparedRequest;
  try {
    request = prepareRequest(row, call.pathValues, call.input, options);
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    return { request: { method: 'GET', url: target.baseUrl, headers: {} }, headers: [], text: '', ms: 0, failure };
  }
  let answer: Response | undefined;
  const raw = createRequest({
    token: target.token,
    baseUrl: target.baseUrl,
    retry: false,
    ...(target.fetch ? { fetch: target.fetch } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
    onResponse: (response) => {
      answer = response.clone();
    },
  });
  let failure: string | undefined;
  await raw(row, call.pathValues, call.input).catch((error: unknown) => {
    if (!answer) failure = error instanceof Error ? error.message : String(error);
  });
  if (!answer) return { request, headers: [], text: '', ms: now() - started, failure: failure ?? 'No answer.' };
  const text = await answer.text();
  return { request, status: answer.status, headers: [...answer.headers], text, ms: now() - started };
}
