// Which handler answers each operation of the spec: the mock's dispatch as
// data, one entry per operationId, each built from a reusable kind
// (handler-kinds.ts). Checked against the generated route table when this
// module loads: an operation without a fitting handler (one just added to the
// spec) gets a stop-gap, its verb's standard kind or its spec example, and a
// note (handlerNotes), so an edit of the spec never stops the mock; the tests
// hold this table to the committed spec (handlerProblems).
import { behaviours, detachContactGroup, detachUptimeTest } from './behaviours.js';
import { operations } from './generated/operations.js';
import {
  createRecord,
  deleteRecord,
  exampleAnswer,
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

/** The standard kind an operation's verb names (the house rule's prefixes: list-, get-, create-, update-, delete-). */
const STANDARD_KINDS: Readonly<Record<string, OperationHandler>> = {
  list: listPage,
  get: getRecord,
  create: createRecord,
  update: updateRecord,
  delete: deleteAlone,
};

/**
 * The handler of an operation the table has no fitting entry for (one just
 * added to the spec, or whose shape changed): its verb's standard kind when it
 * fits and works on a resource with a behaviour at a path the resource
 * already answers (a PATCH beside a PUT: an update); else its example answer.
 * The mock keeps serving every other operation meanwhile.
 */
function stopGap(operation: OperationSpec, all: readonly OperationSpec[]): { handler: OperationHandler; note: string } {
  const where = `${operation.operationId} (${operation.method} ${operation.path})`;
  const standard = STANDARD_KINDS[operation.operationId.split('-')[0] ?? ''];
  const sameResource = all.some(
    (other) => other !== operation && other.tag === operation.tag && other.path === operation.path,
  );
  if (standard && fits(standard.shape, shapeOf(operation)) && behaviours[operation.tag] && sameResource)
    return {
      handler: standard,
      note: `${where} has no handler in operation-handlers.ts: answered as "${standard.kind}" of its "${operation.tag}" records`,
    };
  // A path below one of the resource's records (`/contact-groups/{group_id}/...`, where GET /contact-groups/{group_id} is).
  const record = /^(.*?\{[^}]+\})\//.exec(operation.path)?.[1];
  const underRecord =
    !!record &&
    !!behaviours[operation.tag] &&
    all.some((other) => other.tag === operation.tag && other.path === record);
  return {
    handler: exampleAnswer(operation, { underRecord }),
    note: `${where} has no fitting handler in operation-handlers.ts: it answers its spec example`,
  };
}

/**
 * Every operation of `specOperations` with its handler: the table's when it
 * fits, else a stop-gap (noted). The tests hold the table to the spec
 * (handlerProblems is empty for the committed spec); a spec being edited gets
 * a working mock with a note for each gap, not a mock that will not start.
 */
export function resolveHandlers(
  specOperations: readonly OperationSpec[],
  table: Readonly<Record<string, OperationHandler>>,
): { handlers: Map<string, OperationHandler>; notes: string[] } {
  const handlers = new Map<string, OperationHandler>();
  const notes: string[] = [];
  for (const operation of specOperations) {
    const listed = Object.hasOwn(table, operation.operationId) ? table[operation.operationId] : undefined;
    if (listed && fits(listed.shape, shapeOf(operation)) && (!listed.records || behaviours[operation.tag])) {
      handlers.set(operation.operationId, listed);
      continue;
    }
    const { handler, note } = stopGap(operation, specOperations);
    handlers.set(operation.operationId, handler);
    notes.push(note);
  }
  for (const operationId of Object.keys(table))
    if (!handlers.has(operationId))
      notes.push(`${operationId} has a handler in operation-handlers.ts but is no longer an operation of the spec`);
  return { handlers, notes };
}

const resolved = resolveHandlers(operations, operationHandlers);

/** What the mock answers by a stop-gap (resolveHandlers), one sentence each; empty when the table covers the spec. */
export const handlerNotes: readonly string[] = resolved.notes;

/** The handler of an operation of the route table. */
export const handlerFor = (operation: OperationSpec): OperationHandler => resolved.handlers.get(operation.operationId)!;
