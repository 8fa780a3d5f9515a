/**
 * Does the search find the page a reader means? Each query, from the guides'
 * own words and from what integrators ask, with the page its first result
 * should be (`null`: nothing in the API answers it, the no-results screen).
 * The share of right first results is printed for the navbar's modal and for
 * the /search page; both must reach 90 %.
 */
// `pause a check`: the API introduction's "Pausing a check" (every check type), not one type's update page.
export const QUERIES: readonly (readonly [query: string, expected: string | null])[] = [
  ['429', '/guides/api/ratelimiting'],
  ['retry', '/guides/sdks/backoff'],
  ['pause a check', '/guides/api/introduction'],
  ['contact group sms', '/api/create-contact-group'],
  ['webhook', null],
  ['rate limit', '/guides/api/ratelimiting'],
  ['api token', '/guides/api/authentication'],
  ['401', '/guides/api/errors'],
  ['maintenance window timezone', '/api/create-maintenance-window'],
  ['uptime', '/api/uptime'],
  ['create uptime check', '/api/create-uptime-test'],
  ['pagination', '/guides/api/parameters'],
  ['cursor', '/guides/api/parameters'],
  ['heartbeat', '/api/heartbeat'],
  ['install', '/guides/sdks/installation'],
  ['terraform', '/guides/terraform/introduction'],
  ['command line', '/guides/cli/introduction'],
  ['python', '/guides/sdks/alpha'],
  ['validation error', '/guides/examples'],
  ['form encoded', '/guides/api/parameters'],
  ['array brackets', '/guides/api/parameters'],
  ['base url', '/guides/api/introduction'],
  ['cors', '/guides/api/authentication'],
  ['delete contact group', '/api/delete-contact-group'],
  ['list uptime checks', '/api/list-uptime-tests'],
  ['uptime history', '/api/list-uptime-test-history'],
  ['ContactGroup', '/api/schemas/contactgroup'],
  ['x-ratelimit-reset', '/guides/api/ratelimiting'],
  ['backoff', '/guides/sdks/backoff'],
  ['uptime locations', '/api/list-uptime-monitoring-locations'],
  ['breaking changes', '/api/api-changes'],
  ['ssl certificate', '/api/ssl'],
  ['pagespeed history', '/api/list-pagespeed-test-history'],
  ['react hooks', '/guides/sdks/introduction'],
  ['error response', '/guides/api/errors'],
  ['quickstart', '/guides/quickstart'],
  ['getting started', '/guides/quickstart'],
  ['sandbox', '/guides/quickstart'],
];
