import { createApiPageMD } from 'docusaurus-plugin-openapi-docs/lib/markdown';

type ApiPage = Parameters<typeof createApiPageMD>[0];

/**
 * The reference plugin's operation page generator (`markdownGenerators.createApiPageMD`
 * in docusaurus.config.ts): the plugin's own page, then the operation data
 * every page carries for the browser (its `api` front matter) is trimmed to
 * what the browser reads.
 *
 * Why: each operation page's chunk held its responses twice, in full (the
 * rendered StatusCodes and the `api` data), and the API's whole `info`, and
 * an API page also prefetches its sidebar neighbours' chunks. In the browser
 * the theme reads `api.responses` only for the media types of the 2xx answers
 * (ApiItem, the Accept choices) and never `api.info`.
 *
 * What: responses keep their codes and media type names; `info` is dropped.
 * The page's markdown is written first, from the full operation (the plugin
 * serialises `api` after calling this).
 */
export function createApiPageWithSlimData(page: ApiPage): string {
  const markdown = createApiPageMD(page);
  const api = page.api as unknown as {
    responses?: Record<string, { content?: Record<string, unknown> }>;
    info?: unknown;
  };
  if (api.responses) {
    api.responses = Object.fromEntries(
      Object.entries(api.responses).map(([code, response]) => [
        code,
        response.content
          ? { content: Object.fromEntries(Object.keys(response.content).map((type) => [type, {}])) }
          : {},
      ]),
    );
  }
  delete api.info;
  return markdown;
}
