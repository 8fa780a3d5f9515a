// The mock as msw request handlers: plain data derived from the route table,
// one handler per operation, all calling the same MockApi pipeline.
import { http, type RequestHandler } from 'msw';
import { operations } from './generated/operations.js';
import { MockApi, type MockOptions } from './mock-api.js';

export interface MockHandlersOptions extends MockOptions {
  /**
   * Where the API is mounted. Handlers match it on any origin (`*`), so the
   * same handlers serve localhost, a docs site's worker, or a test's URL.
   * Default: `/v1`.
   */
  basePath?: string;
}

export interface Mock {
  handlers: RequestHandler[];
  api: MockApi;
}

/** `/uptime/{test_id}` -> `/uptime/:test_id` (msw's path syntax). */
const toMswPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

export function createMock(options: MockHandlersOptions = {}): Mock {
  const api = new MockApi(options);
  const base = options.basePath ?? '/v1';
  const handlers: RequestHandler[] = [
    http.options(`*${base}/*`, () => api.preflight()),
    ...operations.map((operation) =>
      http[operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](`*${base}${toMswPath(operation.path)}`, ({ request, params }) =>
        api.handle(operation, request, params as Record<string, string>),
      ),
    ),
    http.all('*/heartbeat/:account/:id', ({ params }) => api.ping(String(params.account), String(params.id))),
    http.all(`*${base}/*`, ({ request }) => api.notRouted(request, base)),
  ];
  return { handlers, api };
}
