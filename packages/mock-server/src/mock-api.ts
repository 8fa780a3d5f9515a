// One request pipeline for every way the mock runs (HTTP server, msw in tests,
// the browser worker): route, authenticate, rate-limit, parse (parse-request.ts),
// validate against the spec's compiled schemas (validate.ts), then act: the
// operation's handler (operation-handlers.ts) answers from the in-memory state.
import { Accounts, DEFAULT_LIMITS, type Account, type AccountLimits } from './store/accounts.js';
import { ApiError } from './api-error.js';
import { behaviours, type Context, type Fields } from './behaviours.js';
import { systemClock, type Clock } from './clock.js';
import { operations } from './generated/operations.js';
import { addRecord } from './handler-kinds.js';
import { requestUrl, type MockRequest, type MockResponse } from './mock-request.js';
import { HAR_PATH, harArchive } from './har.js';
import { handlerFor } from './operation-handlers.js';
import { OriginReader } from './request-origin.js';
import type { OperationSpec } from './operation-spec.js';
import { bearerToken, parseBody, parseParams } from './parse-request.js';
import { RateLimiter, type Plan, type RateLimitHeaders, type RateWindows } from './rate-limit.js';
import { applyUpdate } from './records.js';
import { PREFLIGHT_HEADERS, errorBody, json, noContent } from './responses.js';
import { matchRoute } from './router.js';
import { appliedPreferences, readPrefer, realSleep, type Scenario, type Sleep } from './scenarios.js';
import { SEED_AGE_MS, SEED_RECORDS, exampleRecords } from './seed.js';
import { latestDownRun } from './simulate-uptime.js';
import { uptimeFacts } from './check-facts.js';
import { validate, validateBody } from './validate.js';
import { type AccountSnapshot, accountFrom, snapshotOf } from './store/snapshot.js';
import { ADVANCE_BODY, SANDBOX_CLOCK_PATH, accountNow, advanceSeconds, clockAnswer } from './sandbox-clock.js';

/** A heartbeat check's ping URL: the account's public key, then the check's id. */
export const HEARTBEAT_PING = /^\/heartbeat\/([^/]+)\/([^/]+)$/;

export interface MockOptions {
  /** Time source; tests pass a ManualClock. Default: the system clock. */
  clock?: Clock;
  /** Enforce the real limits (5/s, 60/min without a paid plan). Default: true. */
  rateLimit?: boolean;
  /**
   * Tokens the mock accepts, each with its plan. Default: any non-empty token,
   * on the free plan. Only a record's own keys count (`constructor` is no token).
   */
  tokens?: Record<string, Plan> | ReadonlyMap<string, Plan>;
  /** Seed each new token's account with sample records. Default: true. */
  seed?: boolean;
  limits?: Partial<AccountLimits>;
  /** Where the API is mounted on any origin. Default: `/v1`. */
  basePath?: string;
  /** How `Prefer: delay=N` waits (scenarios.ts). Default: a timer; tests inject their own. */
  sleep?: Sleep;
  /**
   * Accept only the documented wire forms (`field[]=v` arrays, `true`/`false`),
   * answering 400s that name them, for developers who hold their own client
   * to the guide. Default: false, which also reads what the provider's
   * generated clients send (README, "What the official clients send").
   */
  strictWire?: boolean;
  /**
   * Rate-limit windows shared with other processes (a shared store's,
   * store/): counted there, once for all. Default: this process counts its own.
   */
  rateWindows?: RateWindows;
}

export class MockApi {
  readonly clock: Clock;
  private accounts: Accounts;
  private limiter: RateLimiter;
  private readonly tokens: ReadonlyMap<string, Plan> | undefined;
  private readonly origins = new OriginReader();
  readonly basePath: string;
  private readonly sleep: Sleep;
  private readonly seedsNewTokens: boolean;
  private readonly rateWindows: RateWindows | undefined;
  /** See MockOptions.strictWire; a sandbox's controls may switch it at any time, for the next request. */
  strictWire: boolean;

  constructor(options: MockOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.sleep = options.sleep ?? realSleep;
    this.strictWire = options.strictWire ?? false;
    this.rateWindows = options.rateWindows;
    this.tokens = tokenMap(options.tokens);
    this.basePath = options.basePath ?? '/v1';
    this.limiter = new RateLimiter(this.clock, options.rateLimit ?? true);
    const seed = options.seed ?? true;
    this.seedsNewTokens = seed;
    this.accounts = new Accounts(
      this.clock,
      { ...DEFAULT_LIMITS, ...options.limits },
      (token) => this.tokens?.get(token) ?? 'free',
      (account) => seed && this.seed(account),
    );
  }

  /**
   * Takes over the readers' data and rate-limit windows of `previous`, a
   * pipeline built from the description before an edit (`pnpm dev` reloads the
   * mock in place). `previous` may come from another copy of this module:
   * only its fields are read.
   */
  adoptStateOf(previous: MockApi): void {
    this.accounts = previous.accounts;
    this.limiter = previous.limiter;
    const seed = this.seedsNewTokens;
    this.accounts.adoptedBy((account) => seed && this.seed(account));
  }

  /** The token's account as a snapshot (store/snapshot.ts); opened, and seeded, if it is new. */
  exportAccount(token: string): AccountSnapshot {
    return snapshotOf(this.accounts.open(token));
  }

  /** The token's account, if it has one, as a snapshot; nothing is opened. */
  peekAccount(token: string): AccountSnapshot | undefined {
    const account = this.accounts.peek(token);
    return account && snapshotOf(account);
  }

  /** Replaces the token's account with a snapshot's, or throws a 400/409 ApiError that says what is wrong. */
  importAccount(token: string, snapshot: unknown): void {
    this.accounts.replace(token, accountFrom(snapshot, this.clock.now()));
  }

  /** Forgets one token's data; its next request starts a fresh (seeded) account. */
  dropAccount(token: string): void {
    this.accounts.drop(token);
  }

  /** Forgets every token's data and rate-limit windows. */
  reset(): void {
    this.accounts.reset();
    this.limiter.reset();
  }

  /**
   * Answers any request: the API below the base path, heartbeat pings,
   * pagespeed archives, CORS preflights, and a 404 or 405 in the API's error
   * shape for everything else.
   */
  async route(request: MockRequest): Promise<MockResponse> {
    if (request.method === 'OPTIONS') return noContent(PREFLIGHT_HEADERS);
    const ping = HEARTBEAT_PING.exec(request.path);
    if (ping) return this.ping(ping[1]!, ping[2]!);
    const har = HAR_PATH.exec(request.path);
    if (har && (request.method === 'GET' || request.method === 'HEAD'))
      return this.har(har[1]!, har[2]!, Number(har[3]));
    if (request.path === SANDBOX_CLOCK_PATH) return this.sandboxClock(request);
    const inApi = request.path.startsWith(`${this.basePath}/`);
    const match = inApi ? matchRoute(request.method, request.path.slice(this.basePath.length)) : null;
    if (match?.operation) return this.handleWithScenario(match.operation, request, match.params);
    if (match?.allowed.length) {
      const allowed = match.allowed.join(', ');
      return json(405, errorBody(`${request.method} is not allowed on ${shown(request.path)}. Allowed: ${allowed}.`), {
        allow: allowed,
        ...this.limiter.idleHeaders(),
      });
    }
    return this.refuse(
      404,
      `No route ${shown(request.method)} ${shown(request.path)}. See the API reference for the routes.`,
    );
  }

  /**
   * A failure answered before the pipeline runs (body over the limit, unreadable
   * request, no route at all): same shape and, like every answer, the
   * x-ratelimit-* headers (API-FACTS.md).
   */
  refuse(status: number, message: string): MockResponse {
    return json(status, errorBody(message), this.limiter.idleHeaders());
  }

  /**
   * An API request with the scenario its `Prefer` header asks for (scenarios.ts):
   * the delay first, then the answer, naming what was applied.
   */
  private async handleWithScenario(
    operation: OperationSpec,
    request: MockRequest,
    pathParams: Record<string, string>,
  ): Promise<MockResponse> {
    const scenario = readPrefer(request.header('prefer'));
    if (scenario.delayMs) await this.sleep(scenario.delayMs);
    const state = { codeApplied: false };
    const response = await this.handle(operation, request, pathParams, scenario, state);
    const applied = appliedPreferences(scenario, state.codeApplied);
    if (applied) response.headers['preference-applied'] = applied;
    return response;
  }

  /** Answers a request routed to `operation`, with the path parameters the router matched. */
  private async handle(
    operation: OperationSpec,
    request: MockRequest,
    pathParams: Record<string, string>,
    scenario: Scenario,
    state: { codeApplied: boolean },
  ): Promise<MockResponse> {
    let rateHeaders: RateLimitHeaders = this.limiter.idleHeaders();
    try {
      const account = this.authenticate(request);
      rateHeaders = this.limiter.idleHeaders(account.plan);
      // A requested failure comes after authentication, as the real ones do, and changes no data.
      if (scenario.code) state.codeApplied = true;
      if (scenario.code === 429) throw this.limiter.exceeded(account.plan);
      rateHeaders = this.rateWindows
        ? await this.limiter.takeShared(this.rateWindows, account.key, account.plan)
        : this.limiter.take(account.key, account.plan);
      if (scenario.code === 500) {
        throw new ApiError(500, 'The server failed to answer this request (simulated: Prefer: code=500).');
      }
      // Parameters are checked before the body is read: a request wrong in both answers about its parameters.
      const params = parseParams(operation, request.query, pathParams);
      validate(operation.paramsValidator, params);
      const origin = this.origins.of(request);
      const call = {
        operation,
        ctx: this.contextFor(account, origin),
        params,
        body: operation.body ? await parseBody(operation.body, request, this.strictWire) : undefined,
        url: requestUrl(origin, request),
        headers: rateHeaders,
      };
      const handler = handlerFor(operation);
      if (operation.body)
        validateBody(operation.body, call.body!, (accepted) => handler.ownChecks?.({ ...call, body: accepted }) ?? {});
      return handler.answer(call);
    } catch (error) {
      return this.failure(error, rateHeaders);
    }
  }

  /**
   * The caller's sandbox clock (sandbox-clock.ts): GET (or HEAD) reads it, POST
   * `advance=<seconds>` moves it on. Authenticated and rate-limited like the API.
   */
  private async sandboxClock(request: MockRequest): Promise<MockResponse> {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
      return json(
        405,
        errorBody(`${shown(method)} is not allowed on ${SANDBOX_CLOCK_PATH}. Allowed: GET, HEAD, POST.`),
        {
          allow: 'GET, HEAD, POST',
          ...this.limiter.idleHeaders(),
        },
      );
    }
    let rateHeaders: RateLimitHeaders = this.limiter.idleHeaders();
    try {
      const account = this.authenticate(request);
      rateHeaders = this.rateWindows
        ? await this.limiter.takeShared(this.rateWindows, account.key, account.plan)
        : this.limiter.take(account.key, account.plan);
      if (method === 'POST') {
        const seconds = advanceSeconds(await parseBody(ADVANCE_BODY, request, this.strictWire), account);
        account.clockOffsetMs += seconds * 1000;
      }
      return json(200, clockAnswer(this.clock, account), rateHeaders);
    } catch (error) {
      return this.failure(error, rateHeaders);
    }
  }

  /** Heartbeat pings: any method on the check's `url` marks it alive. */
  private ping(accountKey: string, id: string): MockResponse {
    const account = this.accounts.byPublicKey(accountKey);
    const record = account && this.accounts.collection(account, 'heartbeat').get(id);
    if (!record) return this.refuse(404, 'No heartbeat check answers at this URL.');
    record.meta.lastPingAt = accountNow(this.clock, account);
    record.meta.view = undefined;
    return json(200, { message: 'pong' }, this.limiter.idleHeaders());
  }

  /** A pagespeed measurement's HTTP Archive, at the `har_location` its history gave (har.ts). */
  private har(accountKey: string, id: string, seconds: number): MockResponse {
    const account = this.accounts.byPublicKey(accountKey);
    const record = account && this.accounts.collection(account, 'pagespeed').get(id);
    const archive = record && harArchive(record, seconds, accountNow(this.clock, account));
    if (!archive) return this.refuse(404, 'No HTTP archive at this URL.');
    return json(200, archive, this.limiter.idleHeaders());
  }

  /** Creates the sample records through the same validation and defaults as a POST. */
  private seed(account: Account): void {
    const now = accountNow(this.clock, account);
    for (const { tag, fields, id, createdAt, paused, lastPingAgo, down } of [...SEED_RECORDS, ...exampleRecords(now)]) {
      const create = operations.find((op) => op.tag === tag && op.method === 'POST')!;
      const body: Fields = { ...structuredClone(create.body!.defaults), ...structuredClone(fields) };
      validate(create.body!.validator, body);
      const ctx = { ...this.contextFor(account, 'http://localhost'), now: createdAt ?? now - SEED_AGE_MS };
      const newId = addRecord(ctx, tag, body, id);
      const record = this.accounts.collection(account, tag).get(newId)!;
      if (paused) applyUpdate(tag, record, { paused: true }, behaviours[tag]!, { ...ctx, now: now - SEED_AGE_MS / 2 });
      if (down) {
        const at = latestDownRun(uptimeFacts(record), now);
        if (at !== undefined) applyUpdate(tag, record, { paused: true }, behaviours[tag]!, { ...ctx, now: at + 1000 });
      }
      if (lastPingAgo !== undefined) record.meta.lastPingAt = now - lastPingAgo;
    }
  }

  private contextFor(account: Account, origin: string): Context {
    return { now: accountNow(this.clock, account), origin, account, accounts: this.accounts };
  }

  private authenticate(request: MockRequest): Account {
    const token = bearerToken(request);
    if (!token) {
      throw new ApiError(401, 'No valid API token was provided. Send it as "Authorization: Bearer <token>".');
    }
    if (this.tokens && !this.tokens.has(token)) {
      throw new ApiError(401, 'The API token is not valid.');
    }
    return this.accounts.open(token);
  }

  private failure(error: unknown, rateHeaders: RateLimitHeaders): MockResponse {
    if (ApiError.is(error)) {
      return json(error.status, errorBody(error.message, error.errors), { ...rateHeaders, ...error.headers });
    }
    // A bug in the mock must still answer in the API's shape, and say so.
    console.error(error);
    return json(500, errorBody('The mock server failed on this request; this is a bug in the mock.'), rateHeaders);
  }
}

/** Request text echoed in a message, cut short: a message stays within APIError's maxLength. */
const shown = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * The accepted tokens as a Map. A plain object looked up with `in` or `[]` also
 * answered `constructor`, `toString`, `__proto__`... (its prototype's keys), with
 * a "plan" that escaped the per-minute limit: only own keys are tokens.
 */
function tokenMap(tokens: MockOptions['tokens']): ReadonlyMap<string, Plan> | undefined {
  if (tokens === undefined) return undefined;
  return new Map(tokens instanceof Map ? tokens : Object.entries(tokens as Record<string, Plan>));
}
