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
import { CORS_HEADERS, errorBody, json, noContent, readBody } from './http.js';
import { PAGESPEED_LOCATIONS, UPTIME_LOCATIONS, publicLocation } from './locations.js';
import type { OperationSpec } from './operation-spec.js';
import { paginate } from './paginate.js';
import { collectFields, parsePairs } from './parse-form.js';
import { RateLimiter, type Plan, type RateLimitHeaders } from './rate-limit.js';
import { applyUpdate, listItem, newRecord, present } from './records.js';
import { SEED_AGE_MS, SEED_RECORDS } from './seed.js';
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
}

/** Bodies above this answer 413 (API-FACTS.md, issue 3). */
export const MAX_BODY_BYTES = 1024 * 1024;

const validatorNamed = (name: string) => (validators as Record<string, ValidateFunction>)[name]!;

export class MockApi {
  readonly clock: Clock;
  private readonly accounts: Accounts;
  private readonly limiter: RateLimiter;
  private readonly tokens: Record<string, Plan> | undefined;

  constructor(options: MockOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.tokens = options.tokens;
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

  /** Answers a request routed to `operation`, with the path parameters the router matched. */
  async handle(operation: OperationSpec, request: Request, pathParams: Record<string, string>): Promise<Response> {
    let rateHeaders: RateLimitHeaders = this.limiter.idleHeaders();
    try {
      const account = this.authenticate(request);
      rateHeaders = this.limiter.idleHeaders(account.plan);
      rateHeaders = this.limiter.take(account.key, account.plan);
      const url = new URL(request.url);
      const params = this.parseParams(operation, url, pathParams);
      const body = operation.body ? await this.parseBody(operation, request) : undefined;
      const ctx = this.contextFor(account, url.origin);
      return this.act(operation, ctx, params, body, request.url, rateHeaders);
    } catch (error) {
      return this.failure(error, rateHeaders);
    }
  }

  /** Heartbeat pings: any method on the check's `url` marks it alive. */
  ping(accountKey: string, id: string): Response {
    const account = this.accounts.byPublicKey(accountKey);
    const record = account && this.accounts.collection(account, 'heartbeat').get(id);
    if (!record) return json(404, errorBody(`No heartbeat check answers at this URL.`));
    record.meta.lastPingAt = this.clock.now();
    return json(200, { message: 'pong' });
  }

  preflight(): Response {
    return noContent();
  }

  /** Any request no operation matched: 405 when the path exists with other methods, else 404. */
  notRouted(request: Request, basePath: string): Response {
    const path = new URL(request.url).pathname.slice(basePath.length);
    const allowed = operations.filter((op) => pathMatches(op.path, path)).map((op) => op.method);
    if (allowed.length) {
      return json(405, errorBody(`${request.method} is not allowed on ${basePath}${path}. Allowed: ${allowed.join(', ')}.`), {
        allow: allowed.join(', '),
        ...this.limiter.idleHeaders(),
      });
    }
    return json(404, errorBody(`No route ${request.method} ${basePath}${path}. See the API reference for the routes.`), this.limiter.idleHeaders());
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

  private authenticate(request: Request): Account {
    const header = request.headers.get('authorization') ?? '';
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

  private parseParams(operation: OperationSpec, url: URL, pathParams: Record<string, string>): Fields {
    const query = collectFields(parsePairs(url.search.slice(1), 'query string'), []);
    const params: Fields = {};
    for (const spec of operation.queryParams) {
      const value = query[spec.name];
      if (spec.presenceFlag) params[spec.name] = value !== undefined;
      else if (value !== undefined) params[spec.name] = value;
      else if (spec.default !== null) params[spec.name] = spec.default;
    }
    for (const name of operation.pathParams) params[name] = decodeURIComponentSafe(pathParams[name] ?? '');
    this.validate(validatorNamed(operation.paramsValidator), params);
    return params;
  }

  private async parseBody(operation: OperationSpec, request: Request): Promise<Fields> {
    const spec = operation.body!;
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const text = await readBody(request, MAX_BODY_BYTES);
    if (text === null) throw new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    if (type !== 'application/x-www-form-urlencoded' && !(type === '' && text === '')) {
      throw new ApiError(
        415,
        `Request bodies must be application/x-www-form-urlencoded (arrays as field[]=value)${type ? `, not ${type}` : ''}.`,
      );
    }
    const fields = collectFields(parsePairs(text, 'body'), spec.arrayFields);
    const unknown = Object.keys(fields).filter((name) => !spec.fields.includes(name));
    if (unknown.length) {
      throw new ApiError(
        400,
        VALIDATION_MESSAGE,
        Object.fromEntries(unknown.map((name) => [name.slice(0, 100), [`${name.slice(0, 100)} is not a field of this request`]])),
      );
    }
    const body: Fields = { ...(operation.method === 'POST' ? structuredClone(spec.defaults) : {}), ...fields };
    this.validate(validatorNamed(spec.validator), body);
    return body;
  }

  /** Runs a compiled validator (which also coerces wire strings in place) and throws every failure at once. */
  private validate(validator: ValidateFunction, data: Fields): void {
    if (validator(data)) return;
    throw new ApiError(400, VALIDATION_MESSAGE, toFieldErrors(validator.errors as ErrorObject[]));
  }

  private act(operation: OperationSpec, ctx: Context, params: Fields, body: Fields | undefined, url: string, headers: RateLimitHeaders): Response {
    const locations = { 'list-uptime-monitoring-locations': UPTIME_LOCATIONS, 'list-pagespeed-monitoring-locations': PAGESPEED_LOCATIONS }[
      operation.operationId
    ];
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
      const answer = build(existing!, { now: ctx.now, limit: Number(params.limit), before: seconds(params.before), after: seconds(params.after) }, url);
      return json(200, answer, headers);
    }
    if (operation.pagination === 'page') {
      const items = [...records.values()]
        .map((record) => present(kind, record, behaviour, ctx))
        .filter((entity) => matchesFilters(entity, params))
        .map((entity) => listItem(kind, entity));
      if (params.nouptime === true) for (const item of items) delete item.uptime;
      return json(200, paginate(items, { page: Number(params.page), limit: Number(params.limit) }), headers);
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

  private failure(error: unknown, rateHeaders: RateLimitHeaders): Response {
    if (error instanceof ApiError) {
      return json(error.status, errorBody(error.message, error.errors), { ...rateHeaders, ...error.headers });
    }
    // A bug in the mock must still answer in the API's shape, and say so.
    console.error(error);
    return json(500, errorBody('The mock server failed on this request; this is a bug in the mock.'), rateHeaders);
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, `The path has invalid percent-encoding: "${value.slice(0, 40)}".`);
  }
}

/** `/uptime/{test_id}` matches `/uptime/42`. */
function pathMatches(template: string, path: string): boolean {
  const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
  return pattern.test(path);
}

/** The list filters: status, state, and tags (all must match, or any with matchany). */
function matchesFilters(entity: Fields, params: Fields): boolean {
  if (params.status !== undefined && entity.status !== params.status) return false;
  if (params.state !== undefined && entity.state !== params.state) return false;
  if (typeof params.tags === 'string') {
    const wanted = params.tags.split(',').map((tag) => tag.trim()).filter(Boolean);
    const has = new Set(entity.tags as string[]);
    const match = params.matchany === true ? wanted.some((tag) => has.has(tag)) : wanted.every((tag) => has.has(tag));
    if (!match) return false;
  }
  return true;
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

export { CORS_HEADERS };
