// @ts-check
import { readFileSync } from 'node:fs';

/**
 * `npm start` and `pnpm dev`: the pages show the mock's address as the API
 * description gives it (its local server, e.g. http://localhost:4010/v1); a
 * mock moved by MOCK_PORT gets a line saying so, or what a reader copies from
 * the pages (a curl sample, the base URL) would miss it. '' when nothing moved.
 * @param {string | URL} bundleFile the bundle the pages are built from (JSON)
 * @param {number} port the port the mock listens on
 */
export function movedMockNote(bundleFile, port) {
  /** @type {{ servers?: Array<{ url: string }> }} */
  const bundle = JSON.parse(readFileSync(bundleFile, 'utf8'));
  const documented = bundle.servers?.map((server) => server.url).find((url) => url.startsWith('http://localhost:'));
  if (!documented) return '';
  const here = new URL(documented);
  if (Number(here.port) === port) return '';
  here.port = String(port);
  // Short lines, the action first: one long line was easy to miss among the start's output.
  return [
    `Note: with MOCK_PORT=${port}, use ${here.href} in what you copy from the pages,`,
    `      which show the mock at ${documented} (the API description's local server);`,
    '      the try-it sandbox runs in the browser and needs neither.',
    '',
  ].join('\n');
}
