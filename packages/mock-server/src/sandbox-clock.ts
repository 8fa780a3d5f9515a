// The sandbox clock: each account has its own time, the mock's clock plus an
// offset the account keeps (store/snapshot.ts carries it, so every store keeps
// it too). Every simulation reads time from the request's context, and the
// context takes it from accountNow: moving an account's clock moves its
// history, periods, alerts, heartbeats, maintenance windows and certificates
// at once, and no other account's.
//
// `GET /sandbox/clock` reads the account's time; `POST /sandbox/clock` with
// the form body `advance=<seconds>` moves it forward. Both sit outside the
// API's base path and are described in packages/spec/sandbox/sandbox-clock.yaml,
// not in the public API's description.
import { ApiError, VALIDATION_MESSAGE, type FieldErrors } from './api-error.js';
import type { Clock } from './clock.js';
import type { Fields } from './behaviours.js';
import type { BodySpec } from './operation-spec.js';
import { iso } from './schedule.js';
import type { Account } from './store/accounts.js';

export const SANDBOX_CLOCK_PATH = '/sandbox/clock';

/** One advance moves the clock at most this far: 31 days. */
export const MAX_ADVANCE_SECONDS = 31 * 86_400;

/**
 * An account's clock runs at most this far ahead of the mock's: 90 days. The
 * simulations walk runs back from "now" (an alerts page of a constant check
 * whose trigger_rate no outage reaches walks every run since it was created:
 * about 2 ms of CPU per simulated day), so the distance is bounded like every
 * other input. 90 days see a certificate expire and a monthly window repeat.
 */
export const MAX_OFFSET_SECONDS = 90 * 86_400;

/** The form body `POST /sandbox/clock` reads (parse-request.ts's rules: decimals only, 413, 415). */
export const ADVANCE_BODY: BodySpec = {
  validator: '',
  jsonFields: [],
  arrayFields: [],
  numericFields: ['advance'],
  booleanFields: [],
  fields: ['advance'],
  defaults: {},
};

/** The account's time: the mock's clock plus the account's own offset. The one place the sandbox clock is read. */
export const accountNow = (clock: Clock, account: Pick<Account, 'clockOffsetMs'>): number =>
  clock.now() + account.clockOffsetMs;

/** What both endpoints answer: the account's time, and how far it is ahead of the mock's clock. */
export function clockAnswer(clock: Clock, account: Account) {
  const now = Math.floor(accountNow(clock, account) / 1000) * 1000;
  return { data: { now: iso(now), advanced_seconds: Math.floor(account.clockOffsetMs / 1000) } };
}

/**
 * The seconds a POST asks to move on, checked: a whole number from 1 to
 * MAX_ADVANCE_SECONDS that keeps the account within MAX_OFFSET_SECONDS of the
 * mock's clock. Anything else is a 400 in the API's shape, naming the field.
 */
export function advanceSeconds(fields: Fields, account: Account): number {
  const errors: FieldErrors = {};
  for (const name of Object.keys(fields)) {
    if (name !== 'advance') errors[name.slice(0, 100)] = [`${name.slice(0, 100)} is not a field of this request`];
  }
  const value = fields.advance;
  const left = MAX_OFFSET_SECONDS - Math.floor(account.clockOffsetMs / 1000);
  let seconds = Number.NaN;
  if (value === undefined) errors.advance = ['advance is required'];
  else if (typeof value !== 'string' || !/^-?[0-9]{1,12}$/.test(value))
    errors.advance = ['advance must be a whole number of seconds'];
  else {
    seconds = Number(value);
    if (seconds < 1 || seconds > MAX_ADVANCE_SECONDS)
      errors.advance = [`advance must be between 1 and ${MAX_ADVANCE_SECONDS}`];
    else if (seconds > left)
      errors.advance = [
        `advance must be at most ${left}: a sandbox clock runs at most ${MAX_OFFSET_SECONDS} seconds (90 days) ahead, and this account's is ${MAX_OFFSET_SECONDS - left} ahead`,
      ];
  }
  if (Object.keys(errors).length) throw new ApiError(400, VALIDATION_MESSAGE, errors);
  return seconds;
}
