// The shape of one generated recipe (src/generated/recipes.ts): an Arazzo
// workflow of the spec as a sandbox tool, planned as calls at build time
// (`planRecipes` of @webmon/try-it/recipes); its values and criteria are still
// runtime expressions, which src/run-recipe.ts evaluates with @webmon/arazzo.
import type { Criterion, WorkflowInput } from '@webmon/arazzo';
import type { OperationRow } from '@webmon/ts-client';
import type { ToolInputSchema } from './tool-spec.js';

/** A step's request: an operation of a source description, or a URL an earlier step handed over (`x-operation`). */
export type RecipeCall =
  | {
      readonly kind: 'operation';
      /** The source description's name; the client's own operations when it is the recipe's `api`. */
      readonly source: string;
      readonly operationId: string;
      readonly row: OperationRow;
      /** The source's server path below the host: `/v1`, or `` for the sandbox clock. */
      readonly basePath: string;
      /** Path values in the path's order, then the query or form input, as the client takes them. */
      readonly pathValues: readonly unknown[];
      readonly input: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'url'; readonly method: string; readonly url: unknown };

export interface RecipeStep {
  readonly stepId: string;
  readonly successCriteria: readonly Criterion[];
  readonly outputs: Readonly<Record<string, string>>;
  readonly call: RecipeCall;
}

export interface Recipe {
  /** `recipe-<workflowId>`. */
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Omit<ToolInputSchema, 'required'> & { readonly required?: readonly string[] };
  /** The source description the client is generated from. */
  readonly api: string;
  readonly inputs: readonly WorkflowInput[];
  readonly steps: readonly RecipeStep[];
  readonly outputs: Readonly<Record<string, string>>;
}
