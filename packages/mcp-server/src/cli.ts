#!/usr/bin/env node
// webmon-mcp: the MCP server over stdio. stdout carries the protocol, so
// everything for humans goes to stderr.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { start } from './start.js';

let started: Awaited<ReturnType<typeof start>>;
try {
  started = await start(process.env);
} catch (error) {
  process.stderr.write(`webmon-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const { server, banner, close } = started;
process.stderr.write(`webmon-mcp: ${banner}\n`);

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await server.close().catch(() => undefined);
  await close();
  process.exit(0);
}
// The host ends the session by closing our stdin (or with a signal).
server.onclose = () => void shutdown();
process.stdin.on('end', () => void shutdown());
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

await server.connect(new StdioServerTransport());
