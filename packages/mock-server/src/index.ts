// Public surface for any runtime (Node tests, browsers): the handlers and the
// pipeline behind them. Node's HTTP server is in `@webmon/mock-server/node`,
// the in-page sandbox (a `fetch`, state in IndexedDB) in `@webmon/mock-server/browser`.
export { createMock, type Mock, type MockHandlersOptions } from './handlers.js';
export { MockApi, type MockOptions } from './mock-api.js';
export { MAX_BODY_BYTES } from './parse-request.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export { BURST_PER_SECOND, FREE_PER_MINUTE, type Plan } from './rate-limit.js';
export { SEED_RECORDS } from './seed.js';
export { API_VERSION, operations } from './generated/operations.js';
/** Operations of the spec the dispatch table does not cover yet, each answered by a stop-gap: one sentence each. */
export { handlerNotes } from './operation-handlers.js';
export type { OperationSpec } from './operation-spec.js';
