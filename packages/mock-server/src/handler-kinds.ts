// The reusable kinds of operation handler: each answers one shape of operation
// (a page list, get, create, update or delete of one record, a cursor series,
// a fixed listing) for whichever resource the operation's tag names.
// operation-handlers.ts gives every operation of the spec one of them.
import type { StoredRecord } from './store/accounts.js';
import { type FieldErrors, notFound } from './api-error.js';
import { behaviours, type Behaviour, type Context, type Fields } from './behaviours.js';
import { publicLocation, type LocationRecord } from './locations.js';
import type { MockResponse } from './mock-request.js';
import type { HttpMethod, OperationSpec, Pagination } from './operation-spec.js';
import { paginate, type Page } from './paginate.js';
import type { RateLimitHeaders } from './rate-limit.js';
import { applyUpdate, newRecord, present, presentJson } from './records.js';
import { json, jsonText, noContent } from './responses.js';
import type { SeriesBuilder } from './series.js';
import { refuseFieldErrors, validateMerged } from './validate.js';

/** One authenticated, parsed and validated request, as a handler receives it. */
export interface OperationCall {
  operation: OperationSpec;
  ctx: Context;
  /** Query and path parameters, validated and coerced. */
  params: Fields;
  /** The validated form body, for operations that take one. */
  body: Fields | undefined;
  /** The request's full URL: series links are built from it. */
  url: string;
  /** The x-ratelimit-* headers every answer carries. */
  headers: RateLimitHeaders;
}

/** What an operation looks like in the route table, as far as a handler kind cares. */
export interface OperationShape {
  /** The methods it takes: an update answers PUT and PATCH alike (both change only the fields sent). */
  methods: readonly HttpMethod[];
  pagination: Pagination;
  /** The path names one record (its first path parameter is the id). */
  byId: boolean;
  /** The operation takes a form body. */
  body: boolean;
}

export interface OperationHandler {
  /** Names the kind in messages: `list-page`, `get`, ... */
  readonly kind: string;
  /** The operations it can answer; checked against the spec at load (operation-handlers.ts). */
  readonly shape: OperationShape;
  /** Works on the account's records of the operation's tag, which must have a behaviour. */
  readonly records: boolean;
  /**
   * The resource's own checks (behaviours.ts) on `call.body`, the fields the
   * schema accepted in a body it refused: their failures join the schema's in
   * one 400. Run again by `answer` when the whole body is valid.
   */
  ownChecks?(call: OperationCall): FieldErrors;
  answer(call: OperationCall): MockResponse;
}

export const shapeOf = (operation: OperationSpec): OperationShape => ({
  methods: [operation.method],
  pagination: operation.pagination,
  byId: operation.pathParams.length > 0,
  body: operation.body !== null,
});

/** A page of records, filtered by tags, status and state (the `x-pagination: page` lists). */
export const listPage: OperationHandler = {
  kind: 'list-page',
  shape: { methods: ['GET'], pagination: 'page', byId: false, body: false },
  records: true,
  answer({ operation, ctx, params, headers }) {
    const kind = operation.tag;
    const behaviour = behaviours[kind]!;
    const wanted = wantedTags(params);
    const any = params.matchany === true;
    const tagged: StoredRecord[] = [];
    for (const record of ctx.accounts.collection(ctx.account, kind).values()) {
      if (hasTags(record.data, wanted, any)) tagged.push(record);
    }
    const query = { page: Number(params.page), limit: Number(params.limit) };
    // Tags live on the stored record; status and state are computed when read.
    // Without a filter on those, only the requested page is computed.
    const filtered =
      params.status !== undefined || params.state !== undefined
        ? tagged.filter((record) => matchesState(present(kind, record, behaviour, ctx, 'list'), params))
        : tagged;
    const page: Page<StoredRecord> = paginate(filtered, query);
    if (params.nouptime === true) {
      const items = page.data.map((record) => present(kind, record, behaviour, ctx, 'list'));
      for (const item of items) delete item.uptime;
      return json(200, { data: items, metadata: page.metadata }, headers);
    }
    // The same text as JSON.stringify({data, metadata}), from each record's kept text.
    const items = page.data.map((record) => presentJson(kind, record, behaviour, ctx, 'list'));
    return jsonText(200, `{"data":[${items.join(',')}],"metadata":${JSON.stringify(page.metadata)}}`, headers);
  },
};

/** One record as stored and computed now. */
export const getRecord: OperationHandler = {
  kind: 'get',
  shape: { methods: ['GET'], pagination: null, byId: true, body: false },
  records: true,
  answer(call) {
    const behaviour = behaviours[call.operation.tag]!;
    const record = namedRecord(call, behaviour, recordId(call));
    return jsonText(200, `{"data":${presentJson(call.operation.tag, record, behaviour, call.ctx)}}`, call.headers);
  },
};

/** A new record from the body and the spec's defaults; answers its id. */
export const createRecord: OperationHandler = {
  kind: 'create',
  shape: { methods: ['POST'], pagination: null, byId: false, body: true },
  records: true,
  ownChecks: ({ operation, ctx, body }) => behaviours[operation.tag]!.check?.(body!, ctx) ?? {},
  answer({ operation, ctx, body, headers }) {
    // The spec's defaults apply on create only: an update changes only the fields sent.
    const fields = copyOfDefaults(operation.body!.defaults);
    for (const name in body) fields[name] = body[name];
    return json(201, { data: { new_id: addRecord(ctx, operation.tag, fields) } }, headers);
  },
};

/** Changes the fields sent, after the resource's own checks. */
export const updateRecord: OperationHandler = {
  kind: 'update',
  shape: { methods: ['PUT', 'PATCH'], pagination: null, byId: true, body: true },
  records: true,
  ownChecks(call) {
    // An unknown id answers 404 once the body is valid; until then, nothing to check against.
    const record = storedRecord(call, recordId(call));
    return record ? (behaviours[call.operation.tag]!.check?.(call.body!, call.ctx, record) ?? {}) : {};
  },
  answer(call) {
    const kind = call.operation.tag;
    const behaviour = behaviours[kind]!;
    const record = namedRecord(call, behaviour, recordId(call));
    validateMerged(call.operation.body!, { ...record.data, ...record.meta.writeOnly }, call.body!);
    refuseFieldErrors(behaviour.check?.(call.body!, call.ctx, record));
    const { accounts, account } = call.ctx;
    accounts.ensureRoomForUpdate(account, record, call.body!);
    applyUpdate(kind, record, call.body!, behaviour, call.ctx);
    accounts.resized(account, record);
    return noContent(call.headers);
  },
};

/** Deletes the record, then runs `afterwards` (what else the API changes when it goes). */
export function deleteRecord(afterwards?: (ctx: Context, id: string) => void): OperationHandler {
  return {
    kind: 'delete',
    shape: { methods: ['DELETE'], pagination: null, byId: true, body: false },
    records: true,
    answer(call) {
      const id = recordId(call);
      namedRecord(call, behaviours[call.operation.tag]!, id);
      call.ctx.accounts.remove(call.ctx.account, call.operation.tag, id);
      afterwards?.(call.ctx, id);
      return noContent(call.headers);
    },
  };
}

/** A history-style series of one check (`x-pagination: cursor`), built by `build` for the window asked. */
export function series(build: SeriesBuilder): OperationHandler {
  return {
    kind: 'series',
    shape: { methods: ['GET'], pagination: 'cursor', byId: true, body: false },
    records: true,
    answer(call) {
      const record = namedRecord(call, behaviours[call.operation.tag]!, recordId(call));
      const { ctx, params } = call;
      const query = {
        now: ctx.now,
        limit: Number(params.limit),
        before: secondsToMs(params.before),
        after: secondsToMs(params.after),
      };
      return json(200, build(record, query, call.url, ctx.account.key), call.headers);
    },
  };
}

/**
 * ISO 3166-1 "exceptionally reserved" codes, read as the country they stand
 * for: `UK` is what the pagespeed regions call Great Britain (the location
 * parameter's description says so), and a list filtered on it must not come
 * back empty.
 */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

/** A fixed listing of monitoring locations, filtered by `region_code` or `location` (country). */
export function locations(listing: readonly LocationRecord[]): OperationHandler {
  return {
    kind: 'locations',
    shape: { methods: ['GET'], pagination: 'none', byId: false, body: false },
    records: false,
    answer({ params, headers }) {
      const data: ReturnType<typeof publicLocation>[] = [];
      const country =
        typeof params.location === 'string' ? (COUNTRY_ALIASES[params.location] ?? params.location) : undefined;
      for (const location of listing) {
        if (
          (params.region_code === undefined || location.region_code === params.region_code) &&
          (country === undefined || location.country === country)
        ) {
          data.push(publicLocation(location));
        }
      }
      return json(200, { data }, headers);
    },
  };
}

/**
 * The spec's example of the operation's success answer, after the request was
 * validated like any other: for an operation no handler was written for yet
 * (operation-handlers.ts), e.g. one just added to the spec under `pnpm dev`.
 * `underRecord`: its path goes on below a record the mock serves, which must exist.
 */
export function exampleAnswer(operation: OperationSpec, { underRecord = false } = {}): OperationHandler {
  return {
    kind: 'example',
    shape: shapeOf(operation),
    records: false,
    answer(call) {
      // Below one of the resource's records (`/contact-groups/{group_id}/members`): an unknown one is a 404.
      if (underRecord) namedRecord(call, behaviours[operation.tag]!, recordId(call));
      const { successStatus: status, successExample: example } = operation;
      return example === null ? noContent(call.headers) : json(status, example, call.headers);
    },
  };
}

/**
 * Adds a record built from validated fields (defaults already applied), after
 * the resource's own checks and the caps on records and bytes; returns its id. Creates and
 * the seed records both come through here.
 */
export function addRecord(ctx: Context, kind: string, fields: Fields, seedId?: string): string {
  const behaviour = behaviours[kind]!;
  refuseFieldErrors(behaviour.check?.(fields, ctx));
  ctx.accounts.ensureRoom(ctx.account, kind, behaviour.noun);
  // Only the seed names an id (the one the description's examples use).
  const id = seedId ?? ctx.accounts.newId(ctx.account);
  // The byte budget is checked on the record as it would be stored (server-set fields included).
  ctx.accounts.add(ctx.account, kind, id, newRecord(kind, id, fields, behaviour, ctx));
  return id;
}

/** The spec's defaults, copied so a record never shares a list with them (cheaper than structuredClone: they are flat). */
function copyOfDefaults(defaults: Fields): Fields {
  const copy: Fields = {};
  for (const name in defaults) {
    const value = defaults[name];
    copy[name] = Array.isArray(value)
      ? [...value]
      : typeof value === 'object' && value !== null
        ? structuredClone(value)
        : value;
  }
  return copy;
}

/** The id the operation's (first) path parameter holds. */
const recordId = ({ operation, params }: OperationCall) => String(params[operation.pathParams[0]!]);

/** The record with this id, or a 404 naming the resource. */
function namedRecord(call: OperationCall, behaviour: Behaviour, id: string): StoredRecord {
  const record = storedRecord(call, id);
  if (!record) throw notFound(behaviour.noun, id);
  return record;
}

/** The record with this id in the account's records of the operation's tag, if there is one. */
const storedRecord = ({ operation, ctx }: OperationCall, id: string): StoredRecord | undefined =>
  ctx.accounts.collection(ctx.account, operation.tag).get(id);

const secondsToMs = (value: unknown) => (value === undefined ? undefined : Number(value) * 1000);

/** The tags a list asks for (comma-separated), or null when it does not filter on tags. */
function wantedTags(params: Fields): string[] | null {
  if (typeof params.tags !== 'string') return null;
  return params.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** The tags filter: all listed tags must match, or any of them with matchany. */
function hasTags(data: Fields, wanted: string[] | null, any: boolean): boolean {
  if (wanted === null) return true;
  const has = new Set(data.tags as string[]);
  return any ? wanted.some((tag) => has.has(tag)) : wanted.every((tag) => has.has(tag));
}

/** The status and state filters, on the record as read. */
function matchesState(entity: Fields, params: Fields): boolean {
  return (
    (params.status === undefined || entity.status === params.status) &&
    (params.state === undefined || entity.state === params.state)
  );
}
