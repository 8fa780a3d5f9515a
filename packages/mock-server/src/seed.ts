// The records every new token starts with, the same for everyone, created
// through the same path as a POST (defaults, validation, server-set fields):
//  - SEED_RECORDS: a few realistic checks of each kind, as if made two weeks
//    before the first call;
//  - EXAMPLE_RECORDS: the records the description's examples name, derived
//    from them (src/generated/examples.ts), so every example works as written:
//    the ids in path examples (1234567) and in bodies (contact_groups 123456,
//    maintenance `tests`), series examples' past (a check asked about in
//    November 2024 existed then), and list filters (`status=down&tags=production,web`
//    lists a check that is down and has both tags).
import { examples } from './generated/examples.js';
import { operations } from './generated/operations.js';
import type { OperationSpec } from './operation-spec.js';

export interface SeedRecord {
  tag: string;
  fields: Record<string, unknown>;
  /** The id the examples name; without one, the account's next id. */
  id?: string;
  /** Created at this instant (UNIX ms); default SEED_AGE_MS before the account. */
  createdAt?: number;
  /** Stays paused from creation on. */
  paused?: boolean;
  /** Milliseconds since the last heartbeat ping (heartbeat only). */
  lastPingAgo?: number;
  /** An uptime check that reads `status: down`: paused during its latest outage (mock-api.ts). */
  down?: boolean;
}

export const SEED_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Ids follow creation order, from 1000001: the first contact group is 1000001. */
export const SEED_RECORDS: readonly SeedRecord[] = [
  {
    tag: 'contact-groups',
    fields: {
      name: 'Operations team',
      email_addresses: ['ops@example.com', 'oncall@example.com'],
      mobile_numbers: ['+447700900123'],
      ping_url: 'https://hooks.example.com/uptime-events',
    },
  },
  { tag: 'contact-groups', fields: { name: 'Web agency', email_addresses: ['support@agency.example'] } },
  {
    tag: 'uptime',
    fields: {
      name: 'Example home page',
      test_type: 'HTTP',
      website_url: 'https://www.example.com',
      check_rate: 300,
      contact_groups: ['1000001'],
      regions: ['london', 'paris'],
      status_codes_csv: '500,502,503,504',
      tags: ['production', 'web'],
      find_string: 'Welcome',
    },
  },
  {
    tag: 'uptime',
    fields: {
      name: 'Checkout API',
      test_type: 'HTTP',
      website_url: 'https://api.example.com/health',
      check_rate: 60,
      contact_groups: ['1000001', '1000002'],
      regions: ['frankfurt', 'amsterdam', 'london'],
      tags: ['production', 'api'],
      timeout: 10,
      confirmation: 3,
    },
  },
  {
    tag: 'uptime',
    fields: {
      name: 'Mail server',
      test_type: 'SMTP',
      website_url: 'mail.example.com',
      port: 25,
      check_rate: 900,
      tags: ['production', 'mail'],
    },
  },
  {
    tag: 'uptime',
    fields: {
      name: 'Staging site',
      test_type: 'HEAD',
      website_url: 'https://staging.example.com',
      check_rate: 1800,
      tags: ['staging', 'web'],
    },
    paused: true,
  },
  {
    tag: 'heartbeat',
    fields: {
      name: 'Nightly backup job',
      period: 86400,
      contact_groups: ['1000001'],
      host: 'Hetzner',
      tags: ['backups'],
    },
    lastPingAgo: 3 * 60 * 60 * 1000,
  },
  {
    tag: 'heartbeat',
    fields: { name: 'Queue worker', period: 300, tags: ['production', 'workers'] },
    lastPingAgo: 45 * 60 * 1000,
  },
  {
    tag: 'pagespeed',
    fields: {
      name: 'Home page speed',
      website_url: 'https://www.example.com/',
      check_rate: 3600,
      alert_slower: 5000,
      region: 'UK',
      contact_groups: ['1000001'],
    },
  },
  {
    tag: 'ssl',
    fields: {
      website_url: 'https://www.example.com',
      check_rate: 86400,
      alert_at: [30, 7, 1],
      alert_expiry: true,
      alert_broken: true,
      contact_groups: ['1000001'],
    },
  },
  {
    tag: 'ssl',
    fields: {
      website_url: 'https://api.example.com',
      check_rate: 3600,
      alert_at: [14, 7, 1],
      alert_expiry: true,
      alert_mixed: true,
    },
  },
  {
    tag: 'maintenance-windows',
    fields: {
      name: 'Weekly database upgrade',
      start_at: '2026-01-06T01:00:00Z',
      end_at: '2026-01-06T03:00:00Z',
      repeat_interval: '1w',
      tags: ['mail'],
      timezone: 'Europe/London',
    },
  },
];

/**
 * Body fields that name records of another kind, as behaviours.ts checks them.
 * A reference the seed missed shows as a failing example in test/examples.test.ts.
 */
const REFERENCES: Readonly<Record<string, string>> = { contact_groups: 'contact-groups', tests: 'uptime' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The records the description's examples name, derived from them (see the top of this file). */
export function exampleRecords(
  now: number,
  ops: readonly OperationSpec[] = operations,
  byOperation: typeof examples = examples,
): SeedRecord[] {
  const records: SeedRecord[] = [];
  const createExample = (tag: string) => {
    const create = ops.find((op) => op.tag === tag && op.method === 'POST' && !op.pathParams.length);
    return create ? byOperation[create.operationId]?.body : undefined;
  };
  const ensure = (tag: string, id: string): SeedRecord | undefined => {
    const found = records.find((r) => r.tag === tag && r.id === id);
    if (found) return found;
    const fields = createExample(tag);
    if (!fields) return undefined;
    const record: SeedRecord = { tag, id, fields: structuredClone(fields) };
    records.push(record);
    return record;
  };
  // Ids in path examples, first those of the get-one operations: each kind's create example under that id.
  const ordered = [...ops].sort((a, b) => Number(b.method === 'GET') - Number(a.method === 'GET'));
  for (const op of ordered) {
    const example = byOperation[op.operationId];
    for (const name of op.pathParams) {
      const id = example?.path[name];
      if (id !== undefined) ensure(op.tag, String(id));
    }
  }
  // Ids that bodies refer to.
  for (const op of ops) {
    const body = byOperation[op.operationId]?.body ?? {};
    for (const [field, kind] of Object.entries(REFERENCES)) {
      for (const id of [body[field] ?? []].flat()) ensure(kind, String(id));
    }
  }
  // Series asked about since `after` (UNIX seconds): the check existed a day before.
  for (const op of ops.filter((o) => o.pagination === 'cursor')) {
    const example = byOperation[op.operationId];
    const after = Number(example?.query.after);
    const id = op.pathParams[0] && example?.path[op.pathParams[0]];
    const record = id === undefined || id === '' ? undefined : ensure(op.tag, String(id));
    if (!record || !Number.isFinite(after)) continue;
    record.createdAt = Math.min(record.createdAt ?? Infinity, after * 1000 - DAY_MS);
  }
  // Filtered lists: one more record of the kind that the example's filters match.
  for (const op of ops.filter((o) => o.pagination === 'page')) {
    const { tags, status, state } = byOperation[op.operationId]?.query ?? {};
    const fields = createExample(op.tag);
    if (!fields || (tags === undefined && status === undefined && state === undefined)) continue;
    const record: SeedRecord = { tag: op.tag, fields: structuredClone(fields) };
    if (typeof tags === 'string') record.fields.tags = tags.split(',');
    if (status === 'down' && op.tag === 'uptime') {
      // Paused in its latest outage; three months of runs hold one all but surely (about one block in three has one).
      record.down = true;
      record.createdAt = now - 90 * DAY_MS;
    }
    if (status === 'down' && op.tag === 'heartbeat') record.lastPingAgo = Number(fields.period) * 1000 + 60 * 60 * 1000;
    if (state === 'active') {
      // Under way for days from now in any time zone (offsets are within 14 hours).
      record.fields.start_at = isoSeconds(now - DAY_MS);
      record.fields.end_at = isoSeconds(now + 5 * DAY_MS);
    }
    records.push(record);
  }
  // References first: a check's contact groups must exist when it is created.
  const rank = (tag: string) => {
    const index = Object.values(REFERENCES).indexOf(tag);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return records.sort((a, b) => rank(a.tag) - rank(b.tag));
}

const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
