// What each resource does beyond what its schema says: fields the server sets,
// fields computed at read time, and checks across fields or records. Written
// once, shared by the HTTP server, the test handlers and the browser worker.
import type { Account, Accounts, StoredRecord } from './store/accounts.js';
import type { FieldErrors } from './api-error.js';
import { between } from './deterministic.js';
import { commaJoinedMessage } from './error-messages.js';
import { UPTIME_LOCATIONS, publicLocation } from './locations.js';
import { latestMeasurement } from './simulate-pagespeed.js';
import { pagespeedFacts, uptimeFacts } from './check-facts.js';
import { iso } from './schedule.js';
import { runs, uptimePercentage } from './simulate-uptime.js';
import { isKnownTimeZone, occurrenceAt, wallClockInstant, wallClockOf, zonedRfc3339 } from './zoned-time.js';

export interface Context {
  now: number;
  /** Scheme, host and port the request was addressed to, for URLs the mock hands out. */
  origin: string;
  account: Account;
  accounts: Accounts;
}

export type Fields = Record<string, unknown>;

export interface Behaviour {
  /** Used in messages: "No uptime check has the id 42". */
  noun: string;
  /** Checks the schema cannot express (references, cross-field rules). `existing` is set on update. */
  check?(fields: Fields, ctx: Context, existing?: StoredRecord): FieldErrors;
  /** Sets server-side fields of a new record. */
  created?(record: StoredRecord, ctx: Context): void;
  /** Recomputes what depends on the fields an update sent. */
  updated?(record: StoredRecord, sent: Fields, ctx: Context): void;
  /** Fields computed when the record is read. */
  view?(record: StoredRecord, ctx: Context): Fields;
  /**
   * The view changes only on whole seconds (its runs, spans and dates all fall
   * on whole seconds), so it is computed for the second, once (records.ts):
   * lists read every record on every call.
   */
  viewPerSecond?: boolean;
}

/**
 * Every id in `ids` must name a record of `kind` on this account. An "id"
 * holding a comma is a comma-joined list: the message shows the bracket form.
 */
function unknownIds(field: string, ids: unknown, kind: string, noun: string, ctx: Context): FieldErrors {
  const records = ctx.accounts.collection(ctx.account, kind);
  const list = (ids as string[] | undefined) ?? [];
  const messages: string[] = [];
  for (const [index, id] of list.entries()) {
    if (records.has(id)) continue;
    messages.push(
      id.includes(',') ? commaJoinedMessage(field, `${field}[${index}]`, id) : `${field}: no ${noun} has the id ${id}`,
    );
  }
  return messages.length ? { [field]: messages } : {};
}

const contactGroupsExist = (fields: Fields, ctx: Context) =>
  unknownIds('contact_groups', fields.contact_groups, 'contact-groups', 'contact group', ctx);

function serversFor(regions: string[] | undefined) {
  const codes = regions?.length ? regions : ['london', 'paris', 'frankfurt'];
  return UPTIME_LOCATIONS.filter((location) => codes.includes(location.region_code)).map(publicLocation);
}

const UPTIME_REGION_CODES = new Set(UPTIME_LOCATIONS.map((location) => location.region_code));

const uptime: Behaviour = {
  noun: 'uptime check',
  viewPerSecond: true,
  check(fields, ctx) {
    const known = UPTIME_REGION_CODES;
    const regions = (fields.regions as string[] | undefined) ?? [];
    const errors: FieldErrors = { ...contactGroupsExist(fields, ctx) };
    const badRegions: string[] = [];
    for (const [index, code] of regions.entries()) {
      if (known.has(code)) continue;
      badRegions.push(
        code.includes(',')
          ? commaJoinedMessage('regions', `regions[${index}]`, code)
          : `regions: ${code} is not a region code of the uptime locations listing`,
      );
    }
    if (badRegions.length) errors.regions = badRegions;
    return errors;
  },
  created(record) {
    record.data.servers = serversFor(record.meta.writeOnly.regions as string[] | undefined);
    record.data.status_codes = statusCodes(record.meta.writeOnly.status_codes_csv);
  },
  updated(record, sent) {
    if ('regions' in sent) record.data.servers = serversFor(sent.regions as string[]);
    if ('status_codes_csv' in sent) record.data.status_codes = statusCodes(sent.status_codes_csv);
  },
  view(record, ctx) {
    const facts = uptimeFacts(record);
    const [last] = runs(facts, { now: ctx.now, limit: 1 });
    // A check that has not run yet counts as up.
    const servers = record.data.servers as { region_code: string }[];
    const nextIndex = last
      ? (servers.findIndex((s) => s.region_code === last.location) + 1) % Math.max(servers.length, 1)
      : 0;
    return {
      status: (last?.up ?? true) ? 'up' : 'down',
      uptime: uptimePercentage(facts, ctx.now),
      // Left out before the first run (a field with no value is absent), as is processing_on when idle.
      last_tested_at: last ? iso(last.at) : undefined,
      next_location: servers[nextIndex]?.region_code,
      processing: false,
      processing_state: 'complete',
    };
  },
};

function statusCodes(csv: unknown): string[] {
  return typeof csv === 'string' && csv !== '' ? csv.split(',') : [];
}

const heartbeat: Behaviour = {
  noun: 'heartbeat check',
  check: contactGroupsExist,
  view(record, ctx) {
    const period = Number(record.data.period) * 1000;
    const lastPing = record.meta.lastPingAt ?? record.meta.createdAt;
    const overdue = Math.max(0, ctx.now - lastPing - period);
    const lifetime = Math.max(1, ctx.now - record.meta.createdAt);
    const down = record.data.paused !== true && overdue > 0;
    return {
      url: `${ctx.origin}/heartbeat/${ctx.account.key}/${String(record.data.id)}`,
      status: down ? 'down' : 'up',
      last_tested_at: record.meta.lastPingAt === null ? undefined : iso(record.meta.lastPingAt),
      uptime: Math.round((1 - overdue / lifetime) * 10_000) / 100,
    };
  },
};

function windowInstants(fields: Fields): [number, number] {
  const zone = String(fields.timezone);
  return [wallClockInstant(String(fields.start_at), zone), wallClockInstant(String(fields.end_at), zone)];
}

/**
 * start_at/end_at as answers write them: the wall-clock time sent (its offset
 * ignored, API-FACTS.md) with the zone's real offset at that time, so a client
 * that parses it gets the right instant and one that sends it back keeps the window.
 */
function writeZonedTimes(record: StoredRecord): void {
  const zone = String(record.data.timezone);
  for (const field of ['start_at', 'end_at']) {
    record.data[field] = zonedRfc3339(wallClockOf(String(record.data[field])), zone);
  }
}

const maintenanceWindows: Behaviour = {
  noun: 'maintenance window',
  check(fields, ctx, existing) {
    const merged = { ...existing?.data, ...fields };
    const errors: FieldErrors = unknownIds('tests', fields.tests, 'uptime', 'uptime check', ctx);
    // A field missing here failed the schema (validateBody runs these checks on the fields it accepted).
    if (typeof merged.timezone !== 'string') return errors;
    if (!isKnownTimeZone(merged.timezone)) {
      errors.timezone = [`timezone: ${merged.timezone} is not a tz database name (e.g. Europe/London)`];
      return errors;
    }
    if (typeof merged.start_at !== 'string' || typeof merged.end_at !== 'string') return errors;
    const [start, end] = windowInstants(merged);
    if (end <= start) errors.end_at = ['end_at must be after start_at'];
    return errors;
  },
  created: writeZonedTimes,
  updated(record, sent) {
    if ('start_at' in sent || 'end_at' in sent || 'timezone' in sent) writeZonedTimes(record);
  },
  view(record, ctx) {
    const occurrence = occurrenceAt(
      wallClockOf(String(record.data.start_at)),
      wallClockOf(String(record.data.end_at)),
      String(record.data.repeat_interval),
      ctx.now,
      String(record.data.timezone),
    );
    // A one-off window that is over is no longer scheduled: it reads as paused.
    if (!occurrence) return { state: 'paused' };
    return { state: occurrence[0] <= ctx.now ? 'active' : 'pending' };
  },
};

/** A pagespeed check gets a monitoring location in the region it asked for. */
function assignPagespeedLocation(record: StoredRecord): void {
  const region = String(record.meta.writeOnly.region);
  record.data.location = `PAGESPD-${region}${between(1, 4, String(record.data.id), 'location')}`;
}

const pagespeed: Behaviour = {
  noun: 'pagespeed check',
  viewPerSecond: true,
  check: contactGroupsExist,
  created: assignPagespeedLocation,
  updated(record, sent) {
    if ('region' in sent) assignPagespeedLocation(record);
  },
  view(record, ctx) {
    const latest = latestMeasurement(pagespeedFacts(record), ctx.now);
    return {
      latest_stats: {
        filesize: latest?.filesize ?? 0,
        has_issue: latest?.hasIssue ?? false,
        loadtime: latest?.loadtime ?? 0,
        requests: latest?.requests ?? 0,
        // Left out when there is no issue.
        ...(latest?.hasIssue && { latest_issue: 'The page took more than three times its usual time to load.' }),
      },
    };
  },
};

const ISSUERS = [
  'R11',
  'E6',
  'DigiCert Global G2 TLS RSA SHA256 2020 CA1',
  'Sectigo RSA Domain Validation Secure Server CA',
];
const CIPHERS = [
  'TLS_AES_256_GCM_SHA384',
  'TLS_AES_128_GCM_SHA256',
  'TLS_CHACHA20_POLY1305_SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
];

const ssl: Behaviour = {
  noun: 'SSL check',
  viewPerSecond: true,
  check: contactGroupsExist,
  created(record, ctx) {
    const url = String(record.data.website_url);
    const day = 86_400_000;
    const issuedDaysAgo = between(5, 80, url, 'issued');
    const validFrom = Math.floor(ctx.now / day) * day - issuedDaysAgo * day;
    Object.assign(record.data, {
      certificate_score: between(80, 100, url, 'score'),
      certificate_status: 'CERT_OK',
      cipher: CIPHERS[between(0, CIPHERS.length - 1, url, 'cipher')],
      cipher_score: between(85, 100, url, 'cipher-score'),
      issuer_common_name: ISSUERS[between(0, ISSUERS.length - 1, url, 'issuer')],
      last_reminder: 0,
      mixed_content: [],
      valid_from: iso(validFrom),
      valid_until: iso(validFrom + 90 * day - 1000),
    });
    if (!record.data.hostname) record.data.hostname = new URL(url).hostname;
  },
  updated(record) {
    // `hostname=` asks for no hostname of its own: the URL's again, never "".
    if (!record.data.hostname) record.data.hostname = new URL(String(record.data.website_url)).hostname;
  },
  view(record, ctx) {
    const validUntil = Date.parse(String(record.data.valid_until));
    const rate = Number(record.data.check_rate) * 1000;
    const lastRun = record.meta.createdAt + Math.floor((ctx.now - record.meta.createdAt) / rate) * rate;
    return {
      updated_at: iso(lastRun),
      flags: {
        follow_redirects: record.data.follow_redirects === true,
        has_mixed: false,
        has_pfs: true,
        is_broken: false,
        is_expired: validUntil <= ctx.now,
        is_extended: false,
        is_missing: false,
        is_revoked: false,
      },
    };
  },
};

const contactGroups: Behaviour = { noun: 'contact group' };

/** Deleting a contact group detaches it from every check (as the API does). */
export function detachContactGroup(ctx: Context, groupId: string): void {
  for (const records of ctx.account.collections.values()) {
    for (const record of records.values()) {
      const groups = record.data.contact_groups;
      if (!Array.isArray(groups) || !groups.includes(groupId)) continue;
      record.data.contact_groups = groups.filter((group) => group !== groupId);
      // The record's answer changed: its kept view and JSON text (records.ts) go.
      record.meta.view = undefined;
    }
  }
}

/**
 * Deleting an uptime check takes its id out of every maintenance window's
 * `tests`, so that a window read back and sent again is not refused for
 * naming a check that is gone.
 */
export function detachUptimeTest(ctx: Context, testId: string): void {
  for (const record of ctx.accounts.collection(ctx.account, 'maintenance-windows').values()) {
    const tests = record.data.tests;
    if (Array.isArray(tests) && tests.includes(testId)) {
      record.data.tests = tests.filter((id) => id !== testId);
      record.meta.view = undefined;
    }
  }
}

/** Keyed by the spec's tag. */
export const behaviours: Record<string, Behaviour> = {
  'contact-groups': contactGroups,
  heartbeat,
  'maintenance-windows': maintenanceWindows,
  pagespeed,
  ssl,
  uptime,
};
