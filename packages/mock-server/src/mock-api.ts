// One request pipeline for every way the mock runs (HTTP server, msw in tests,
// the browser worker): authenticate, rate-limit, parse, validate against the
// spec's compiled schemas, then act on the in-memory state.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Accounts, DEFAULT_LIMITS, type Account, type AccountLimits } from './accounts.js';
import { ApiError, VALIDATION_MESSAGE, notFound, type FieldErrors } from './api-error.js';
import { behaviours, type Context, type Fields } from './behaviours.js';
import { systemClock, type Clock } from './clock.js';
import { toFieldErrors } from './error-messages.js';
import { operations } from './generated/operations.js';
import * as validators from './generated/validators.js';
import { PREFLIGHT_HEADERS, errorBody, json, noContent } from './http.js';
import { PAGESPEED_LOCATIONS, UPTIME_LOCATIONS, publicLocation } from './locations.js';
import type { OperationSpec } from './operation-spec.js';
import { paginate } from './paginate.js';
import { requestUrl, type MockRequest, type MockResponse } from './mock-request.js';
import { collectFields, parsePairs } from './parse-form.js';
import { RateLimiter, type Plan, type RateLimitHeaders } from './rate-limit.js';
import { applyUpdate, newRecord, present } from './records.js';
import { SEED_AGE_MS, SEED_RECORDS } from './seed.js';
import { matchRoute } from './router.js';
import { seriesBuilders } from './series.js';

export interface MockOptions {
  /** Time source; tests pass a ManualClock. Default: the system clock. */
  clock?: Clock;
  /** Enforce the real limits (5/s, 60/min without a paid plan). Default: true. */
  rateLimit?: boolean;
  /**
   * Tokens the mock accepts, each with its plan. Default: any non-empty token,
   * on the free plan.
   */
  tokens?: Record<string, Plan>;
  /** Seed each new token's account with sample records. Default: true. */
  seed?: boolean;
  limits?: Partial<AccountLimits>;
  /** Where the API is mounted on any origin. Default: `/v1`. */
  basePath?: string;
}

/** Bodies above this answer 413 (API-FACTS.md, issue 3). */
export const MAX_BODY_BYTES = 1024 * 1024;

const validatorNamed = (name: string) => (validators as Record<string, ValidateFunction>)[name]!;

export class MockApi {
  readonly clock: Clock;
  private readonly accounts: Accounts;
  private readonly limiter: RateLimiter;
  private readonly tokens: Record<string, Plan> | undefined;
  readonly basePath: string;

  constructor(options: MockOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.tokens = options.tokens;
    this.basePath = options.basePath ?? '/v1';
    this.limiter = new RateLimiter(this.clock, options.rateLimit ?? true);
    const seed = options.seed ?? true;
    this.accounts = new Accounts(
      this.clock,
      { ...DEFAULT_LIMITS, ...options.limits },
      (token) => this.tokens?.[token] ?? 'free',
      (account) => seed && this.seed(account),
    );
  }

  /** Forgets every token's data and rate-limit windows. */
  reset(): void {
    this.accounts.reset();
    this.limiter.reset();
  }

  /**
   * Answers any request: the API below the base path, heartbeat pings, CORS
   * preflights, and a 404 or 405 in the API's error shape for everything else.
   */
  async route(request: MockRequest): Promise<MockResponse> {
    if (request.method === 'OPTIONS') return noContent(PREFLIGHT_HEADERS);
    const ping = /^\/heartbeat\/([^/]+)\/([^/]+)$/.exec(request.path);
    if (ping) return this.ping(ping[1]!, ping[2]!);
    const inApi = request.path.startsWith(`${this.basePath}/`);
    const match = inApi ? matchRoute(request.method, request.path.slice(this.basePath.length)) : null;
    if (match?.operation) return this.handle(match.operation, request, match.params);
    if (match?.allowed.length) {
      const allowed = match.allowed.join(', ');
      return json(405, errorBody(`${request.method} is not allowed on ${request.path}. Allowed: ${allowed}.`), {
        allow: allowed,
        ...this.limiter.idleHeaders(),
      });
    }
    return this.refuse(404, `No route ${request.method} ${request.path}. See the API reference for the routes.`);
  }

  /**
   * A failure answered before the pipeline runs (body over the limit, unreadable
   * request, no route at all): same shape and, like every answer, the
   * x-ratelimit-* headers (API-FACTS.md).
   */
  refuse(status: number, message: string): MockResponse {
    return json(status, errorBody(message), this.limiter.idleHeaders());
  }

  /** Answers a request routed to `operation`, with the path parameters the router matched. */
  private async handle(
    operation: OperationSpec,
    request: MockRequest,
    pathParams: Record<string, string>,
  ): Promise<MockResponse> {
    let rateHeaders: RateLimitHeaders = this.limiter.idleHeaders();
    try {
      const account = this.authenticate(request);
      rateHeaders = this.limiter.idleHeaders(account.plan);
      rateHeaders = this.limiter.take(account.key, account.plan);
      const params = this.parseParams(operation, request.query, pathParams);
      const body = operation.body ? await this.parseBody(operation, request) : undefined;
      const ctx = this.contextFor(account, request.origin);
      return this.act(operation, ctx, params, body, requestUrl(request), rateHeaders);
    } catch (error) {
      return this.failure(error, rateHeaders);
    }
  }

  /** Heartbeat pings: any method on the check's `url` marks it alive. */
  private ping(accountKey: string, id: string): MockResponse {
    const account = this.accounts.byPublicKey(accountKey);
    const record = account && this.accounts.collection(account, 'heartbeat').get(id);
    if (!record) return this.refuse(404, 'No heartbeat check answers at this URL.');
    record.meta.lastPingAt = this.clock.now();
    record.meta.view = undefined;
    return json(200, { message: 'pong' }, this.limiter.idleHeaders());
  }

  /** Creates the sample records through the same validation and defaults as a POST. */
  private seed(account: Account): void {
    const now = this.clock.now();
    for (const { tag, fields, paused, lastPingAgo } of SEED_RECORDS) {
      const create = operations.find((op) => op.tag === tag && op.method === 'POST')!;
      const body: Fields = { ...structuredClone(create.body!.defaults), ...structuredClone(fields) };
      this.validate(validatorNamed(create.body!.validator), body);
      const ctx = { ...this.contextFor(account, 'http://localhost'), now: now - SEED_AGE_MS };
      const id = this.create(ctx, tag, body);
      const record = this.accounts.collection(account, tag).get(id)!;
      if (paused) applyUpdate(tag, record, { paused: true }, behaviours[tag]!, { ...ctx, now: now - SEED_AGE_MS / 2 });
      if (lastPingAgo !== undefined) record.meta.lastPingAt = now - lastPingAgo;
    }
  }

  private create(ctx: Context, kind: string, body: Fields): string {
    const behaviour = behaviours[kind]!;
    this.checkBehaviour(behaviour.check?.(body, ctx));
    this.accounts.ensureRoom(ctx.account, kind, behaviour.noun);
    const id = this.accounts.newId(ctx.account);
    this.accounts.collection(ctx.account, kind).set(id, newRecord(kind, id, body, behaviour, ctx));
    return id;
  }

  private contextFor(account: Account, origin: string): Context {
    return { now: this.clock.now(), origin, account, accounts: this.accounts };
  }

  private authenticate(request: MockRequest): Account {
    const header = request.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const token = match?.[1];
    if (!token) {
      throw new ApiError(401, 'No valid API token was provided. Send it as "Authorization: Bearer <token>".');
    }
    if (this.tokens && !(token in this.tokens)) {
      throw new ApiError(401, 'The API token is not valid.');
    }
    return this.accounts.open(token);
  }

  private parseParams(operation: OperationSpec, queryString: string, pathParams: Record<string, string>): Fields {
    const query = collectFields(parsePairs(queryString, 'query string'), []);
    const params: Fields = {};
    for (const spec of operation.queryParams) {
      const value = query[spec.name];
      if (spec.presenceFlag) params[spec.name] = value !== undefined;
      else if (value !== undefined) params[spec.name] = value;
      else if (spec.default !== null) params[spec.name] = spec.default;
    }
    for (const name of operation.pathParams) params[name] = decodeURIComponentSafe(pathParams[name] ?? '');
    refuseNonDecimals(
      params,
      operation.queryParams.filter((spec) => spec.numeric).map((spec) => spec.name),
    );
    this.validate(validatorNamed(operation.paramsValidator), params);
    return params;
  }

  private async parseBody(operation: OperationSpec, request: MockRequest): Promise<Fields> {
    const spec = operation.body!;
    const type = (request.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const text = await request.body(MAX_BODY_BYTES);
    if (text === null) throw new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    if (type !== 'application/x-www-form-urlencoded' && !(type === '' && text === '')) {
      throw new ApiError(
        415,
        `Request bodies must be application/x-www-form-urlencoded (arrays as field[]=value)${type ? `, not ${type}` : ''}.`,
      );
    }
    const fields = collectFields(parsePairs(text, 'body'), spec.arrayFields);
    refuseNonDecimals(fields, spec.numericFields);
    const unknown = Object.keys(fields).filter((name) => !spec.fields.includes(name));
    // Unknown fields are failing fields like any other: reported together with the
    // invalid values sent beside them (every failing field at once), not before them.
    const errors: FieldErrors = Object.fromEntries(
      unknown.map((name) => [name.slice(0, 100), [`${name.slice(0, 100)} is not a field of this request`]]),
    );
    // Validate what was sent, then fill in the defaults: a required field that also
    // has a default (heartbeat `period`, SPEC.md section 5) must still be sent.
    const validator = validatorNamed(spec.validator);
    if (!validator(fields)) Object.assign(errors, toFieldErrors(validator.errors as ErrorObject[]));
    if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_MESSAGE, errors);
    return { ...(operation.method === 'POST' ? structuredClone(spec.defaults) : {}), ...fields };
  }

  /** Runs a compiled validator (which also coerces wire strings in place) and throws every failure at once. */
  private validate(validator: ValidateFunction, data: Fields): void {
    if (validator(data)) return;
    throw new ApiError(400, VALIDATION_MESSAGE, toFieldErrors(validator.errors as ErrorObject[]));
  }

  private act(
    operation: OperationSpec,
    ctx: Context,
    params: Fields,
    body: Fields | undefined,
    url: string,
    headers: RateLimitHeaders,
  ): MockResponse {
    const locations = {
      'list-uptime-monitoring-locations': UPTIME_LOCATIONS,
      'list-pagespeed-monitoring-locations': PAGESPEED_LOCATIONS,
    }[operation.operationId];
    if (locations) {
      const found = locations.filter(
        (location) =>
          (params.region_code === undefined || location.region_code === params.region_code) &&
          (params.location === undefined || location.country === params.location),
      );
      return json(200, { data: found.map(publicLocation) }, headers);
    }

    const kind = operation.tag;
    const behaviour = behaviours[kind];
    if (!behaviour) throw new Error(`no behaviour for ${kind}`);
    const records = this.accounts.collection(ctx.account, kind);
    const idParam = operation.pathParams[0];
    const id = idParam ? String(params[idParam]) : undefined;
    const existing = id === undefined ? undefined : records.get(id);
    if (id !== undefined && !existing) throw notFound(behaviour.noun, id);

    if (operation.pagination === 'cursor') {
      const build = seriesBuilders[operation.operationId]!;
      const seconds = (value: unknown) => (value === undefined ? undefined : Number(value) * 1000);
      const answer = build(
        existing!,
        { now: ctx.now, limit: Number(params.limit), before: seconds(params.before), after: seconds(params.after) },
        url,
      );
      return json(200, answer, headers);
    }
    if (operation.pagination === 'page') {
      // Tags live on the stored record; status and state are computed when read.
      // Without a filter on those, only the requested page is computed.
      const tagged = [...records.values()].filter((record) => matchesTags(record.data, params));
      const needsView = params.status !== undefined || params.state !== undefined;
      const query = { page: Number(params.page), limit: Number(params.limit) };
      const page = needsView
        ? paginate(
            tagged
              .map((record) => present(kind, record, behaviour, ctx, 'list'))
              .filter((item) => matchesState(item, params)),
            query,
          )
        : (() => {
            const raw = paginate(tagged, query);
            return { ...raw, data: raw.data.map((record) => present(kind, record, behaviour, ctx, 'list')) };
          })();
      const items = page.data;
      if (params.nouptime === true) for (const item of items) delete item.uptime;
      return json(200, { data: items, metadata: page.metadata }, headers);
    }

    switch (operation.method) {
      case 'POST':
        return json(201, { data: { new_id: this.create(ctx, kind, body!) } }, headers);
      case 'GET':
        return json(200, { data: present(kind, existing!, behaviour, ctx) }, headers);
      case 'PUT':
        this.checkBehaviour(behaviour.check?.(body!, ctx, existing));
        applyUpdate(kind, existing!, body!, behaviour, ctx);
        return noContent(headers);
      case 'DELETE':
        records.delete(id!);
        if (kind === 'contact-groups') detachContactGroup(ctx, id!);
        return noContent(headers);
    }
  }

  private checkBehaviour(errors: FieldErrors | undefined): void {
    if (errors && Object.keys(errors).length) throw new ApiError(400, VALIDATION_MESSAGE, errors);
  }

  private failure(error: unknown, rateHeaders: RateLimitHeaders): MockResponse {
    if (error instanceof ApiError) {
      return json(error.status, errorBody(error.message, error.errors), { ...rateHeaders, ...error.headers });
    }
    // A bug in the mock must still answer in the API's shape, and say so.
    console.error(error);
    return json(500, errorBody('The mock server failed on this request; this is a bug in the mock.'), rateHeaders);
  }
}

const DECIMAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/**
 * The validator coerces wire strings with JavaScript's Number(), which also reads
 * `0x1F`, `0b11`, ` 30` and `''`. The API takes decimals only: anything else is
 * swapped for a value the validator rejects as "must be a whole number/number".
 */
function refuseNonDecimals(fields: Fields, numeric: readonly string[]): void {
  const check = (value: unknown) =>
    typeof value === 'string' && !DECIMAL.test(value) ? { notADecimal: value } : value;
  for (const name of numeric) {
    const value = fields[name];
    if (value !== undefined) fields[name] = Array.isArray(value) ? value.map(check) : check(value);
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, `The path has invalid percent-encoding: "${value.slice(0, 40)}".`);
  }
}

/** The tags filter: all listed tags must match, or any of them with matchany. */
function matchesTags(data: Fields, params: Fields): boolean {
  if (typeof params.tags !== 'string') return true;
  const wanted = params.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  const has = new Set(data.tags as string[]);
  return params.matchany === true ? wanted.some((tag) => has.has(tag)) : wanted.every((tag) => has.has(tag));
}

/** The status and state filters, on the record as read. */
function matchesState(entity: Fields, params: Fields): boolean {
  return (
    (params.status === undefined || entity.status === params.status) &&
    (params.state === undefined || entity.state === params.state)
  );
}

/** Deleting a contact group detaches it from every check (as the API does). */
function detachContactGroup(ctx: Context, groupId: string): void {
  for (const records of ctx.account.collections.values()) {
    for (const record of records.values()) {
      const groups = record.data.contact_groups;
      if (Array.isArray(groups)) record.data.contact_groups = groups.filter((group) => group !== groupId);
    }
  }
}
