import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readWorkflows } from '@webmon/arazzo';

/** The recipe pages (src/plugins/recipes.ts), titled as their workflows are. */
const workflows = (
  JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@webmon/spec/workflows.json'), 'utf8')) as {
    document: unknown;
  }[]
).flatMap(({ document }) => readWorkflows(document));

// @docusaurus/plugin-content-docs (which exports SidebarsConfig) is not a
// direct dependency; Docusaurus validates the sidebar shape at build time.
type SidebarsConfig = Record<string, unknown[]>;

/**
 * One sidebar, `guides`, in the order of the portal facts: Overview, API,
 * SDKs, CLI, Terraform; then the recipes, generated from the spec's workflows.
 * The quickstart, ours, sits in Overview between the facts' about and examples.
 * Categories auto-collapse (themeConfig.docs.sidebar).
 */
const sidebars: SidebarsConfig = {
  guides: [
    {
      type: 'category',
      label: 'Overview',
      collapsed: false,
      items: ['about', 'quickstart', 'examples'],
    },
    {
      type: 'category',
      label: 'API',
      items: ['api/introduction', 'api/authentication', 'api/ratelimiting', 'api/errors', 'api/parameters'],
    },
    {
      type: 'category',
      label: 'SDKs',
      items: ['sdks/introduction', 'sdks/installation', 'sdks/configuration', 'sdks/backoff', 'sdks/alpha'],
    },
    { type: 'category', label: 'CLI', items: ['cli/introduction'] },
    { type: 'category', label: 'Terraform', items: ['terraform/introduction'] },
    {
      type: 'category',
      label: 'Recipes',
      items: [
        { type: 'link', label: 'All recipes', href: '/guides/recipes' },
        ...workflows.map((w) => ({ type: 'link', label: w.title, href: `/guides/recipes/${w.workflowId}` })),
      ],
    },
  ],
};

export default sidebars;
