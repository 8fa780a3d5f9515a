import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { planRecipes, type Recipe, type RecipeCode, recipeCode } from '@webmon/try-it/recipes';

/**
 * The recipe pages (issue 43), `/guides/recipes/<workflowId>`, generated at
 * build time from the spec's Arazzo workflows (`@webmon/spec/workflows.json`):
 * no page is written by hand. Each page carries its workflow planned as calls
 * against the bundle and the sandbox clock's description (`planRecipes`), and
 * the whole recipe as code (`recipeCode`); `src/recipes/RecipePage.tsx` draws
 * it and runs it in the reader's sandbox. `/guides/recipes` lists them.
 * The Markdown twins and llms.txt lines come from the same content
 * (agentDocs.ts reads this plugin's content).
 */

export interface RecipePage {
  recipe: Recipe;
  code: RecipeCode[];
  /** The page's path below the base URL, no trailing slash: `guides/recipes/monitor-a-site`. */
  path: string;
}

export const RECIPES_PATH = 'guides/recipes';

/** Every workflow of the spec, planned and written as code, in the spec's file order. */
export function loadRecipes(siteDir: string): RecipePage[] {
  const require = createRequire(join(siteDir, 'package.json'));
  const read = (name: string): unknown => JSON.parse(readFileSync(require.resolve(name), 'utf8'));
  const documents = { webmon: read('@webmon/spec/openapi.json'), sandbox: read('@webmon/spec/sandbox-clock.json') };
  const files = read('@webmon/spec/workflows.json') as { file: string; document: unknown }[];
  return files.flatMap(({ file, document }) => {
    try {
      return planRecipes(document, { documents, api: 'webmon' }).map((recipe) => ({
        recipe,
        code: recipeCode(recipe),
        path: `${RECIPES_PATH}/${recipe.workflowId}`,
      }));
    } catch (error) {
      throw new Error(`recipes: workflows/${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

export default function recipes(context: LoadContext): Plugin<RecipePage[]> {
  const { siteDir, baseUrl } = context;
  return {
    name: 'portal-recipes',
    loadContent: () => loadRecipes(siteDir),
    async contentLoaded({ content, actions }) {
      for (const page of content) {
        const data = await actions.createData(`${page.recipe.workflowId}.json`, JSON.stringify(page));
        actions.addRoute({
          path: `${baseUrl}${page.path}`,
          component: '@site/src/recipes/RecipePage.tsx',
          exact: true,
          modules: { page: data },
        });
      }
      const list = content.map(({ recipe, path }) => ({ title: recipe.title, summary: recipe.summary, path }));
      const index = await actions.createData('recipes.json', JSON.stringify(list));
      actions.addRoute({
        path: `${baseUrl}${RECIPES_PATH}`,
        component: '@site/src/recipes/RecipeIndex.tsx',
        exact: true,
        modules: { recipes: index },
      });
    },
  };
}
