// Starts the built bin (dist/cli.js) as an MCP host would: a child process
// spoken to over stdio by the SDK's own client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

export interface Session {
  client: Client;
  /** Resolves with what the server wrote to stderr once it includes `text` (stderr and stdout are separate pipes: no order between them). */
  stderrIncluding(text: string): Promise<string>;
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

/** `env` is all the server sees besides the SDK's safe defaults (PATH, HOME, ...). */
export async function connect(env: Record<string, string> = {}): Promise<Session> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI], env, stderr: 'pipe' });
  let stderr = '';
  const waiters = new Set<() => void>();
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const check of waiters) check();
  });
  const client = new Client({ name: 'webmon-mcp-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    stderrIncluding: (text) =>
      new Promise((resolve) => {
        const check = () => {
          if (!stderr.includes(text)) return;
          waiters.delete(check);
          resolve(stderr);
        };
        waiters.add(check);
        check();
      }),
    async call(name, args = {}) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
      return { text, isError: result.isError === true };
    },
    close: () => client.close(),
  };
}
