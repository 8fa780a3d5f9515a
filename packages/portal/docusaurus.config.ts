import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Config, PluginConfig } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { PluginOptions as LocalSearchOptions } from '@easyops-cn/docusaurus-search-local';
import { brand } from './brand';
import { apiPageWithDataFile } from './src/plugins/apiPageData';
import { darkCodeTheme, lightCodeTheme } from './src/prism/codeThemes';
import { brandValues, remarkBrand } from './src/remark/brandTokens';
import { remarkOutputs } from './src/remark/outputs';
import { rehypeStackTables } from './src/rehype/stackTables';
import { ssrTemplate } from './ssrTemplate';

const siteDir = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * The API version shown on the site is read from the bundle, never typed here.
 */
const bundle = JSON.parse(readFileSync(require.resolve('@webmon/spec/openapi.json'), 'utf8')) as {
  info: { title: string; version: string };
};

/**
 * Hosted search (Algolia DocSearch, contextual search on) when all three env
 * vars are set; otherwise a local index built at build time (offline, no account).
 */
const algolia =
  process.env.ALGOLIA_APP_ID && process.env.ALGOLIA_API_KEY && process.env.ALGOLIA_INDEX_NAME
    ? {
        appId: process.env.ALGOLIA_APP_ID,
        apiKey: process.env.ALGOLIA_API_KEY,
        indexName: process.env.ALGOLIA_INDEX_NAME,
        contextualSearch: true,
        searchPagePath: 'search',
      }
    : undefined;
const searchProvider: 'algolia' | 'local' = algolia ? 'algolia' : 'local';

/** Tag-manager analytics only when a container id is given. */
const gtmContainerId = process.env.GTM_CONTAINER_ID || undefined;

/**
 * Last-update times come from git (Docusaurus Faster's eager git reader). A
 * build outside a git worktree (a source tarball, a temp copy) would throw, so
 * the VCS is switched off there instead; in a fresh clone or CI it is on. In a
 * shallow CI clone every page shows the clone's commit date: fetch full history
 * (fetch-depth 0) where exact dates matter.
 */
function insideGitWorktree(): boolean {
  try {
    execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: siteDir, stdio: 'ignore' });
    execFileSync('git', ['rev-parse', '--verify', 'HEAD'], { cwd: siteDir, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const lastUpdateFromGit = process.env.PORTAL_DISABLE_GIT !== '1' && insideGitWorktree();

const localSearch: LocalSearchOptions = {
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  // Both docs instances: the guides and the generated API reference.
  docsRouteBasePath: ['guides', 'api'],
  docsDir: ['guides', 'api-docs'],
  docsPluginIdForPreferredVersion: 'default',
  language: 'en',
  // `search-index.json?_=<hash>`: a stable file name, the query busts caches.
  hashed: 'query',
  // The navbar's search is our modal (src/plugins/searchModal.ts, its keys
  // there); these only size the /search page the plugin still provides.
  searchResultLimits: 8,
  ignoreFiles: [/^test\//],
  // Operation pages are found by their title, description and keywords (method,
  // path, parameter and field names: src/api/api.mustache), not by what every
  // one of them repeats: the "Request" heading, the method-and-path heading,
  // and the Responses section (the shared 400/401/429 answers and their
  // x-ratelimit-* headers made ~36 identical "Request" hits for "rate limit").
  // A tag page's cards repeat its operations' titles and descriptions: a
  // second hit, titled "📄️List uptime check alerts", for every operation found.
  ignoreCssSelectors: [
    '.theme-api-markdown h2.openapi-tabs__heading',
    '.theme-api-markdown .openapi__method-endpoint',
    '.theme-api-markdown .openapi-tabs__container',
    '.theme-doc-card-container',
  ],
};

/**
 * The API reference: a docs instance of its own (`api`, at /api/), so the
 * reference theme's heavy page component (`@theme/ApiItem`) is only in the
 * chunks of API pages, never in the guides'. Its content is generated at build
 * time (`pnpm generate`: scripts/prepare-api.mjs, then the plugin's
 * gen-api-docs) into api-docs/, gitignored.
 */
const apiDocs: PluginConfig = [
  '@docusaurus/plugin-content-docs',
  {
    id: 'api',
    path: 'api-docs',
    routeBasePath: 'api',
    sidebarPath: require.resolve('./sidebars-api.ts'),
    docItemComponent: '@theme/ApiItem',
    breadcrumbs: false,
    showLastUpdateTime: false,
  },
];

/** Where the reference plugin writes the pages (relative to the working directory, as the plugin resolves it). */
const API_OUTPUT_DIR = 'api-docs';

const openApi: PluginConfig = [
  'docusaurus-plugin-openapi-docs',
  {
    id: 'openapi',
    docsPluginId: 'api',
    config: {
      api: {
        // The bundle plus generated x-codeSamples (scripts/prepare-api.mjs).
        specPath: 'generated/openapi.json',
        outputDir: API_OUTPUT_DIR,
        // The info page (API title, description, download) at /api/ itself.
        infoTemplate: 'src/api/info.mustache',
        // The plugin's own operation page, plus `keywords` for the search.
        template: 'src/api/api.mustache',
        // The plugin's default tag page imports @docusaurus/theme-common, not
        // a dependency of ours; <DocCardList /> with no items lists the
        // category's pages by itself.
        tagTemplate: 'src/api/tag.mustache',
        downloadUrl: '/openapi.yaml',
        showSchemas: true,
        // The operation goes into each page as JSON, not deflated and base64ed:
        // gzip packs it with the rest of the page's chunk (~2 kB less per page,
        // and API pages prefetch their sidebar neighbours), and no inflate runs
        // while the page loads (ApiItem takes an object as it is).
        disableCompression: true,
        // The plugin's page, its browser data trimmed, its request parts in a JSON file (src/plugins/apiPageData.ts).
        markdownGenerators: { createApiPageMD: apiPageWithDataFile(API_OUTPUT_DIR) },
        sidebarOptions: {
          groupPathsBy: 'tagGroup',
          categoryLinkSource: 'tag',
          sidebarCollapsed: true,
        },
      },
    },
  },
];

const plugins: PluginConfig[] = [
  apiDocs,
  openApi,
  // Both explained at their top and in the README: stubs for the reference's
  // unused heavy packages, and a chunk of its own for the reference's code.
  require.resolve('./src/plugins/slimApiBundle.ts'),
  require.resolve('./src/plugins/apiChunk.ts'),
  // Prism out of main.js: code blocks highlight from a chunk loaded on demand.
  require.resolve('./src/plugins/prismOnDemand.ts'),
  // main.js compiled off the main thread while it downloads (V8's compile hint).
  require.resolve('./src/plugins/compileHints.ts'),
  // PostCSS options from the config only: no search for a postcss.config.* per CSS file.
  require.resolve('./src/plugins/postcssConfigInline.ts'),
  // `pnpm dev`'s status bar; adds nothing unless PORTAL_DEV_STATUS is set.
  [
    require.resolve('./src/plugins/devStatus.ts'),
    { clientModule: require.resolve('./src/clientModules/devStatus.ts') },
  ],
  // `docusaurus start` with PORTAL_DEV_LAZY=1 only: Rspack's lazy compilation (off: see the plugin).
  require.resolve('./src/plugins/devLazyCompilation.ts'),
  // The recipe pages, /guides/recipes/<workflowId>, from the spec's Arazzo workflows.
  require.resolve('./src/plugins/recipes.ts'),
  // Markdown twins of the guides, recipes and operation pages, /llms.txt, /llms-full.txt.
  require.resolve('./src/plugins/agentDocs.ts'),
];
if (searchProvider === 'local') {
  plugins.push([require.resolve('@easyops-cn/docusaurus-search-local'), { ...localSearch }]);
  // After it: its modal shadows the plugin's dropdown, and the index text is clean.
  plugins.push(require.resolve('./src/plugins/searchModal.ts'));
}

/**
 * The reference theme's options (the theme validates them at build time; its
 * published types point into its TypeScript sources, so they are not imported).
 */
const referenceThemeConfig = {
  // The reference's code samples: the x-codeSamples of the bundle copy, in
  // SPEC order (cURL, Go), then JavaScript with our client. Generated
  // snippets are hidden: the samples shown are the ones CI runs.
  // `language` is the tab's label (no Postman generator runs: see
  // src/plugins/slimApiBundle.ts); `logoClass` picks the theme's tab colours.
  // One variant each: the theme's tab handler reads `variants[0]` on every
  // change of language (an empty list threw a TypeError at each click). With
  // the samples shown (hideGeneratedSnippets), no variant tabs are drawn.
  languageTabs: [
    { language: 'cURL', codeSampleLanguage: 'cURL', highlight: 'bash', logoClass: 'curl', variants: ['curl'] },
    { language: 'Go', codeSampleLanguage: 'Go', highlight: 'go', logoClass: 'go', variants: ['native'] },
    {
      language: 'JavaScript',
      codeSampleLanguage: 'JavaScript',
      highlight: 'javascript',
      logoClass: 'javascript',
      variants: ['fetch'],
    },
  ],
  api: {
    // The token typed in the try-it lives in sessionStorage (gone with the
    // tab's session). The theme reads `authPersistence`; its README spells it
    // `authPersistance`, which the code ignores.
    authPersistence: 'sessionStorage',
    hideGeneratedSnippets: true,
    // Never send the portal's cookies to an API server.
    requestCredentials: 'omit',
  },
};

const config: Config = {
  title: brand.title,
  tagline: brand.tagline,
  favicon: brand.favicon,
  // Deployable under any host and path: the release pipeline sets these.
  url: process.env.PORTAL_URL ?? brand.url,
  baseUrl: process.env.PORTAL_BASE_URL ?? '/',
  // Feed readers find the changelog's Atom feed (written by src/plugins/agentDocs.ts) from any page.
  headTags: [
    {
      tagName: 'link',
      attributes: {
        rel: 'alternate',
        type: 'application/atom+xml',
        title: 'API changes',
        href: `${process.env.PORTAL_BASE_URL ?? '/'}api/api-changes.xml`,
      },
    },
  ],

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    // 3.10 home of the former top-level `onBrokenMarkdownLinks`.
    hooks: { onBrokenMarkdownLinks: 'warn' },
  },

  future: {
    // Docusaurus v4 flags, all on except CSS cascade layers: with layers on,
    // the build wraps Infima in emulated layers (`:root:not(#\#):not(#\#)`
    // specificity), and src/css/custom.css (the brand colours, chosen for
    // contrast) silently loses to Infima's defaults.
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: false,
      siteStorageNamespacing: true,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    // Docusaurus Faster (Rspack, SWC, Lightning CSS, Rspack persistent cache,
    // eager git reads; v4.fasterByDefault turns on each option not set here).
    // `future.faster` is the 3.10 name of `experimental_faster` (the old key
    // now throws). Not its SSG worker threads: each thread compiles the whole
    // server bundle again (1.6 s of CPU), and with our ~130 pages Docusaurus
    // starts two. Measured on 2 cores, the build back to back: the same wall
    // time (16.4-16.9 s against 16.1-17.4), 24.3-24.9 CPU-s against 27.2-28.5.
    faster: { ssgWorkerThreads: false },
    experimental_vcs: lastUpdateFromGit ? 'default-v2' : 'disabled',
  },

  i18n: { defaultLocale: 'en', locales: ['en'] },

  customFields: {
    apiTitle: bundle.info.title,
    apiVersion: bundle.info.version,
    searchProvider,
  },

  // generated/static: the downloadable bundle, copied at build.
  staticDirectories: ['static', 'generated/static'],

  // Docusaurus' page template, but the entry scripts run after the first paint.
  ssrTemplate,

  clientModules: [
    require.resolve('./src/clientModules/normalizeHtmlPaths.ts'),
    require.resolve('./src/clientModules/chunkLoadError.ts'),
    require.resolve('./src/clientModules/instantColorMode.ts'),
  ],

  themes: ['docusaurus-theme-openapi-docs'],

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'guides',
          routeBasePath: 'guides',
          sidebarPath: require.resolve('./sidebars.ts'),
          breadcrumbs: false,
          showLastUpdateTime: true,
          showLastUpdateAuthor: false,
          // `%brand.apiBaseUrl%` and the like in guides: values from brand.ts.
          beforeDefaultRemarkPlugins: [[remarkBrand, { values: Object.fromEntries(brandValues(brand)) }]],
          // What an example prints, labelled "Output" or "Response" (an API answer, pretty-printed).
          remarkPlugins: [remarkOutputs],
          // Tables a phone shows as stacked rows (src/css/custom.css).
          rehypePlugins: [rehypeStackTables],
        },
        blog: false,
        pages: {
          // The guide-examples test lives in test/, never under src/pages.
          exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/*.test.{js,jsx,ts,tsx}', '**/*.module.css'],
        },
        theme: { customCss: require.resolve('./src/css/custom.css') },
        sitemap: {
          // The crash-test route exists for the browser tests only.
          ignorePatterns: ['/test/**'],
        },
        ...(gtmContainerId ? { googleTagManager: { containerId: gtmContainerId } } : {}),
      } satisfies Preset.Options,
    ],
  ],

  plugins,

  themeConfig: {
    ...({
      image: brand.logo.src,
      colorMode: {
        defaultMode: 'light',
        disableSwitch: false,
        respectPrefersColorScheme: true,
      },
      announcementBar: {
        id: brand.announcement.id,
        content: `Help us improve these docs: <a target="_blank" rel="noopener noreferrer" href="${brand.announcement.surveyUrl}">take the two-minute docs survey</a>.`,
        isCloseable: true,
        // Docusaurus writes these inline (default white and black, in both
        // modes): CSS variables let src/css/custom.css follow the colour mode.
        backgroundColor: 'var(--portal-announcement-background)',
        textColor: 'var(--portal-announcement-text)',
      },
      docs: {
        sidebar: { hideable: false, autoCollapseCategories: true },
      },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      navbar: {
        title: brand.navbarTitle,
        logo: { alt: brand.logo.alt, src: brand.logo.src, srcDark: brand.logo.srcDark },
        items: [
          { to: '/guides', label: 'Guides', position: 'left', activeBaseRegex: '^/guides' },
          { to: '/api/', label: 'References', position: 'left', activeBaseRegex: '^/api' },
          { href: brand.dashboardUrl, label: 'Dashboard', position: 'right' },
          {
            href: brand.githubUrl,
            position: 'right',
            className: 'header-github-link',
            'aria-label': 'GitHub repository',
          },
        ],
      },
      footer: {
        style: 'dark',
        links: brand.footer,
        copyright: `Copyright © ${brand.copyrightYear} ${brand.company}.`,
      },
      prism: {
        theme: lightCodeTheme,
        darkTheme: darkCodeTheme,
        // The site's languages are built into Prism: src/plugins/slimPrism.cjs.
        additionalLanguages: [],
      },
      ...(algolia ? { algolia } : {}),
    } satisfies Preset.ThemeConfig),
    ...referenceThemeConfig,
  },
};

export default config;
