// The sandbox: the mock API (@webmon/mock-server) started inside this process,
// on a free loopback port. It behaves like the real API (validation, rate
// limits, pagination, seeded sample records) and keeps everything in memory:
// when the MCP server stops, the sandbox and its data are gone.
import { startServer } from '@webmon/mock-server/node';

/** The token the tools use on the sandbox; any token works there, each with its own data. */
export const SANDBOX_TOKEN = 'sandbox';

export interface Sandbox {
  /** Base URL of the mock API, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  close(): Promise<void>;
}

export async function startSandbox(): Promise<Sandbox> {
  // Loopback only, and no `log`: stdout is the MCP channel.
  const mock = await startServer({ port: 0, host: '127.0.0.1' });
  return { url: mock.url, close: () => mock.close() };
}
