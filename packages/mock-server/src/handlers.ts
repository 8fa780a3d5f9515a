// The mock as msw request handlers: three plain entries (the API below its base
// path, heartbeat ping URLs, pagespeed archives), each taking every method and
// handing the request to the one MockApi pipeline, which routes with the table
// generated from the spec and answers what it does not route in the API's shape.
import { http, type RequestHandler } from 'msw';
import { fromFetchRequest, toFetchResponse } from './fetch-adapter.js';
import { MockApi, type MockOptions } from './mock-api.js';

export type MockHandlersOptions = MockOptions;

export interface Mock {
  handlers: RequestHandler[];
  api: MockApi;
}

/**
 * Handlers for msw's setupServer or setupWorker. They match the base path on
 * any origin (`*`), so the same handlers serve localhost, a docs site's worker
 * or a test's URL; requests elsewhere are left alone.
 */
export function createMock(options: MockHandlersOptions = {}): Mock {
  const api = new MockApi(options);
  const answer = async ({ request }: { request: Request }) =>
    toFetchResponse(await api.route(fromFetchRequest(request)));
  const handlers: RequestHandler[] = [
    http.all(`*${api.basePath}/*`, answer),
    http.all('*/heartbeat/:account/:id', answer),
    http.all('*/har/:account/:id/:file', answer),
  ];
  return { handlers, api };
}
