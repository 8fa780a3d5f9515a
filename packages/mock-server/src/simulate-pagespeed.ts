// Simulated pagespeed measurements: one per check_rate seconds while the check
// runs, each a pure function of the check and the time.
import { between, unit } from './deterministic.js';
import { runTimesBefore, timeWindow, type ActiveSpans, type SeriesQuery } from './schedule.js';

export interface PagespeedCheckFacts {
  id: string;
  checkRate: number;
  activeSpans: ActiveSpans;
}

export interface Measurement {
  at: number;
  filesize: number;
  loadtime: number;
  requests: number;
  hasIssue: boolean;
}

function measurementAt(check: PagespeedCheckFacts, at: number): Measurement {
  const baseLoad = between(700, 2200, check.id, 'base-load');
  const slow = unit(check.id, 'slow', at) < 0.05;
  const loadtime = Math.round(baseLoad * (0.8 + unit(check.id, 'load', at) * 0.4) * (slow ? 3 : 1));
  const filesize =
    Math.round(between(400, 3000, check.id, 'base-size') * (0.97 + unit(check.id, 'size', at) * 0.06) * 10) / 10;
  const requests = between(20, 90, check.id, 'base-requests') + between(-2, 2, check.id, 'requests', at);
  return { at, filesize, loadtime, requests, hasIssue: slow };
}

function* measurementsBefore(check: PagespeedCheckFacts, now: number, before: number): Generator<Measurement> {
  for (const [at] of runTimesBefore(check.activeSpans, check.checkRate * 1000, now, before))
    yield measurementAt(check, at);
}

export const measurements = (
  check: PagespeedCheckFacts,
  { now, limit, before = Infinity, after = -Infinity }: SeriesQuery,
) => timeWindow(measurementsBefore(check, now, before), (m) => m.at, limit, before, after);

export const latestMeasurement = (check: PagespeedCheckFacts, now: number): Measurement | undefined =>
  measurements(check, { now, limit: 1 })[0];

export interface Aggregate {
  min: number;
  max: number;
  avg: number;
}

export function aggregate(values: number[]): Aggregate {
  if (values.length === 0) return { min: 0, max: 0, avg: 0 };
  const sum = values.reduce((total, value) => total + value, 0);
  return { min: Math.min(...values), max: Math.max(...values), avg: Math.round((sum / values.length) * 10) / 10 };
}
