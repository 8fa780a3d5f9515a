import { useSyncExternalStore } from 'react';

/**
 * Under `pnpm dev`, the operation pages' data files (`<id>.ApiData.json` and
 * the JSON the page's schema components require) arrive as hot updates that
 * the page's own module accepts (src/plugins/apiPageData.ts): the new `api`
 * is published here, and src/theme/ApiItem renders the open page again with
 * it, in place. Left to bubble up, such an update reached Docusaurus's client
 * entry, which accepts every update by rendering the whole app anew: the
 * reference flickered for about 0.4 s after each save. A production build
 * never calls `publishApiPageData`.
 */
interface Published {
  api: Record<string, unknown>;
}

const latest = new Map<string, Published>();
const listeners = new Set<() => void>();

/** The page `pageId`'s data files changed; `api` is its data file's content now. */
export function publishApiPageData(pageId: string, api: Record<string, unknown>): void {
  // A new object each time, even when only a schema file changed: the page renders again.
  latest.set(pageId, { api });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The page's data as last published (a new object on every update), or undefined before the first. */
export function usePublishedApiPageData(pageId: string): Published | undefined {
  return useSyncExternalStore(
    subscribe,
    () => latest.get(pageId),
    () => undefined,
  );
}
