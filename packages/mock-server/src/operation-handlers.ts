// Which handler answers each operation of the spec: the mock's dispatch as
// data, one entry per operationId, each built from a reusable kind
// (handler-kinds.ts). Checked against the generated route table when this
// module loads: an operation without a handler, a handler for an operation the
// spec does not have, or a kind that does not fit its operation stops the mock
// at start-up with a message naming the operation, not on the first request.
import { behaviours, detachContactGroup, detachUptimeTest } from './behaviours.js';
import { operations } from './generated/operations.js';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listPage,
  locations,
  series,
  shapeOf,
  updateRecord,
  type OperationHandler,
  type OperationShape,
} from './handler-kinds.js';
import { PAGESPEED_LOCATIONS, UPTIME_LOCATIONS } from './locations.js';
import type { OperationSpec } from './operation-spec.js';
import { pagespeedHistory, uptimeAlerts, uptimeHistory, uptimePeriods } from './series.js';

const deleteAlone = deleteRecord();

/** Keyed by the spec's operationId. */
export const operationHandlers: Readonly<Record<string, OperationHandler>> = {
  'list-contact-groups': listPage,
  'create-contact-group': createRecord,
  'get-contact-group': getRecord,
  'update-contact-group': updateRecord,
  'delete-contact-group': deleteRecord(detachContactGroup),

  'list-heartbeat-tests': listPage,
  'create-heartbeat-test': createRecord,
  'get-heartbeat-test': getRecord,
  'update-heartbeat-test': updateRecord,
  'delete-heartbeat-test': deleteAlone,

  'list-maintenance-windows': listPage,
  'create-maintenance-window': createRecord,
  'get-maintenance-window': getRecord,
  'update-maintenance-window': updateRecord,
  'delete-maintenance-window': deleteAlone,

  'list-pagespeed-tests': listPage,
  'create-pagespeed-test': createRecord,
  'get-pagespeed-test': getRecord,
  'update-pagespeed-test': updateRecord,
  'delete-pagespeed-test': deleteAlone,
  'list-pagespeed-test-history': series(pagespeedHistory),
  'list-pagespeed-monitoring-locations': locations(PAGESPEED_LOCATIONS),

  'list-ssl-tests': listPage,
  'create-ssl-test': createRecord,
  'get-ssl-test': getRecord,
  'update-ssl-test': updateRecord,
  'delete-ssl-test': deleteAlone,

  'list-uptime-tests': listPage,
  'create-uptime-test': createRecord,
  'get-uptime-test': getRecord,
  'update-uptime-test': updateRecord,
  'delete-uptime-test': deleteRecord(detachUptimeTest),
  'list-uptime-test-history': series(uptimeHistory),
  'list-uptime-test-periods': series(uptimePeriods),
  'list-uptime-test-alerts': series(uptimeAlerts),
  'list-uptime-monitoring-locations': locations(UPTIME_LOCATIONS),
};

const describeShape = ({ methods, pagination, byId, body }: OperationShape) =>
  `${methods.join(' or ')}${byId ? ' of one record' : ''}${body ? ' with a body' : ''}, x-pagination ${pagination ?? 'absent'}`;

/** The handler's shape takes the operation's method, and the rest is the same. */
const fits = (handler: OperationShape, operation: OperationShape) =>
  operation.methods.every((method) => handler.methods.includes(method)) &&
  handler.pagination === operation.pagination &&
  handler.byId === operation.byId &&
  handler.body === operation.body;

/**
 * Where `table` and the spec's operations disagree, one sentence each naming
 * the operation; empty when every operation has a handler that fits it and
 * every handler has an operation.
 */
export function handlerProblems(
  specOperations: readonly OperationSpec[],
  table: Readonly<Record<string, OperationHandler>>,
): string[] {
  const problems: string[] = [];
  const inSpec = new Set(specOperations.map((operation) => operation.operationId));
  for (const operation of specOperations) {
    const where = `${operation.operationId} (${operation.method} ${operation.path})`;
    const handler = Object.hasOwn(table, operation.operationId) ? table[operation.operationId] : undefined;
    if (!handler) {
      problems.push(`${where} has no handler.`);
      continue;
    }
    const shape = shapeOf(operation);
    if (!fits(handler.shape, shape)) {
      problems.push(
        `${where} is ${describeShape(shape)}, but its handler kind "${handler.kind}" answers ${describeShape(handler.shape)}.`,
      );
    }
    if (handler.records && !behaviours[operation.tag]) {
      problems.push(`${where} works on "${operation.tag}" records, which have no behaviour in behaviours.ts.`);
    }
  }
  for (const operationId of Object.keys(table)) {
    if (!inSpec.has(operationId)) problems.push(`${operationId} has a handler but is not an operation of the spec.`);
  }
  return problems;
}

const problems = handlerProblems(operations, operationHandlers);
if (problems.length) {
  throw new Error(`operation-handlers.ts does not match the spec's operations:\n- ${problems.join('\n- ')}`);
}

const byOperationId = new Map(Object.entries(operationHandlers));

/** The handler of an operation of the route table (every one has one: checked above). */
export const handlerFor = (operation: OperationSpec): OperationHandler => byOperationId.get(operation.operationId)!;
