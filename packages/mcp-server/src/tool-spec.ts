// The shape of one generated tool (src/generated/tools.ts): what the MCP
// client sees (name, title, description, annotations, input schema) and what
// the server needs to call the client with it (path parameters, input kind).

/** A JSON Schema (2020-12) as the generator writes it: plain JSON. */
export type JsonSchema = { readonly [keyword: string]: unknown };

export interface ToolInputSchema {
  readonly type: 'object';
  readonly properties: { readonly [name: string]: JsonSchema };
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}

export interface ToolSpec {
  /** The operationId, e.g. `create-uptime-test`. */
  readonly name: string;
  /** The operation's summary. */
  readonly title: string;
  /** Summary, the operation's description, and how lists and pages work as tool arguments. */
  readonly description: string;
  readonly method: string;
  /** Path parameters in path order: the client's positional arguments. */
  readonly pathParams: readonly string[];
  /** What the other arguments are: the form body or the query (none for get and delete). */
  readonly input?: 'body' | 'query';
  /** MCP's behaviour hints, from the HTTP method. */
  readonly annotations: {
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
  readonly inputSchema: ToolInputSchema;
}
