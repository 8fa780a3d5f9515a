// Fetch API <-> the pipeline's plain request/response, for msw handlers
// (setupServer in tests, the browser worker).
import { ApiError } from './api-error.js';
import type { MockRequest, MockResponse } from './mock-request.js';

/** Reads a Fetch body no larger than `limit` bytes; null when it is larger. */
async function readBody(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new ApiError(400, 'The request body could not be read to its end.');
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: msw hands handlers a clone of the request (a tee branch), and a
      // branch's cancel() settles only once the other branch is cancelled too, which
      // never happens here: awaiting it left a chunked body over the limit unanswered.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function fromFetchRequest(request: Request): MockRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    origin: url.origin,
    path: url.pathname,
    query: url.search.slice(1),
    header: (name) => request.headers.get(name),
    body: (limit) => readBody(request, limit),
  };
}

export function toFetchResponse(response: MockResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}
