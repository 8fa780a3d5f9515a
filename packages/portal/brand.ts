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
  /** Language name shown as the card title. */
  title: string;
  /** The command a reader copies to install the client. */
  prompt: string;
  /** Repository of the client. */
  href: string;
  image: { src: string; alt: string };
}

export interface FooterColumn {
  title: string;
  items: { label: string; to?: string; href?: string }[];
}

export interface Brand {
  title: string;
  /** Shown next to the logo in the navbar (the logo itself reads "Webmon"). */
  navbarTitle: string;
  tagline: string;
  /** Production URL of the portal (used for canonical links and the sitemap). */
  url: string;
  favicon: string;
  logo: { src: string; srcDark: string; alt: string };
  /** Host of the production API (the site setting behind `https://<host>/v1`). */
  apiHost: string;
  dashboardUrl: string;
  githubUrl: string;
  repositoryUrl: string;
  clients: ClientLibrary[];
  announcement: { id: string; surveyUrl: string };
  footer: FooterColumn[];
  copyrightYear: number;
}

const githubOrg = 'https://github.com/webmon-dev';

export const brand: Brand = {
  title: 'Webmon Developers',
  navbarTitle: 'Developers',
  tagline: 'Build comprehensive website monitoring suites with the tools and languages you love',
  url: 'https://developers.webmon.example',
  favicon: 'img/favicon.svg',
  logo: {
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    alt: 'Webmon logo',
  },
  apiHost: 'api.example.com',
  dashboardUrl: 'https://app.webmon.example',
  githubUrl: githubOrg,
  repositoryUrl: `${githubOrg}/developer-portal`,
  clients: [
    {
      title: 'Go',
      prompt: 'go get github.com/webmon-dev/webmon-go',
      href: `${githubOrg}/webmon-go`,
      image: { src: 'img/clients/go.svg', alt: 'Go gopher icon' },
    },
    {
      title: 'JavaScript',
      prompt: 'npm install @webmon/client',
      href: `${githubOrg}/webmon-js`,
      image: { src: 'img/clients/javascript.svg', alt: 'JavaScript icon' },
    },
    {
      title: 'Python',
      prompt: 'pip install webmon',
      href: `${githubOrg}/webmon-python`,
      image: { src: 'img/clients/python.svg', alt: 'Python icon' },
    },
    {
      title: 'Ruby',
      prompt: 'gem install webmon',
      href: `${githubOrg}/webmon-ruby`,
      image: { src: 'img/clients/ruby.svg', alt: 'Ruby icon' },
    },
  ],
  announcement: {
    // Change the id to show the bar again to readers who closed it.
    id: 'docs-survey-2025',
    surveyUrl: 'https://forms.webmon.example/docs-survey',
  },
  footer: [
    { title: 'Documentation', items: [{ label: 'Guides', to: '/guides' }] },
    {
      title: 'Community',
      items: [
        { label: 'GitHub', href: githubOrg },
        { label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/webmon' },
        { label: 'LinkedIn', href: 'https://www.linkedin.com/company/webmon' },
        { label: 'Twitter', href: 'https://twitter.com/webmon' },
      ],
    },
    {
      title: 'More',
      items: [
        { label: 'Blog', href: 'https://www.webmon.example/blog' },
        { label: 'Careers', href: 'https://www.webmon.example/careers' },
      ],
    },
  ],
  copyrightYear: 2025,
};

export default brand;
