/**
 * What the try-it knows about its sandbox: which server it is, the token it
 * sends there, and the scenario the reader switched on.
 *
 * - The sandbox is the server scripts/prepare-api.mjs marks `x-sandbox: true`
 *   (the spec's server on localhost, answered in the browser by
 *   src/api/inBrowserMock.ts). It is listed first, so it is the default.
 * - Its token is filled in for the reader (the mock takes any token); the
 *   reader's own token, typed for production in the theme's Auth field, is
 *   never sent to the sandbox, nor the sandbox's to production
 *   (src/theme/ApiExplorer/buildPostmanRequest.ts).
 * - A scenario makes the next answers a 429, a 500 or a slow one: the try-it
 *   sends the mock's `Prefer` header (packages/mock-server, Scenarios), and the
 *   samples show it, so the same call can be replayed against `npx @webmon/mock-server`.
 *   It lasts for this page's life (in-app navigation included), like the mock's data.
 */

/** The server object as the theme's store holds it. */
export interface TryItServer {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
  'x-sandbox'?: boolean;
}

/** Sent as the bearer token to the sandbox only. The mock accepts any token. */
export const SANDBOX_TOKEN = 'sandbox-token';

export const isSandbox = (server: TryItServer | undefined): boolean => server?.['x-sandbox'] === true;

/** The server's URL with its variables filled in, no trailing slash. */
export function serverUrl(server: TryItServer): string {
  let url = server.url.replace(/\/$/, '');
  for (const [name, variable] of Object.entries(server.variables ?? {}))
    url = url.replace(`{${name}}`, variable.default);
  return url;
}

/** `http://localhost:4010` for `http://localhost:4010/v1`. */
export const serverOrigin = (server: TryItServer): string => new URL(serverUrl(server)).origin;

export const SCENARIOS = [
  { id: 'none', label: 'Normal answers', prefer: null },
  { id: '429', label: '429 Too Many Requests (rate limit)', prefer: 'code=429' },
  { id: '500', label: '500 Server error', prefer: 'code=500' },
  { id: 'slow', label: 'Slow answer (3 s)', prefer: 'delay=3000' },
] as const;

export type ScenarioId = (typeof SCENARIOS)[number]['id'];

let scenario: ScenarioId = 'none';
const listeners = new Set<() => void>();

/** For useSyncExternalStore: the scenario switched on, and a way to hear of changes. */
export const sandboxScenario = {
  get: (): ScenarioId => scenario,
  getServer: (): ScenarioId => 'none',
  set(next: ScenarioId): void {
    scenario = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The `Prefer` header a request to `server` carries, or null. */
export function preferHeader(server: TryItServer | undefined, id: ScenarioId = scenario): string | null {
  if (!isSandbox(server)) return null;
  return SCENARIOS.find((s) => s.id === id)?.prefer ?? null;
}
