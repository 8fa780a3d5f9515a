// orval's `queryOptions` hook: gives each paged operation's queries what
// TanStack's useInfiniteQuery needs and orval leaves to the caller
// (`initialPageParam`, `getNextPageParam`): page lists advance `page` up to
// `metadata.page_count`; series follow `links.next`'s `before` cursor. Options
// the caller passed win. Plain queries of the same operation ignore the two keys.
import { operationTable } from '@webmon/ts-client';
import { pagingParams } from './generated/paging.js';

interface PageAnswer {
  data?: readonly unknown[];
  metadata?: { page?: number; page_count?: number };
  links?: { next?: string };
}

function nextPage(last: PageAnswer): number | undefined {
  const page = last.metadata?.page ?? 1;
  // An empty page ends the walk too: records deleted meanwhile shrink page_count.
  if (!last.data?.length || page >= (last.metadata?.page_count ?? 0)) return undefined;
  return page + 1;
}

function nextCursor({ param, integer }: { param: string; integer: boolean }) {
  return (last: PageAnswer): string | number | undefined => {
    const next = last.links?.next;
    if (!next || !last.data?.length) return undefined;
    const value = new URL(next, 'http://relative.invalid').searchParams.get(param);
    if (value === null) return undefined;
    return integer ? Number(value) : value;
  };
}

/** orval calls it with the options it built, the hook's arguments, and the request URL with the operation's id. */
export function withPaging<Options extends object>(
  options: Options,
  _args: object,
  route: { url: string; operationId: string; operationName: string },
): Options {
  if ('getNextPageParam' in options) return options;
  const paging = pagingParams[route.operationId];
  if (!paging) return options;
  return {
    initialPageParam: undefined,
    getNextPageParam:
      operationTable[route.operationId as keyof typeof operationTable]?.pagination === 'page'
        ? nextPage
        : nextCursor(paging),
    ...options,
  };
}
