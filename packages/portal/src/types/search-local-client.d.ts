// The local search plugin ships no typings for its client modules; this is the
// one the search modal calls (src/search/theme/SearchBar/SearchModal.tsx).
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker' {
  import type { WorkerHit } from '@site/src/search/results';

  export function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void>;
  export function searchByWorker(
    baseUrl: string,
    searchContext: string,
    input: string,
    limit: number,
  ): Promise<WorkerHit[]>;
}
