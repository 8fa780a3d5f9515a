// Type tests, checked by `tsc --noEmit` (the package's lint script), not run.
// Every `@ts-expect-error` below must be an error: tsc fails on one that is not.
// The expected types are openapi-typescript's own (`components`, `operations`),
// never restated by hand.
import { expectTypeOf } from 'vitest';
import { createClient, type Body, type Client, type Params, type components, type operations } from '../src/index.js';

type Schemas = components['schemas'];
declare const client: Client;

// Results: entities unwrapped from {data}, ids from {data: {new_id}}, pages and series whole.
expectTypeOf(client.uptime.get).returns.resolves.toEqualTypeOf<Schemas['UptimeTest']>();
expectTypeOf(client.uptime.create).returns.resolves.toEqualTypeOf<string>();
expectTypeOf(client.uptime.update).returns.resolves.toEqualTypeOf<undefined>();
expectTypeOf(client.uptime.delete).returns.resolves.toEqualTypeOf<undefined>();
expectTypeOf(client.uptime.list).returns.resolves.toEqualTypeOf<Schemas['UptimeTests']>();
expectTypeOf(client.uptime.history).returns.resolves.toEqualTypeOf<Schemas['UptimeTestHistory']>();
expectTypeOf(client.uptime.periods).returns.resolves.toEqualTypeOf<Schemas['UptimeTestPeriods']>();
expectTypeOf(client.uptime.alerts).returns.resolves.toEqualTypeOf<Schemas['UptimeTestAlerts']>();
expectTypeOf(client.pagespeed.history).returns.resolves.toEqualTypeOf<Schemas['PagespeedTestHistory']>();
expectTypeOf(client.contactGroups.get).returns.resolves.toEqualTypeOf<Schemas['ContactGroup']>();
expectTypeOf(client.maintenanceWindows.get).returns.resolves.toEqualTypeOf<Schemas['MaintenanceWindow']>();
expectTypeOf(client.ssl.list).returns.resolves.toEqualTypeOf<Schemas['SSLTests']>();
expectTypeOf(client.locations.uptime).returns.resolves.toEqualTypeOf<Schemas['MonitoringLocation'][]>();
expectTypeOf(client.locations.pagespeed).returns.resolves.toEqualTypeOf<Schemas['MonitoringLocation'][]>();

// Auto-pagination yields the items of a page or a series.
expectTypeOf(client.uptime.listAll).returns.toEqualTypeOf<
  AsyncGenerator<Schemas['UptimeTestOverview'], void, undefined>
>();
expectTypeOf(client.heartbeat.listAll).returns.toEqualTypeOf<
  AsyncGenerator<Schemas['HeartbeatTestOverview'], void, undefined>
>();
expectTypeOf(client.uptime.historyAll).returns.toEqualTypeOf<
  AsyncGenerator<Schemas['UptimeTestHistoryResult'], void, undefined>
>();
expectTypeOf(client.pagespeed.historyAll).returns.toEqualTypeOf<
  AsyncGenerator<Schemas['PagespeedTestHistoryResult'], void, undefined>
>();
// Lists that are not paginated have no twin.
expectTypeOf(client.locations).not.toHaveProperty('uptimeAll');
expectTypeOf(client.uptime).not.toHaveProperty('getAll');

// Parameters: the generated ones, with comma lists also taking arrays.
expectTypeOf(client.uptime.get)
  .parameter(0)
  .toEqualTypeOf<operations['get-uptime-test']['parameters']['path']['test_id']>();
expectTypeOf<Params<'list-uptime-tests'>['status']>().toEqualTypeOf<Schemas['CheckStatus'] | undefined>();
expectTypeOf<Params<'list-uptime-tests'>['matchany']>().toEqualTypeOf<boolean | undefined>();
expectTypeOf<string[]>().toMatchTypeOf<NonNullable<Params<'list-uptime-tests'>['tags']>>();
expectTypeOf<Body<'create-heartbeat-test'>>().toEqualTypeOf<Schemas['HeartbeatTestCreate']>();
expectTypeOf<Body<'update-ssl-test'>>().toEqualTypeOf<Schemas['SSLTestUpdate']>();

async function compileOnly(api: Client) {
  // The calls of the task's examples compile.
  await api.uptime.list({ status: 'up', tags: ['web'], matchany: true });
  await api.uptime.history('1', { before: 1732233600, limit: 25 });
  await api.uptime.create({
    name: 'Home',
    test_type: 'HTTP',
    website_url: 'https://example.com',
    check_rate: 300,
    status_codes: ['500'],
  });
  await api.uptime.update('1', { tags: [] });
  await api.locations.uptime({ region_code: 'london' });
  await api.locations.pagespeed({ location: 'FR' });
  await api.maintenanceWindows.create({ name: 'M', start_at: 'a', end_at: 'b', timezone: 'UTC', tests: ['1'] });

  // A wrong enum value.
  // @ts-expect-error 'FTP' is not a test_type
  await api.uptime.create({ name: 'x', test_type: 'FTP', website_url: 'https://e.com', check_rate: 300 });
  // @ts-expect-error 45 is not an uptime check_rate
  await api.uptime.update('1', { check_rate: 45 });
  // @ts-expect-error 'sideways' is not a status
  await api.heartbeat.list({ status: 'sideways' });
  // @ts-expect-error 'XX' is not a pagespeed region
  await api.pagespeed.create({ name: 'p', website_url: 'https://e.com', check_rate: 600, region: 'XX' });

  // A missing required field.
  // @ts-expect-error check_rate is required on create
  await api.uptime.create({ name: 'x', test_type: 'HTTP', website_url: 'https://e.com' });
  // @ts-expect-error period is required on create
  await api.heartbeat.create({ name: 'x' });
  // @ts-expect-error a maintenance window needs tests or tags
  await api.maintenanceWindows.create({ name: 'M', start_at: 'a', end_at: 'b', timezone: 'UTC' });
  // @ts-expect-error the body of a create is required
  await api.contactGroups.create();
  // @ts-expect-error the id is required
  await api.ssl.get();

  // An unknown field.
  // @ts-expect-error colour is not a field
  await api.heartbeat.create({ name: 'x', period: 60, colour: 'red' });
  // @ts-expect-error id is read-only: not a field of an update
  await api.ssl.update('1', { id: '2' });
  // @ts-expect-error matchall is not a query parameter
  await api.uptime.list({ matchall: true });
  // @ts-expect-error pagespeed lists take no tags
  await api.pagespeed.list({ tags: ['a'] });

  // Wrong shapes.
  // @ts-expect-error ids are strings
  await api.uptime.get(42);
  // @ts-expect-error status_codes and status_codes_csv are one or the other
  await api.uptime.update('1', { status_codes: ['500'], status_codes_csv: '500' });
  // @ts-expect-error alert_at holds numbers
  await api.ssl.update('1', { alert_at: ['30'] });
  // @ts-expect-error region_code is a string
  await api.locations.uptime({ region_code: 1 });
  // @ts-expect-error there is no such resource
  await api.domains.list();
  // @ts-expect-error unknown client option
  createClient({ token: 't', retries: 3 });
  // @ts-expect-error unknown backoff strategy
  createClient({ token: 't', retry: { strategy: 'fibonacci' } });
}
void compileOnly;
