// The shape of one generated recipe (src/generated/recipes.ts): an Arazzo
// workflow of the spec as a sandbox tool, its steps as the workflow writes them.
import type { ToolInputSchema } from './tool-spec.js';

/** One Arazzo step, as much of it as the runner reads. */
export interface RecipeStep {
  readonly stepId: string;
  readonly description?: string;
  /** `$sourceDescriptions.<name>.<operationId>`. */
  readonly operationId?: string;
  /** Respect's extension for a request that is not an operation (a heartbeat's ping URL). */
  readonly 'x-operation'?: { readonly url: string; readonly method?: string };
  readonly parameters?: readonly { readonly name: string; readonly in: string; readonly value: unknown }[];
  readonly requestBody?: { readonly contentType?: string; readonly payload?: unknown };
  readonly successCriteria?: readonly {
    readonly condition: string;
    readonly context?: string;
    readonly type?: string;
  }[];
  readonly outputs?: Readonly<Record<string, string>>;
}

export interface Recipe {
  /** `recipe-<workflowId>`. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Omit<ToolInputSchema, 'required'> & { readonly required?: readonly string[] };
  /** Source description name -> which API it describes. */
  readonly sources: Readonly<Record<string, 'api' | 'sandbox'>>;
  readonly workflow: {
    readonly workflowId: string;
    readonly inputs?: unknown;
    readonly steps: readonly RecipeStep[];
    readonly outputs: Readonly<Record<string, string>>;
  };
}
