import siteConfig from '@generated/docusaurus.config';

/**
 * The one sandbox of the site (the try-it's panels and the recipes), its
 * storage named after the site's base URL: two sites on one origin keep
 * their records apart.
 */
export const sandboxName = (): string => `webmon-sandbox:${siteConfig.baseUrl}`;
