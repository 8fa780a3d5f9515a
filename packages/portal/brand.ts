/**
 * Brand: every product name, link and label the portal shows, in one typed
 * module. `docusaurus.config.ts` and the React pages read from here; nothing
 * else types these values again.
 *
 * The API version is deliberately NOT here: it is read from the bundle
 * (`@webmon/spec/openapi.json`) by docusaurus.config.ts and handed to the
 * pages as `customFields.apiVersion`.
 */

export interface ClientLibrary {
  /** Key used in guides' brand tokens, e.g. `%brand.clients.go.install%`. */
  key: 'go' | 'javascript' | 'python' | 'ruby';
  /** Language name shown as the card title. */
  title: string;
  /** The one package name (module path, npm package, PyPI project, gem) for this language. */
  packageName: string;
  /** The command a reader copies to install the client. */
  prompt: string;
  /** Repository of the client. */
  href: string;
  /** Maturity as the provider states it: `stable` or `alpha`. */
  status: 'stable' | 'alpha';
  image: { src: string; alt: string };
}

export interface FooterColumn {
  title: string;
  items: { label: string; to?: string; href?: string }[];
}

export interface Brand {
  /** The provider's name, as readers know it. */
  company: string;
  title: string;
  /** Shown next to the logo in the navbar (the logo itself reads "Webmon"). */
  navbarTitle: string;
  tagline: string;
  /** Production URL of the portal (used for canonical links and the sitemap). */
  url: string;
  favicon: string;
  logo: { src: string; srcDark: string; alt: string };
  /**
   * Host of the production API. The API description's server default says the
   * same (`test/brand.test.ts` checks it), so the client's default and the
   * reference's samples call this host.
   */
  apiHost: string;
  /** `https://<apiHost>/v1`. */
  apiBaseUrl: string;
  dashboardUrl: string;
  /** The dashboard page where API tokens are created and deleted. */
  tokensUrl: string;
  statusUrl: string;
  githubUrl: string;
  /** This portal's repository: the TypeScript client and the mock live there too. */
  repositoryUrl: string;
  issuesUrl: string;
  /** Environment variable every guide, the CLI walkthrough and the Terraform provider read the token from. */
  tokenEnv: string;
  clients: ClientLibrary[];
  terraform: {
    /** `source` in `required_providers`. */
    source: string;
    /** Version constraint the guide pins. */
    version: string;
    registryUrl: string;
    repositoryUrl: string;
    /** Prefix of the provider's environment variables (`WEBMON_RPS`, ...). */
    envPrefix: string;
  };
  /** The mock server readers run locally (published from this repository). */
  mockServer: { packageName: string; command: string };
  /** The React (TanStack Query) hooks and the MCP server for AI agents, on the JavaScript client (published from this repository). */
  reactHooks: { packageName: string };
  mcpServer: { packageName: string };
  community: { stackOverflowUrl: string; linkedInUrl: string; twitterUrl: string };
  announcement: { id: string; surveyUrl: string };
  footer: FooterColumn[];
  copyrightYear: number;
}

const company = 'Webmon';
const site = 'https://webmon.dev';
const githubOrg = 'https://github.com/webmon-dev';
const repositoryUrl = `${githubOrg}/developer-portal`;
const apiHost = 'api.webmon.dev';
const dashboardUrl = 'https://app.webmon.dev';
const community = {
  stackOverflowUrl: 'https://stackoverflow.com/questions/tagged/webmon',
  linkedInUrl: 'https://www.linkedin.com/company/webmon',
  twitterUrl: 'https://twitter.com/webmon',
};

export const brand: Brand = {
  company,
  title: `${company} Developers`,
  navbarTitle: 'Developers',
  tagline: 'Build comprehensive website monitoring suites with the tools and languages you love',
  url: 'https://developers.webmon.dev',
  favicon: 'img/favicon.svg',
  logo: {
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    alt: `${company} logo`,
  },
  apiHost,
  apiBaseUrl: `https://${apiHost}/v1`,
  dashboardUrl,
  tokensUrl: `${dashboardUrl}/settings/api-tokens`,
  statusUrl: 'https://status.webmon.dev',
  githubUrl: githubOrg,
  repositoryUrl,
  issuesUrl: `${repositoryUrl}/issues`,
  tokenEnv: 'WEBMON_API_TOKEN',
  clients: [
    {
      key: 'go',
      title: 'Go',
      packageName: 'github.com/webmon-dev/webmon-go',
      prompt: 'go get github.com/webmon-dev/webmon-go',
      href: `${githubOrg}/webmon-go`,
      status: 'stable',
      image: { src: 'img/clients/go.svg', alt: 'Go gopher icon' },
    },
    {
      key: 'javascript',
      title: 'JavaScript',
      packageName: '@webmon/ts-client',
      prompt: 'npm install @webmon/ts-client',
      href: `${repositoryUrl}/tree/main/packages/ts-client`,
      status: 'stable',
      image: { src: 'img/clients/javascript.svg', alt: 'JavaScript icon' },
    },
    {
      key: 'python',
      title: 'Python',
      packageName: 'webmon',
      prompt: 'pip install webmon',
      href: `${githubOrg}/webmon-python`,
      status: 'alpha',
      image: { src: 'img/clients/python.svg', alt: 'Python icon' },
    },
    {
      key: 'ruby',
      title: 'Ruby',
      packageName: 'webmon',
      prompt: 'gem install webmon',
      href: `${githubOrg}/webmon-ruby`,
      status: 'alpha',
      image: { src: 'img/clients/ruby.svg', alt: 'Ruby icon' },
    },
  ],
  terraform: {
    source: 'webmon-dev/webmon',
    version: '~> 1.2',
    registryUrl: 'https://registry.terraform.io/providers/webmon-dev/webmon/latest/docs',
    repositoryUrl: `${githubOrg}/terraform-provider-webmon`,
    envPrefix: 'WEBMON_',
  },
  mockServer: { packageName: '@webmon/mock-server', command: 'npx @webmon/mock-server' },
  reactHooks: { packageName: '@webmon/react-query' },
  mcpServer: { packageName: '@webmon/mcp-server' },
  community,
  announcement: {
    // Change the id to show the bar again to readers who closed it.
    id: 'docs-survey-2025',
    surveyUrl: `${site}/docs-survey`,
  },
  footer: [
    { title: 'Documentation', items: [{ label: 'Guides', to: '/guides' }] },
    {
      title: 'Community',
      items: [
        { label: 'GitHub', href: githubOrg },
        { label: 'Stack Overflow', href: community.stackOverflowUrl },
        { label: 'LinkedIn', href: community.linkedInUrl },
        { label: 'Twitter', href: community.twitterUrl },
      ],
    },
    {
      title: 'More',
      items: [
        { label: 'Blog', href: `${site}/blog` },
        { label: 'Careers', href: `${site}/careers` },
      ],
    },
  ],
  copyrightYear: 2025,
};

export default brand;
