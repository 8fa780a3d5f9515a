// `format: uri` fields take what RFC 3986 calls a URI and `new URL()` (browsers,
// fetch, the mock's behaviours) can read: validation and behaviour use the same
// parser, so a URL that passes validation never fails later (it answered 500).
import { describe, expect, it } from 'vitest';
import { VALID, useApi } from './client.js';

const api = useApi({ seed: false });

const UNREADABLE = ['https://a:99999', 'https://256.256.256.256/', 'https://', 'https://exa mple.com/'];
const sslBody = (url: string) =>
  `website_url=${encodeURIComponent(url)}&check_rate=86400&alert_at[]=30&alert_at[]=7&alert_at[]=1`;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('URLs a URL parser cannot read', () => {
  it.each(UNREADABLE)('SSL website_url %s: 400 naming website_url', async (url) => {
    const answer = await api.client().post('/ssl', sslBody(url));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.errors.website_url).toEqual(['website_url is not a valid URL']);
  });

  it.each(UNREADABLE)('pagespeed website_url and contact group ping_url %s: 400 naming the field', async (url) => {
    const client = api.client();
    const pagespeed = await client.post(
      '/pagespeed',
      `${VALID.pagespeed.replace(/website_url=[^&]*/, '')}&website_url=${encodeURIComponent(url)}`,
    );
    expect(pagespeed.status, pagespeed.text).toBe(400);
    expect(Object.keys(pagespeed.body.errors)).toEqual(['website_url']);
    const group = await client.post('/contact-groups', form({ name: 'Ops', ping_url: url }));
    expect(group.status, group.text).toBe(400);
    expect(Object.keys(group.body.errors)).toEqual(['ping_url']);
  });

  it('takes ordinary URLs, with ports, IP addresses and paths', async () => {
    const client = api.client();
    for (const url of ['https://a:8443/', 'https://203.0.113.7/health', 'https://www.example.com/a?b=c#d']) {
      const id = await client.create('/ssl', sslBody(url));
      expect((await client.read(`/ssl/${id}`)).hostname).toBe(new URL(url).hostname);
    }
  });
});
