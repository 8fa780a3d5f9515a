// Everything the bin does before connecting a transport: read the target,
// start the sandbox when there is no token, build the server on the client.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ClientOptions } from '@webmon/ts-client';
import { readTarget } from './config.js';
import { createMcpServer, describeTarget } from './create-server.js';
import { startSandbox } from './sandbox.js';

export interface Started {
  server: Server;
  mode: 'sandbox' | 'api';
  /** One line for a human (the bin writes it to stderr). */
  banner: string;
  /** Stops the sandbox, if one runs (the server's transport is closed by its owner). */
  close(): Promise<void>;
}

export async function start(
  env: Record<string, string | undefined>,
  client: Partial<ClientOptions> = {},
): Promise<Started> {
  const target = readTarget(env);
  if (target.mode === 'api') {
    const server = createMcpServer({
      mode: 'api',
      client: { ...client, token: target.token, ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}) },
    });
    return { server, mode: 'api', banner: describeTarget('api', target.baseUrl), close: async () => {} };
  }
  const sandbox = await startSandbox();
  const server = createMcpServer({
    mode: 'sandbox',
    client: { ...client, token: sandbox.token, baseUrl: sandbox.url },
  });
  return { server, mode: 'sandbox', banner: describeTarget('sandbox', sandbox.url), close: () => sandbox.close() };
}
