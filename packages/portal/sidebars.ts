// @docusaurus/plugin-content-docs (which exports SidebarsConfig) is not a
// direct dependency; Docusaurus validates the sidebar shape at build time.
type SidebarsConfig = Record<string, unknown[]>;

/**
 * One sidebar, `guides`, in the order of the portal facts: Overview, API,
 * SDKs, CLI, Terraform. Categories auto-collapse (themeConfig.docs.sidebar).
 */
const sidebars: SidebarsConfig = {
  guides: [
    {
      type: 'category',
      label: 'Overview',
      collapsed: false,
      items: ['about', 'examples'],
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
  ],
};

export default sidebars;
