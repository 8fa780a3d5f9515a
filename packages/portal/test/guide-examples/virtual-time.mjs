// Virtual time for a guide example run in its own Node process (loaded with
// `node --import`), so rate-limit examples (throttle, backoff, Retry-After)
// give the same answer on a fast machine and on a busy one.
//
// - setTimeout/setInterval, Date and performance.now follow a virtual clock
//   that starts at VIRTUAL_TIME_START (ms since the epoch).
// - fetch stays real HTTP; each request carries the virtual time in
//   `x-virtual-time` (the test's mock sets its ManualClock from it), and its
//   body is read whole before the example sees the answer.
// - The clock moves only when the process has nothing else to do: no request
//   in flight, no pending immediate or file operation. It then jumps to the
//   earliest timer and fires it. A wait costs no real time, and a request is
//   never overtaken by a timer (a client's timeout cannot fire mid-request).
import { setImmediate as realSetImmediate } from 'node:timers';

const start = Number(process.env.VIRTUAL_TIME_START);
if (!Number.isFinite(start)) throw new Error('virtual-time.mjs: set VIRTUAL_TIME_START (ms since the epoch)');
let now = start;

/** @typedef {{ id: number, at: number, ms: number, order: number, fire: () => void, every: number | undefined }} VirtualTimer */
/** @type {Map<number, VirtualTimer>} */
const timers = new Map();
let lastId = 0;
let order = 0;
let inFlight = 0;
let driving = false;

/** What setTimeout returns: enough of Node's Timeout for clients that ref, unref or clear it. */
class VirtualTimeout {
  /** @param {number} id */
  constructor(id) {
    this.id = id;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  hasRef() {
    return true;
  }
  refresh() {
    const timer = timers.get(this.id);
    if (timer) Object.assign(timer, { at: now + timer.ms, order: ++order });
    return this;
  }
  [Symbol.toPrimitive]() {
    return this.id;
  }
}

/**
 * @param {(...args: unknown[]) => void} callback
 * @param {number | undefined} delay
 * @param {unknown[]} args
 * @param {boolean} repeat
 */
function arm(callback, delay, args, repeat) {
  const ms = Math.max(1, Number(delay) || 0);
  const id = ++lastId;
  timers.set(id, {
    id,
    at: now + ms,
    ms,
    order: ++order,
    fire: () => callback(...args),
    every: repeat ? ms : undefined,
  });
  drive();
  return new VirtualTimeout(id);
}

/** @param {unknown} handle */
function disarm(handle) {
  timers.delete(handle instanceof VirtualTimeout ? handle.id : Number(handle));
}

/** Fires the earliest timer once nothing else can make progress; stops when no timer is left. */
function drive() {
  if (driving) return;
  driving = true;
  realSetImmediate(function tick() {
    if (inFlight > 0) {
      driving = false; // the request's end drives again
      return;
    }
    const busy = process.getActiveResourcesInfo().some((kind) => kind === 'Immediate' || kind.startsWith('FSReq'));
    if (busy) return void realSetImmediate(tick);
    let next;
    for (const timer of timers.values())
      if (!next || timer.at < next.at || (timer.at === next.at && timer.order < next.order)) next = timer;
    if (!next) {
      driving = false;
      return;
    }
    now = Math.max(now, next.at);
    if (next.every === undefined) timers.delete(next.id);
    else Object.assign(next, { at: now + next.every, order: ++order });
    next.fire();
    realSetImmediate(tick);
  });
}

// Replaced on the global object, where the examples, the client and fetch look them up at each call.
const global = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (globalThis));
/** @typedef {(...args: unknown[]) => void} Callback */
global.setTimeout = (/** @type {Callback} */ fn, /** @type {number} */ ms, /** @type {unknown[]} */ ...args) =>
  arm(fn, ms, args, false);
global.setInterval = (/** @type {Callback} */ fn, /** @type {number} */ ms, /** @type {unknown[]} */ ...args) =>
  arm(fn, ms, args, true);
globalThis.clearTimeout = disarm;
globalThis.clearInterval = disarm;

const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now], newTarget),
  apply: () => new RealDate(now).toString(),
  get: (target, key, receiver) => (key === 'now' ? () => now : Reflect.get(target, key, receiver)),
});
const performanceOrigin = performance.now();
performance.now = () => performanceOrigin + (now - start);

const NULL_BODY = new Set([101, 204, 205, 304]);
const realFetch = globalThis.fetch;
/** @type {typeof fetch} */
const virtualFetch = async (input, init) => {
  const request = new Request(input, init);
  request.headers.set('x-virtual-time', String(now));
  inFlight++;
  try {
    const response = await realFetch(request);
    const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
    const whole = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(whole, 'url', { value: response.url });
    return whole;
  } finally {
    inFlight--;
    drive();
  }
};
globalThis.fetch = virtualFetch;
