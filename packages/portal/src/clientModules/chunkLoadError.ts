/**
 * Error box with a Retry button when a page's code fails to load.
 *
 * What Docusaurus already does (kept, not rebuilt): during in-app navigation it
 * loads the next route's chunks first and RELOADS the page when that fails
 * (PendingNavigation); a lazily rendered route shows `@theme/Loading` (a
 * spinner after 200 ms, an error box with Retry on failure).
 *
 * The gap: on the FIRST load, the client entry preloads the current route's
 * chunks and only then hydrates; when one of them fails, the promise rejects
 * unhandled and the server-rendered page stays inert with no message. This
 * module catches exactly that case (a chunk-load rejection before hydration)
 * and shows the same kind of box as @theme/Loading, whose Retry reloads.
 */
const CHUNK_ERROR =
  /ChunkLoadError|Loading (CSS )?chunk .* failed|Failed to fetch dynamically imported module|error loading dynamically imported module/i;

/**
 * The box goes in the page's flow, above its content (not over it: a fixed
 * box covered the heading), and says what to do, not which chunk URL failed.
 */
function showErrorBox(): void {
  if (document.getElementById('portal-load-error')) return;
  const box = document.createElement('div');
  box.id = 'portal-load-error';
  box.setAttribute('role', 'alert');
  box.className = 'portal-load-error';
  const text = document.createElement('p');
  text.textContent = 'This page could not be loaded completely. Check your connection, then retry.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--secondary';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  box.append(text, retry);
  const main = document.querySelector('.main-wrapper') ?? document.querySelector('main');
  if (main) main.prepend(box);
  else document.body.prepend(box);
  retry.focus();
}

if (typeof window !== 'undefined') {
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as { name?: string; message?: string } | undefined;
    const text = `${reason?.name ?? ''}: ${reason?.message ?? String(reason)}`;
    if (!CHUNK_ERROR.test(text)) return;
    if (document.documentElement.dataset.hasHydrated === 'true') return; // Docusaurus handles it after hydration
    showErrorBox();
  });
}

export {};
