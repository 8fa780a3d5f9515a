// Public surface of @webmon/mcp-server, for embedding the server in another
// transport or process. Most users run the `webmon-mcp` bin instead.
export { createMcpServer, describeTarget, type McpServerOptions } from './create-server.js';
export { start, type Started } from './start.js';
export { readTarget, type Target } from './config.js';
export { startSandbox, type Sandbox } from './sandbox.js';
export { describeError } from './describe-error.js';
export { API_VERSION, SERVER_NAME, SERVER_VERSION, tools } from './generated/tools.js';
export type { JsonSchema, ToolInputSchema, ToolSpec } from './tool-spec.js';
