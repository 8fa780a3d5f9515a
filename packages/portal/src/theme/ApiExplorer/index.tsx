/**
 * WRAP of the reference theme's try-it panel (`@theme/ApiExplorer`): the panel
 * loads when it is about to be seen, not while the page loads.
 *
 * Why: the panel's code (Postman's request model, lodash, the form) and the
 * mock (msw, the mock's handlers and validators) were half the main-thread
 * work of an API page's load (profile in the README). On a wide screen the
 * panel is in view at once and loads right after the page; on a phone it
 * sits below the reference and loads as the reader scrolls towards it. The
 * mock waits longer still: for the first use of the form
 * (src/theme/ApiExplorer/Request).
 *
 * What: a placeholder (the theme's skeleton) until an IntersectionObserver
 * sees it within a screen's height of the viewport; then the original panel,
 * a lazy chunk, renders in a transition. The operation is put in a context
 * for the live code samples (src/theme/ApiExplorer/CodeSnippets).
 */
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Props } from '@theme/ApiExplorer';
import SkeletonLoader from '@theme/SkeletonLoader';
import { TryItOperation } from '@site/src/api/tryItOperation';

// Named for src/plugins/apiChunk.ts, which dedupes it against the pages' chunks.
const ApiExplorer = lazy(() => import(/* webpackChunkName: "api-try-it" */ '@theme-original/ApiExplorer'));

export default function ApiExplorerWhenNear(props: Props): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (!element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        // intersectionRatio, not isIntersecting: an element merely touching
        // the margin's edge counts as "intersecting" with zero area.
        if (!entries.some((entry) => entry.intersectionRatio > 0)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const skeleton = <SkeletonLoader size="lg" />;
  if (!near) return <div ref={placeholder}>{skeleton}</div>;
  return (
    <Suspense fallback={skeleton}>
      <TryItOperation.Provider value={props.item}>
        <ApiExplorer {...props} />
      </TryItOperation.Provider>
    </Suspense>
  );
}
