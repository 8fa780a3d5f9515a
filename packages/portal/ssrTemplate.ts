import { createRequire } from 'node:module';

/**
 * The HTML page template (Docusaurus' `ssrTemplate`, Eta syntax): Docusaurus'
 * own (`@docusaurus/core/lib/ssg/ssgTemplate.html.js`, read here, not copied)
 * with one change, how the entry scripts are loaded. If an upgrade changes
 * the part replaced, loading the config fails and says so.
 *
 * Docusaurus writes `<script src=... defer>` for its entry (runtime + main).
 * A deferred script runs as soon as the document is parsed and the stylesheet
 * is in, before the browser has painted anything: when the JavaScript arrives
 * as fast as the CSS (a fast network, or the cache) the page stays blank while
 * main.js evaluates (~0.3 s at Lighthouse's 4x CPU on an API page), though the
 * pre-rendered HTML is all there to show.
 *
 * Here the same files are preloaded (at the priority `defer` gives them,
 * `fetchpriority="low"`, so they do not compete with the stylesheet) and run
 * once the browser reports its first contentful paint (a `paint` performance
 * entry, which is timed when the frame is on screen). Order is kept
 * (`async = false`). A page opened (or put) in a background tab does not
 * paint: it runs them at once. A browser without paint timing runs them after
 * the next frame. And whatever happens, they run within 3 s.
 *
 * Cost: Docusaurus ships the whole site config to the browser, this template
 * with it: about 0.7 kB gzipped in main.js.
 */
const entryScriptsAfterFirstPaint = `(function (scripts) {
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    scripts.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  var paintTiming = window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (document.visibilityState === 'hidden') return load();
  if (!paintTiming) return requestAnimationFrame(function () { setTimeout(load); });
  new PerformanceObserver(function (entries, observer) {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    load();
  }).observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', load, { once: true });
  setTimeout(load, 3000);
})`;

const docusaurusTemplate: string = createRequire(import.meta.url)(
  '@docusaurus/core/lib/ssg/ssgTemplate.html.js',
).default;

const deferredEntryScripts = `    <% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>
`;
const preloadedEntryScripts = `    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" href="<%= it.baseUrl %><%= script %>" fetchpriority="low" />
    <% }); %>
`;
const endOfBody = '  </body>';
const runEntryScripts = `    <script>${entryScriptsAfterFirstPaint}(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>
`;

for (const part of [deferredEntryScripts, endOfBody]) {
  if (docusaurusTemplate.split(part).length !== 2) {
    throw new Error(
      `ssrTemplate.ts: Docusaurus' page template no longer contains, once, the part it replaces:\n${part}`,
    );
  }
}

export const ssrTemplate = docusaurusTemplate
  .replace(deferredEntryScripts, preloadedEntryScripts)
  .replace(endOfBody, runEntryScripts + endOfBody);
