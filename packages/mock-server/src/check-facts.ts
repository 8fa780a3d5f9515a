// What the simulations need to know about a stored check.
import type { StoredRecord } from './store/accounts.js';
import type { PagespeedCheckFacts } from './simulate-pagespeed.js';
import type { UptimeCheckFacts } from './simulate-uptime.js';

export function uptimeFacts(record: StoredRecord): UptimeCheckFacts {
  return {
    id: String(record.data.id),
    checkRate: Number(record.data.check_rate),
    triggerRate: Number(record.data.trigger_rate ?? 0),
    locations: (record.data.servers as { region_code: string }[]).map((server) => server.region_code),
    createdAt: record.meta.createdAt,
    activeSpans: record.meta.activeSpans,
  };
}

export function pagespeedFacts(record: StoredRecord): PagespeedCheckFacts {
  return {
    id: String(record.data.id),
    checkRate: Number(record.data.check_rate),
    activeSpans: record.meta.activeSpans,
  };
}
