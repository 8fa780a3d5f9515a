// The pipeline's own request and response: plain objects, so the Node server
// can feed it straight from node:http without building Fetch Request/Response
// objects (which cost more than the whole pipeline; see README), while msw and
// the browser worker adapt Fetch objects to it (fetch-adapter.ts).

export interface MockRequest {
  method: string;
  /**
   * Scheme, host and port the server is bound to (Node) or the request URL's
   * (msw), e.g. http://127.0.0.1:4010: the fallback for the public origin,
   * which request-origin.ts reads from Host and X-Forwarded-* headers.
   */
  origin: string;
  /** Path as sent, still percent-encoded, without the query. */
  path: string;
  /** Query string without the `?`, still encoded ('' when none). */
  query: string;
  /** A header by lower-case name, or null. */
  header(name: string): string | null;
  /**
   * The body's bytes, or null when there are more than `limit`. Decoding them
   * is the pipeline's (parse-request.ts), the same for every adapter. Rejects
   * with an ApiError when the body never arrives whole.
   */
  body(limit: number): Promise<Uint8Array | null>;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for no body. */
  body: string | null;
}

/** The request's URL on `origin` (the public one: request-origin.ts). */
export const requestUrl = (origin: string, request: MockRequest) =>
  `${origin}${request.path}${request.query ? `?${request.query}` : ''}`;
