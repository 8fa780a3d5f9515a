import { useSyncExternalStore } from 'react';

/**
 * Under `pnpm dev`, an operation page's data files (`<id>.ApiData.json` and
 * the JSON its schema components require) arrive as hot updates that the
 * page's own module accepts (src/plugins/apiPageData.ts): the module's
 * `dataUpdates` gets the new `api`, and src/theme/ApiItem renders the open
 * page again with it, in place. Left to bubble up, such an update reached
 * Docusaurus's client entry, which accepts every update by rendering the
 * whole app anew: the page flickered and its try-it form emptied after each
 * save. One per module copy: when the page's module itself changes (its
 * title), the new copy starts with its own data and a fresh `dataUpdates`.
 * A production build makes none.
 */
export interface ApiPageUpdates {
  /** The page's data file changed (or only its schema files: the page renders again all the same). */
  publish(api: Record<string, unknown>): void;
  subscribe(listener: () => void): () => void;
  /** A new object on every publish; undefined before the first. */
  latest(): { api: Record<string, unknown> } | undefined;
}

export function createApiPageUpdates(): ApiPageUpdates {
  let latest: { api: Record<string, unknown> } | undefined;
  const listeners = new Set<() => void>();
  return {
    publish(api) {
      latest = { api };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    latest: () => latest,
  };
}

const noUpdates = () => () => {};

/** The data `updates` last published, or undefined (none yet, or no updates: a production build). */
export function usePublishedApiPageData(
  updates: ApiPageUpdates | undefined,
): { api: Record<string, unknown> } | undefined {
  return useSyncExternalStore(
    updates?.subscribe ?? noUpdates,
    () => updates?.latest(),
    () => undefined,
  );
}
