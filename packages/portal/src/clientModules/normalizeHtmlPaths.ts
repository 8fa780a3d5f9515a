/**
 * Paths ending in `/index.html` or `.html` are normalised to the bare path.
 *
 * Docusaurus already RENDERS the right page for such paths (its
 * normalizeLocation strips the suffix when matching routes), but the address
 * bar keeps the suffix, so shared links and canonical URLs drift. Static hosts
 * serve `/x/index.html` as a file and many serve `/x.html` too (our own
 * scripts/serve.mjs does), so this fixes the URL in the browser, where it works
 * on any host: it runs when the client bundle is evaluated, before the router
 * is created, and replaces (not pushes) the history entry.
 */
const HTML_SUFFIX = /(?:\/index)?\.html$/;

if (typeof window !== 'undefined' && HTML_SUFFIX.test(window.location.pathname)) {
  const { pathname, search, hash } = window.location;
  const bare = pathname.replace(HTML_SUFFIX, '') || '/';
  window.history.replaceState(window.history.state, '', bare + search + hash);
}

export {};
