// A tool call -> one client call. The arguments are split the way the
// client's methods take them (path parameters in path order, then the body or
// the query); encoding, retries and errors are the client's, never redone here.
import { type Client, resources } from '@webmon/ts-client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeError } from './describe-error.js';
import type { ToolSpec } from './tool-spec.js';

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** operationId -> the client method that sends it, from the client's own table. */
function methodsById(client: Client): Map<string, AnyMethod> {
  const byId = new Map<string, AnyMethod>();
  const groups = client as unknown as Record<string, Record<string, AnyMethod>>;
  for (const [group, methods] of Object.entries(resources)) {
    for (const [name, operationId] of Object.entries(methods)) {
      const method = groups[group]?.[name];
      if (method) byId.set(operationId, method);
    }
  }
  return byId;
}

const failure = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export type CallTool = (name: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallToolResult>;

export function createToolCaller(client: Client, tools: readonly ToolSpec[]): CallTool {
  const methods = methodsById(client);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  for (const tool of tools) {
    if (!methods.has(tool.name)) throw new Error(`the client has no method for operation ${tool.name}`);
  }
  return async (name, args, signal) => {
    const tool = byName.get(name);
    const method = methods.get(name);
    if (!tool || !method) return failure(`Unknown tool ${name}.`);
    // The schema says additionalProperties: false; say so here too rather
    // than let a misspelt argument vanish from a query.
    const unknown = Object.keys(args).filter((key) => !Object.hasOwn(tool.inputSchema.properties, key));
    if (unknown.length) {
      return failure(
        `Unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. ${name} takes: ${Object.keys(tool.inputSchema.properties).join(', ') || 'nothing'}.`,
      );
    }
    const missing = tool.pathParams.filter((param) => args[param] === undefined || args[param] === '');
    if (missing.length) return failure(`Missing ${missing.join(', ')}: ${name} needs it to name the record.`);
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(args)) if (!tool.pathParams.includes(key)) rest[key] = value;
    const callArgs: unknown[] = tool.pathParams.map((param) => String(args[param]));
    if (tool.input) callArgs.push(rest);
    callArgs.push(signal ? { signal } : undefined);
    try {
      const result = await method(...callArgs);
      return { content: [{ type: 'text', text: present(tool, result) }] };
    } catch (error) {
      if (signal?.aborted) throw error;
      return failure(describeError(error));
    }
  };
}

/**
 * The client's result as JSON text. It returns what the answer holds
 * (the entity, the page, the list) and, for a create, the new id alone:
 * given back as `{"new_id": ...}`, the API's own name for it.
 */
function present(tool: ToolSpec, result: unknown): string {
  if (result === undefined) return `${tool.title}: done.`;
  if (typeof result === 'string') return JSON.stringify({ new_id: result });
  return JSON.stringify(result, null, 2);
}
