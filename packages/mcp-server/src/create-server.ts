// The MCP server: the generated tools listed as they are, each call handed to
// the client. SDK's low-level Server rather than McpServer: registerTool wants
// zod schemas, and these input schemas are JSON Schema straight from the
// bundle (the SDK documents Server for exactly this "advanced" use).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createClient, DEFAULT_BASE_URL, type ClientOptions } from '@webmon/ts-client';
import { createToolCaller } from './call-tool.js';
import { recipes } from './generated/recipes.js';
import { API_VERSION, SERVER_NAME, SERVER_VERSION, tools } from './generated/tools.js';
import { runRecipe } from './run-recipe.js';

export interface McpServerOptions {
  /** Which API the tools reach, said to the agent in the server's instructions. */
  mode: 'sandbox' | 'api';
  /** The client's options: token, baseUrl, and anything else (fetch, retries, ...). */
  client: ClientOptions;
}

/** What the agent is told about where its calls go. */
export function describeTarget(mode: 'sandbox' | 'api', baseUrl: string | undefined): string {
  return mode === 'sandbox'
    ? `SANDBOX: these tools call a mock of the website-monitoring API ${API_VERSION} running inside this MCP server${baseUrl ? ` (${baseUrl})` : ''}, seeded with sample records. It validates, paginates and rate-limits like the real API. Create, change and delete freely: no real account is touched, and everything is forgotten when the server stops. The recipe-* tools run the docs' recipes (multi-step workflows) end to end here, moving the sandbox's clock where time has to pass. To use a real account, set WEBMON_API_TOKEN in the server's environment.`
    : `LIVE: these tools call the website-monitoring API ${API_VERSION} at ${baseUrl ?? DEFAULT_BASE_URL} with the account of WEBMON_API_TOKEN. Creates, updates and deletes change that account for real.`;
}

export function createMcpServer(options: McpServerOptions): Server {
  const clientOptions: ClientOptions = {
    // A tool call should answer: a server asking to wait longer than this
    // comes back as a tool error saying when to retry, for the agent to decide.
    maxRetryAfterMs: 5_000,
    timeoutMs: 60_000,
    userAgent: `${SERVER_NAME}/${SERVER_VERSION}`,
    ...options.client,
  };
  const client = createClient(clientOptions);
  const call = createToolCaller(client, tools);
  // The recipes move the sandbox clock, which only the sandbox has: listed there alone.
  const sandboxUrl = options.mode === 'sandbox' ? options.client.baseUrl : undefined;
  const recipeTools = sandboxUrl ? recipes : [];
  const server = new Server(
    {
      name: SERVER_NAME,
      title: `Website monitoring API${options.mode === 'sandbox' ? ' (sandbox)' : ''}`,
      version: SERVER_VERSION,
    },
    { capabilities: { tools: {} }, instructions: describeTarget(options.mode, options.client.baseUrl) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...tools.map(({ name, title, description, annotations, inputSchema }) => ({
        name,
        title,
        description,
        annotations,
        inputSchema: { ...inputSchema },
      })),
      ...recipeTools.map(({ name, title, description, inputSchema }) => ({
        name,
        title,
        description,
        // Creates records and moves the sandbox's clock, all inside the sandbox.
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
        inputSchema: { ...inputSchema },
      })),
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const recipe = recipeTools.find(({ name }) => name === request.params.name);
    const args = request.params.arguments ?? {};
    if (!recipe || !sandboxUrl) return call(request.params.name, args, extra.signal);
    const problem = argumentProblem(recipe.inputSchema, args);
    if (problem) return { content: [{ type: 'text', text: problem }], isError: true };
    return runRecipe(recipe, args, { ...clientOptions, baseUrl: sandboxUrl }, extra.signal);
  });
  return server;
}

/** An argument the recipe does not take, or a required one missing, named before anything is sent. */
function argumentProblem(
  schema: { properties: Record<string, unknown>; required?: readonly string[] },
  args: Record<string, unknown>,
): string | undefined {
  const unknown = Object.keys(args).filter((key) => !Object.hasOwn(schema.properties, key));
  if (unknown.length)
    return `Unknown argument(s) ${unknown.join(', ')}. This recipe takes: ${Object.keys(schema.properties).join(', ')}.`;
  const missing = (schema.required ?? []).filter((key) => args[key] === undefined);
  return missing.length ? `Missing ${missing.join(', ')}: this recipe needs it.` : undefined;
}
