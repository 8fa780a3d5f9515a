// The client object: one group per tag, one method per operation, built by
// walking the generated table. The methods are thin: split the arguments,
// hand them to the transport. Their types come from ./types.ts.
import { operations, resources } from './generated/operations.js';
import type { OperationInfo } from './operation-info.js';
import { walkPages, walkSeries, type PageOf, type SeriesOf } from './paginate.js';
import { createTransport, type ClientOptions, type RequestOptions } from './transport.js';
import type { Client } from './types.js';

type Query = Record<string, unknown>;

/**
 * Creates a client. Only `token` is required:
 *
 *     const client = createClient({ token: apiToken });
 *     const { data } = await client.uptime.list({ status: 'down', tags: ['web'] });
 */
export function createClient(options: ClientOptions): Client {
  const send = createTransport(options);
  const client: Record<string, Record<string, unknown>> = {};
  for (const [group, methods] of Object.entries(resources)) {
    const target: Record<string, unknown> = (client[group] = {});
    for (const [name, operationId] of Object.entries(methods)) {
      const operation: OperationInfo = operations[operationId as keyof typeof operations];
      const split = splitter(operation);
      target[name] = (...args: unknown[]) => {
        const [path, input, callOptions] = split(args);
        return send(operationId, operation, path, input, callOptions);
      };
      if (operation.pagination) {
        const walk = operation.pagination === 'page' ? walkPages : walkSeries;
        target[`${name}All`] = (...args: unknown[]) => {
          const [path, input, callOptions] = split(args);
          return walk(
            (query) =>
              send(operationId, operation, path, query, callOptions) as Promise<PageOf<unknown> & SeriesOf<unknown>>,
            input,
          );
        };
      }
    }
  }
  return client as unknown as Client;
}

type Parts = [path: unknown[], input: Query | undefined, options: RequestOptions | undefined];

/**
 * `(test_id, query, options)` -> its parts: as many path values as the path
 * has `{...}`, then the body or query if the operation takes one, then options.
 */
function splitter(operation: OperationInfo): (args: unknown[]) => Parts {
  const count = operation.path.split('{').length - 1;
  const inputAt = operation.input ? count : -1;
  const optionsAt = operation.input ? count + 1 : count;
  return (args) => {
    const path = count ? args.slice(0, count) : [];
    for (let i = 0; i < count; i++) {
      if (path[i] === undefined || path[i] === null || path[i] === '')
        throw new TypeError(`${operation.method} ${operation.path}: missing path parameter`);
    }
    return [
      path,
      inputAt < 0 ? undefined : (args[inputAt] as Query | undefined),
      args[optionsAt] as RequestOptions | undefined,
    ];
  };
}
