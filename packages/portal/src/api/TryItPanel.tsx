/**
 * The try-it (@webmon/try-it) as the portal mounts it, on a reference page
 * (src/theme/ApiExplorer) and in a guide (src/components/TryInSandbox.tsx):
 *
 * - Its code loads when the panel is about to be seen (an
 *   IntersectionObserver a screen's height ahead), not with the page; the
 *   sandbox (the mock) loads on the first Send.
 * - One sandbox for the site: a record made in a guide is there in the
 *   reference, and back.
 * - The samples' language is the site's one choice (src/components/languageChoice.ts).
 * - Descriptions go through the site's own Markdown, so they look like the
 *   rest of the page. Code (samples, answers) is the try-it's own plain block:
 *   the site's CodeBlock suspends for Prism's chunk, and a panel in use must
 *   never wait on it.
 */
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import Markdown from '@site/src/theme/Markdown';
import SkeletonLoader from '@theme/SkeletonLoader';
import type { OperationInput, TryItProps } from '@webmon/try-it';
import { languageChoice } from '@site/src/components/languageChoice';
import { sandboxName } from './sandboxName';

// Named for src/plugins/apiChunk.ts, which keeps it out of the pages' chunks.
const TryIt = lazy(() =>
  import(/* webpackChunkName: "api-try-it" */ '@webmon/try-it').then(async (module) => {
    await import(/* webpackChunkName: "api-try-it" */ '@webmon/try-it/try-it.css');
    module.loadSandboxWith(loadMock);
    return { default: module.TryIt };
  }),
);

/**
 * Under `pnpm dev`, a save that changes the mock's modules (its validators,
 * routes) reaches the page as a hot update of them: the running sandbox
 * starts again from the new modules with the same store, so it answers as
 * the edited description says and the reader's records stay. The import is
 * here, not in the package, so that this module can accept the update (left
 * to bubble up, it renders the whole app anew and empties the form).
 */
const loadMock = () => import(/* webpackChunkName: "api-sandbox" */ '@webmon/mock-server/browser');
// Not `webpackHot?.accept(...)`: Rspack's production build turns that into a call of undefined.
if (import.meta.webpackHot) {
  import.meta.webpackHot.accept('@webmon/mock-server/browser', () => {
    void import('@webmon/try-it').then(({ reloadSandbox }) => reloadSandbox(sandboxName()));
  });
}

export interface TryItPanelProps extends Pick<TryItProps, 'headingLevel' | 'fill' | 'onAnswer'> {
  /** The operation, its `$ref`s followed, or how to load it when the panel is about to be seen. */
  operation: OperationInput | (() => Promise<OperationInput>);
  /** The panel's element id: a link's target (`#try-it` on a reference page). */
  id: string;
}

export default function TryItPanel({ operation, id, ...options }: TryItPanelProps): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [loaded, setLoaded] = useState<OperationInput>();
  const shown = typeof operation === 'function' ? loaded : operation;
  useEffect(() => {
    if (!near || typeof operation !== 'function') return undefined;
    let live = true;
    void operation().then((input) => live && setLoaded(input));
    return () => {
      live = false;
    };
  }, [near, operation]);
  useEffect(() => {
    const element = placeholder.current;
    if (!element) return undefined;
    // The panel renders in the browser only: a link tapped before hydration found no target. Go there now.
    if (window.location.hash === `#${id}`) element.scrollIntoView();
    const observer = new IntersectionObserver(
      (entries) => {
        // intersectionRatio, not isIntersecting: an element touching the margin's edge "intersects" with no area.
        if (!entries.some((entry) => entry.intersectionRatio > 0)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [id]);
  const skeleton = <SkeletonLoader size="lg" />;
  // The id is there before the panel loads: a jump to it brings the placeholder into view, which loads the panel in its place.
  if (!near || !shown)
    return (
      <div ref={placeholder} id={id}>
        {skeleton}
      </div>
    );
  return (
    <div id={id}>
      <Suspense fallback={skeleton}>
        <TryIt
          operation={shown}
          sandboxName={sandboxName()}
          Markdown={Markdown}
          language={languageChoice}
          {...options}
        />
      </Suspense>
    </div>
  );
}
