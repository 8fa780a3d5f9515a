// orval's `mutationOptions` hook: after a create, update or delete succeeds,
// the queries it made stale are refetched (or dropped) before the mutation
// settles, so `await mutateAsync(...)` returns with the lists already fresh.
// The rule reads the operation's path template, never a resource's name:
//   POST   /uptime             -> the lists at /uptime
//   PUT    /uptime/{testId}    -> the lists at /uptime, and /uptime/<id> and below
//   DELETE /uptime/{testId}    -> the lists at /uptime refetched; /uptime/<id> and below removed
// Query keys are orval's: the request path first (after 'infinite' for infinite queries), then the params.
import { useQueryClient, type Query } from '@tanstack/react-query';
import { operationTable } from '@webmon/ts-client';

/** The request path a query key holds: its first string starting with `/`. */
function pathOf(query: Query): string | undefined {
  return query.queryKey.find((part): part is string => typeof part === 'string' && part.startsWith('/'));
}

/** `/uptime/{testId}` with `{ testId: '12' }` -> `/uptime/12`. */
function fill(template: string, variables: unknown): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    String((variables as Record<string, unknown> | undefined)?.[name]),
  );
}

interface MutationOptionsLike {
  onSuccess?: (...args: never[]) => unknown;
}

/** orval calls it inside each generated useXxx mutation hook with the options it built. */
export function useInvalidatingOptions<Options extends MutationOptionsLike>(
  options: Options,
  route: { url: string },
  operation: { operationId: string; operationName: string },
): Options {
  const queryClient = useQueryClient();
  const method = operationTable[operation.operationId as keyof typeof operationTable]?.method;
  const template = route.url;
  // The collection is the path without a trailing `{param}` segment.
  const collectionTemplate = template.replace(/\/\{[^}]+\}$/, '');
  const own = options.onSuccess as ((...args: unknown[]) => unknown) | undefined;
  const onSuccess = async (...args: unknown[]) => {
    const [, variables] = args;
    const collection = fill(collectionTemplate, variables);
    const entity = collectionTemplate === template ? undefined : fill(template, variables);
    const under = (query: Query) => {
      const path = pathOf(query);
      return entity !== undefined && path !== undefined && (path === entity || path.startsWith(`${entity}/`));
    };
    if (entity !== undefined && method === 'DELETE') queryClient.removeQueries({ predicate: under });
    await Promise.all([
      queryClient.invalidateQueries({
        predicate: (query) => pathOf(query) === collection || (method !== 'DELETE' && under(query)),
      }),
      own?.(...args),
    ]);
  };
  return { ...options, onSuccess };
}
