#!/usr/bin/env node
// @ts-check
/**
 * A tiny static server for the production build (no dependencies). Used by
 * `pnpm serve`, the browser tests and the bench, so all three see the site as a
 * static host would serve it:
 *  - `/x` and `/x/` serve `x/index.html` (or `x.html`); `/x.html` serves
 *    `x.html` or, like most static hosts, `x/index.html`. The address is then
 *    normalised in the browser by src/clientModules/normalizeHtmlPaths.ts;
 *  - unknown paths answer 404 with `404.html` (Docusaurus' not-found page);
 *  - text responses are gzipped when the client accepts it (as any CDN does),
 *    hashed assets are cached for a year, HTML is revalidated.
 *
 * Usage: node scripts/serve.mjs [dir=build] [port=3000]
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** @type {Record<string, string>} file extension to content type */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;

/** @param {string} path */
async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Candidate files for a URL path, in the order a static host tries them.
 * @param {string} root
 * @param {string} pathname
 * @returns {string[]}
 */
function candidates(root, pathname) {
  const rel = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '');
  const base = join(root, rel);
  if (base !== root && !base.startsWith(root + sep)) return [];
  if (pathname.endsWith('/')) return [join(base, 'index.html')];
  const list = [base, `${base}.html`, join(base, 'index.html')];
  const html = base.match(/^(.*?)(?:[/\\]index)?\.html$/);
  if (html) list.push(`${html[1]}.html`, join(html[1], 'index.html'));
  return list;
}

/**
 * @param {{ dir?: string, port?: number, host?: string }} options
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serveStatic({ dir = 'build', port = 0, host = '127.0.0.1' } = {}) {
  const root = resolve(dir);
  if (!(await isFile(join(root, 'index.html')))) {
    throw new Error(`No production build in ${root}: run \`pnpm build\` (or turbo run build) first.`);
  }
  /** @type {Map<string, Buffer>} */
  const gzCache = new Map();
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      /** @type {string | undefined} */
      let file;
      for (const candidate of candidates(root, url.pathname)) {
        if (await isFile(candidate)) {
          file = candidate;
          break;
        }
      }
      let status = 200;
      if (!file) {
        status = 404;
        file = join(root, '404.html');
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      /** @type {Buffer} */
      let body = await readFile(file);
      /** @type {import('node:http').OutgoingHttpHeaders} */
      const headers = { 'content-type': type };
      headers['cache-control'] = /\.[0-9a-f]{8,}\.(js|css)$/.test(file)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        let gz = gzCache.get(file);
        if (!gz) {
          gz = gzipSync(body, { level: 9 });
          gzCache.set(file, gz);
        }
        body = gz;
        headers['content-encoding'] = 'gzip';
        headers.vary = 'accept-encoding';
      }
      headers['content-length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir = 'build', port = '3000'] = process.argv.slice(2);
  const { url } = await serveStatic({ dir, port: Number(port) });
  console.log(`Serving ${resolve(dir)} at ${url}`);
}
