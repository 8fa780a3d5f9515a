// The pipeline's own request and response: plain objects, so the Node server
// can feed it straight from node:http without building Fetch Request/Response
// objects (which cost more than the whole pipeline; see README), while msw and
// the browser worker adapt Fetch objects to it (fetch-adapter.ts).

export interface MockRequest {
  method: string;
  /** Scheme, host and port, e.g. http://localhost:4010 */
  origin: string;
  /** Path as sent, still percent-encoded, without the query. */
  path: string;
  /** Query string without the `?`, still encoded ('' when none). */
  query: string;
  /** A header by lower-case name, or null. */
  header(name: string): string | null;
  /** The body as text, or null when it is larger than `limit` bytes. */
  body(limit: number): Promise<string | null>;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or null for no body. */
  body: string | null;
}

export const requestUrl = (request: MockRequest) =>
  `${request.origin}${request.path}${request.query ? `?${request.query}` : ''}`;
