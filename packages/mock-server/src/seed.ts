// The records every new token starts with: a few realistic checks of each kind,
// the same for everyone, created through the same path as a POST (defaults,
// validation, server-set fields), as if made two weeks before the first call.

export interface SeedRecord {
  tag: string;
  fields: Record<string, unknown>;
  /** Stays paused from creation on. */
  paused?: boolean;
  /** Milliseconds since the last heartbeat ping (heartbeat only). */
  lastPingAgo?: number;
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
