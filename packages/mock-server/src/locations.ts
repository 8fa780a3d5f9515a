// The monitoring locations the mock lists. Addresses are from the ranges kept
// for documentation (RFC 5737, RFC 3849), so nobody allow-lists a real host.

export interface LocationRecord {
  description: string;
  ipv4: string;
  ipv6: string;
  region: string;
  region_code: string;
  status: 'up' | 'down';
  /** ISO 3166-1 alpha-2 country, for the pagespeed `location` filter; not returned. */
  country: string;
}

const uptime: [string, string, string, string][] = [
  ['London, United Kingdom - 5', 'United Kingdom / London', 'london', 'GB'],
  ['London, United Kingdom - 7', 'United Kingdom / London', 'london', 'GB'],
  ['Paris, France - 2', 'France / Paris', 'paris', 'FR'],
  ['Frankfurt, Germany - 3', 'Germany / Frankfurt', 'frankfurt', 'DE'],
  ['Amsterdam, Netherlands - 1', 'Netherlands / Amsterdam', 'amsterdam', 'NL'],
  ['New York, United States - 4', 'United States / New York', 'new-york', 'US'],
  ['Dallas, United States - 2', 'United States / Dallas', 'dallas', 'US'],
  ['San Francisco, United States - 1', 'United States / San Francisco', 'san-francisco', 'US'],
  ['Toronto, Canada - 1', 'Canada / Toronto', 'toronto', 'CA'],
  ['Singapore - 3', 'Singapore / Singapore', 'singapore', 'SG'],
  ['Tokyo, Japan - 2', 'Japan / Tokyo', 'tokyo', 'JP'],
  ['Sydney, Australia - 1', 'Australia / Sydney', 'sydney', 'AU'],
  ['Mumbai, India - 1', 'India / Mumbai', 'mumbai', 'IN'],
];

const pagespeed: [string, string, string, string][] = [
  ['Pagespeed Australia', 'Australia', 'AU', 'AU'],
  ['Pagespeed Canada', 'Canada', 'CA', 'CA'],
  ['Pagespeed Germany', 'Germany', 'DE', 'DE'],
  ['Pagespeed France', 'France', 'FR', 'FR'],
  ['Pagespeed India', 'India', 'IN', 'IN'],
  ['Pagespeed Japan', 'Japan', 'JP', 'JP'],
  ['Pagespeed Netherlands', 'Netherlands', 'NL', 'NL'],
  ['Pagespeed Singapore', 'Singapore', 'SG', 'SG'],
  ['Pagespeed United Kingdom', 'United Kingdom', 'UK', 'GB'],
  ['Pagespeed United States East', 'United States East', 'US', 'US'],
  ['Pagespeed United States West', 'United States West', 'USW', 'US'],
];

const build = (rows: [string, string, string, string][], firstOctet: number): LocationRecord[] =>
  rows.map(([description, region, region_code, country], i) => ({
    description,
    ipv4: `203.0.113.${firstOctet + i}`,
    ipv6: `2001:db8::${(firstOctet + i).toString(16)}`,
    region,
    region_code,
    status: 'up',
    country,
  }));

export const UPTIME_LOCATIONS = build(uptime, 10);
export const PAGESPEED_LOCATIONS = build(pagespeed, 100);

export type PublicLocation = Readonly<Omit<LocationRecord, 'country'>>;
const shown = new WeakMap<LocationRecord, PublicLocation>();

/**
 * A location as the API returns it (without the country it is filtered by): one
 * frozen object per location, shared by every answer and every check's `servers`.
 */
export function publicLocation(location: LocationRecord): PublicLocation {
  let answer = shown.get(location);
  if (!answer) {
    const { country: _country, ...fields } = location;
    shown.set(location, (answer = Object.freeze(fields)));
  }
  return answer;
}
