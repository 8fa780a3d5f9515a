// The sandbox: the mock API (@webmon/mock-server) started inside this process,
// on a free loopback port. It behaves like the real API (validation, rate
// limits, pagination, seeded sample records) and keeps everything in memory:
// when the MCP server stops, the sandbox and its data are gone.
import { randomBytes } from 'node:crypto';
import { startServer } from '@webmon/mock-server/node';

export interface Sandbox {
  /** Base URL of the mock API, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  /**
   * The token the tools use. The mock keeps one account per token; a random
   * one keeps other local processes, which can reach the port, out of this
   * session's records.
   */
  token: string;
  close(): Promise<void>;
}

export async function startSandbox(): Promise<Sandbox> {
  // Loopback only, and no `log`: stdout is the MCP channel.
  const mock = await startServer({ port: 0, host: '127.0.0.1' });
  return { url: mock.url, token: `sandbox-${randomBytes(16).toString('hex')}`, close: () => mock.close() };
}
