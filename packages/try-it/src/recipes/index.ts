// Recipes: Arazzo workflows as calls (plan.ts), as code a reader runs (code.ts),
// and one step run in the page (run.ts). No React: the portal plans and writes
// the code at build time; the page's runner is `Recipe` from the package root.
export {
  type OperationCall,
  planRecipes,
  type Recipe,
  type RecipeSources,
  type RecipeStep,
  type UrlCall,
} from './plan.js';
export { bashScript, goProgram, type RecipeCode, recipeCode, typeScript } from './code.js';
export { type RunTarget, runStep, sandboxNow, type StepResult } from './run.js';
export { timedInputs } from './timed-inputs.js';
export { type Part, partsText, type WireRequest, wireOf } from './wire.js';
