// Simulated monitoring for uptime checks, a pure function of the check's
// settings, its active spans and the time asked about: history, periods and
// alerts agree with one another and never change once in the past.
import { between, unit } from './deterministic.js';
import { runTimesBefore, timeWindow, type ActiveSpans, type SeriesQuery } from './schedule.js';

export interface UptimeCheckFacts {
  id: string;
  checkRate: number;
  /** Minutes a check must stay down before an alert (trigger_rate). */
  triggerRate: number;
  locations: string[];
  createdAt: number;
  activeSpans: ActiveSpans;
}

export interface Run {
  at: number;
  location: string;
  performance: number;
  statusCode: number;
  up: boolean;
}

export interface Period {
  start: number;
  end: number | null;
  up: boolean;
}

export interface Alert {
  id: string;
  at: number;
  up: boolean;
  statusCode: number;
}

/** "Constant" checking (check_rate 0) is simulated as a run every 30 seconds. */
const intervalMs = (checkRate: number) => (checkRate === 0 ? 30 : checkRate) * 1000;
/** Outages are placed in blocks of this many intervals: at most one per block. */
const BLOCK_RUNS = 96;
const OUTAGE_CHANCE = 0.3;
const DOWN_CODES = [500, 502, 503, 504, 0, 404];

/** The outage (if any) in the block holding time t: [start, end). */
function outageInBlock(check: UptimeCheckFacts, block: number): [number, number] | null {
  const interval = intervalMs(check.checkRate);
  if (unit(check.id, 'outage', block) >= OUTAGE_CHANCE) return null;
  const blockStart = block * interval * BLOCK_RUNS;
  const offset = between(2, BLOCK_RUNS - 10, check.id, 'offset', block);
  const length = between(1, 6, check.id, 'length', block);
  return [blockStart + offset * interval, blockStart + (offset + length) * interval];
}

function isUpAt(check: UptimeCheckFacts, at: number): boolean {
  const block = Math.floor(at / (intervalMs(check.checkRate) * BLOCK_RUNS));
  const outage = outageInBlock(check, block);
  return !(outage && at >= outage[0] && at < outage[1]);
}

function runAt(check: UptimeCheckFacts, at: number, index: number): Run {
  const up = isUpAt(check, at);
  const location = check.locations.length ? check.locations[index % check.locations.length]! : 'london';
  return {
    at,
    location,
    up,
    performance: up ? between(80, 450, check.id, 'perf', at) : between(5000, 15000, check.id, 'perf', at),
    statusCode: up ? 200 : DOWN_CODES[between(0, DOWN_CODES.length - 1, check.id, 'code', at)]!,
  };
}

function* runsBefore(check: UptimeCheckFacts, now: number, before: number): Generator<Run> {
  for (const [at, index] of runTimesBefore(check.activeSpans, intervalMs(check.checkRate), now, before))
    yield runAt(check, at, index);
}

/** Up/down periods, newest first: a period starts at the run that changed status. */
function* periodsBefore(check: UptimeCheckFacts, now: number): Generator<Period> {
  let current: Period | null = null;
  for (const run of runsBefore(check, now, Infinity)) {
    if (!current) current = { start: run.at, end: null, up: run.up };
    else if (run.up === current.up) current.start = run.at;
    else {
      yield current;
      current = { start: run.at, end: current.start, up: run.up };
    }
  }
  if (current) yield current;
}

/** Alerts, newest first: one when a down period outlasts trigger_rate, one when it ends. */
function* alertsBefore(check: UptimeCheckFacts, now: number): Generator<Alert> {
  const delay = check.triggerRate * 60_000;
  const alertId = (kind: string, at: number) => String(between(10_000_000, 99_999_999, check.id, kind, at));
  for (const period of periodsBefore(check, now)) {
    const downAt = period.start + delay;
    if (period.up) continue;
    // An alert is due only if the check is still down when trigger_rate has passed.
    // A period that ended exactly then raised none: counting it put its down and up
    // alerts at the same instant, which a `before` cursor (exclusive) cannot split,
    // so walking links.next skipped one of them.
    if (period.end === null ? downAt > now : downAt >= period.end) continue;
    if (period.end !== null) yield { id: alertId('alert-up', period.end), at: period.end, up: true, statusCode: 200 };
    yield {
      id: alertId('alert-down', downAt),
      at: downAt,
      up: false,
      statusCode: runAt(check, period.start, 0).statusCode,
    };
  }
}

export const runs = (check: UptimeCheckFacts, { now, limit, before = Infinity, after = -Infinity }: SeriesQuery) =>
  timeWindow(runsBefore(check, now, before), (r) => r.at, limit, before, after);

export const periods = (check: UptimeCheckFacts, { now, limit, before = Infinity, after = -Infinity }: SeriesQuery) =>
  timeWindow(periodsBefore(check, now), (p) => p.start, limit, before, after);

export const alerts = (check: UptimeCheckFacts, { now, limit, before = Infinity, after = -Infinity }: SeriesQuery) =>
  timeWindow(alertsBefore(check, now), (a) => a.at, limit, before, after);

/**
 * The time of the check's latest run that found it down, searched back a page
 * of runs at a time (outages come in about one block of runs in three), or
 * undefined when it never was. The seed pauses a check there so that it reads
 * `status: down` for as long as it stays paused.
 */
export function latestDownRun(check: UptimeCheckFacts, now: number): number | undefined {
  let before = Infinity;
  for (;;) {
    const page = runs(check, { now, limit: 500, before });
    const down = page.find((run) => !run.up);
    if (down) return down.at;
    if (page.length < 500) return undefined;
    before = page.at(-1)!.at;
  }
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Percentage of active time the check was up over its last 500 intervals, with
 * two decimals. Computed from the outage blocks rather than run by run: it is
 * read for every check on every list, so it must cost a handful of blocks, not
 * 500 runs.
 */
export function uptimePercentage(check: UptimeCheckFacts, now: number): number {
  const interval = intervalMs(check.checkRate);
  const from = now - 500 * interval;
  let active = 0;
  let down = 0;
  for (const [spanStart, spanEnd] of check.activeSpans) {
    const start = Math.max(spanStart, from);
    const end = Math.min(spanEnd ?? now, now);
    if (end <= start) continue;
    active += end - start;
    const blockLength = interval * BLOCK_RUNS;
    for (let block = Math.floor(start / blockLength); block * blockLength < end; block++) {
      const outage = outageInBlock(check, block);
      if (outage) down += overlap(outage[0], outage[1], start, end);
    }
  }
  if (active === 0) return 100;
  return Math.round((1 - down / active) * 10_000) / 100;
}
