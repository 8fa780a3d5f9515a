// The history-style series: uptime history, periods and alerts, and pagespeed
// history, each computed from the simulation for the window asked for.
import type { StoredRecord } from './store/accounts.js';
import { seriesLinks } from './paginate.js';
import { iso, type SeriesQuery } from './schedule.js';
import { aggregate, measurements } from './simulate-pagespeed.js';
import { pagespeedFacts, uptimeFacts } from './check-facts.js';
import { harLocation } from './har.js';
import { alerts, periods, runs } from './simulate-uptime.js';

export interface SeriesAnswer {
  data: Record<string, unknown>[];
  links: { self: string; next?: string };
  metadata: Record<string, unknown>;
}

/** `accountKey`: the account's public key, for the URLs it alone is given (har.ts). */
export type SeriesBuilder = (
  record: StoredRecord,
  query: SeriesQuery,
  requestUrl: string,
  accountKey: string,
) => SeriesAnswer;

/** Asks for one item more than the page holds, to know whether `links.next` is due. */
function page<T>(items: (query: SeriesQuery) => T[], timeOf: (item: T) => number, query: SeriesQuery, url: string) {
  const found = items({ ...query, limit: query.limit + 1 });
  const data = found.slice(0, query.limit);
  return {
    data,
    links: seriesLinks(url, data.length ? timeOf(data[data.length - 1]!) : undefined, found.length > query.limit),
  };
}

export const uptimeHistory: SeriesBuilder = (record, query, url) => {
  const { data, links } = page(
    (q) => runs(uptimeFacts(record), q),
    (run) => run.at,
    query,
    url,
  );
  return {
    data: data.map((run) => ({
      created_at: iso(run.at),
      location: run.location,
      performance: run.performance,
      status_code: run.statusCode,
    })),
    links,
    metadata: {},
  };
};

export const uptimePeriods: SeriesBuilder = (record, query, url) => {
  const { data, links } = page(
    (q) => periods(uptimeFacts(record), q),
    (period) => period.start,
    query,
    url,
  );
  return {
    data: data.map((period) => ({
      created_at: iso(period.start),
      duration: (period.end ?? query.now) - period.start,
      ...(period.end === null ? {} : { ended_at: iso(period.end) }),
      status: period.up ? 'up' : 'down',
    })),
    links,
    metadata: {},
  };
};

export const uptimeAlerts: SeriesBuilder = (record, query, url) => {
  const { data, links } = page(
    (q) => alerts(uptimeFacts(record), q),
    (alert) => alert.at,
    query,
    url,
  );
  return {
    data: data.map((alert) => ({
      id: alert.id,
      status: alert.up ? 'up' : 'down',
      status_code: alert.statusCode,
      triggered_at: iso(alert.at),
    })),
    links,
    metadata: {},
  };
};

export const pagespeedHistory: SeriesBuilder = (record, query, url, accountKey) => {
  const facts = pagespeedFacts(record);
  const { data, links } = page(
    (q) => measurements(facts, q),
    (m) => m.at,
    query,
    url,
  );
  const origin = new URL(url).origin;
  return {
    data: data.map((m) => ({
      created_at: iso(m.at),
      filesize: m.filesize,
      har_location: harLocation(origin, accountKey, facts.id, m.at),
      loadtime: m.loadtime,
      requests: m.requests,
      throttling: 'NONE',
    })),
    links,
    // Aggregates over the results on this page.
    metadata: {
      aggregates: {
        filesize: aggregate(data.map((m) => m.filesize)),
        loadtime: aggregate(data.map((m) => m.loadtime)),
        requests: aggregate(data.map((m) => m.requests)),
      },
    },
  };
};
