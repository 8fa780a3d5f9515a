// The MCP server: the generated tools listed as they are, each call handed to
// the client. SDK's low-level Server rather than McpServer: registerTool wants
// zod schemas, and these input schemas are JSON Schema straight from the
// bundle (the SDK documents Server for exactly this "advanced" use).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createClient, DEFAULT_BASE_URL, type ClientOptions } from '@webmon/ts-client';
import { createToolCaller } from './call-tool.js';
import { API_VERSION, SERVER_NAME, SERVER_VERSION, tools } from './generated/tools.js';

export interface McpServerOptions {
  /** Which API the tools reach, said to the agent in the server's instructions. */
  mode: 'sandbox' | 'api';
  /** The client's options: token, baseUrl, and anything else (fetch, retries, ...). */
  client: ClientOptions;
}

/** What the agent is told about where its calls go. */
export function describeTarget(mode: 'sandbox' | 'api', baseUrl: string | undefined): string {
  return mode === 'sandbox'
    ? `SANDBOX: these tools call a mock of the website-monitoring API ${API_VERSION} running inside this MCP server${baseUrl ? ` (${baseUrl})` : ''}, seeded with sample records. It validates, paginates and rate-limits like the real API. Create, change and delete freely: no real account is touched, and everything is forgotten when the server stops. To use a real account, set WEBMON_API_TOKEN in the server's environment.`
    : `LIVE: these tools call the website-monitoring API ${API_VERSION} at ${baseUrl ?? DEFAULT_BASE_URL} with the account of WEBMON_API_TOKEN. Creates, updates and deletes change that account for real.`;
}

export function createMcpServer(options: McpServerOptions): Server {
  const client = createClient({
    // A tool call should answer: a server asking to wait longer than this
    // comes back as a tool error saying when to retry, for the agent to decide.
    maxRetryAfterMs: 5_000,
    timeoutMs: 60_000,
    userAgent: `${SERVER_NAME}/${SERVER_VERSION}`,
    ...options.client,
  });
  const call = createToolCaller(client, tools);
  const server = new Server(
    {
      name: SERVER_NAME,
      title: `Website monitoring API${options.mode === 'sandbox' ? ' (sandbox)' : ''}`,
      version: SERVER_VERSION,
    },
    { capabilities: { tools: {} }, instructions: describeTarget(options.mode, options.client.baseUrl) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, title, description, annotations, inputSchema }) => ({
      name,
      title,
      description,
      annotations,
      inputSchema: { ...inputSchema },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    call(request.params.name, request.params.arguments ?? {}, extra.signal),
  );
  return server;
}
