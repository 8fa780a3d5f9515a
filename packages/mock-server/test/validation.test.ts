// SPEC.md section 5 (validation rules) and section 9 (constants), one request
// per rule that breaks it: 400, the general message, and the failing field named
// in `errors` with a sentence about it. Then: every failing field at once, the
// spec's defaults applied on create, and updates that change only what is sent.
import { describe, expect, it } from 'vitest';
import { VALID, useApi, type Answer, type Client } from './client.js';

const api = useApi({ seed: false });
const MESSAGE = 'The provided parameters are invalid.';

/** 400 with the general message, `field` among the errors, and one of its messages matching `sentence`. */
function expectInvalid(answer: Answer, field: string, sentence: RegExp) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.message).toBe(MESSAGE);
  const messages: string[] = answer.body.errors[field];
  expect(messages, `errors should name ${field}: ${answer.text}`).toEqual(expect.any(Array));
  expect(
    messages.some((message) => sentence.test(message)),
    `no message about ${field} matches ${sentence}: ${JSON.stringify(messages)}`,
  ).toBe(true);
  // A message a person reads: it names the field and says something about it.
  for (const message of messages) {
    expect(message).toContain(field);
    expect(message.split(' ').length).toBeGreaterThanOrEqual(3);
  }
}

/** Ids of one check of each kind, for the rules that apply to updates and series. */
async function fixtures(client: Client) {
  return {
    uptime: await client.create('/uptime', VALID.uptime),
    heartbeat: await client.create('/heartbeat', VALID.heartbeat),
    pagespeed: await client.create('/pagespeed', VALID.pagespeed),
    ssl: await client.create('/ssl', VALID.ssl),
    window: await client.create('/maintenance-windows', VALID.maintenanceWindow),
    group: await client.create('/contact-groups', VALID.contactGroup),
  };
}

describe('query parameters (pagination, filters)', () => {
  const pageLists = ['/contact-groups', '/heartbeat', '/maintenance-windows', '/pagespeed', '/ssl', '/uptime'];

  it.each(pageLists)('%s: page minimum 1, limit 1 to 100', async (path) => {
    const client = api.client();
    expectInvalid(await client.get(`${path}?page=0`), 'page', /^page must be (at least 1|between 1 and \d+)$/);
    expectInvalid(await client.get(`${path}?limit=0`), 'limit', /^limit must be between 1 and 100$/);
    expectInvalid(await client.get(`${path}?limit=101`), 'limit', /^limit must be between 1 and 100$/);
    expectInvalid(await client.get(`${path}?page=first`), 'page', /^page must be a whole number$/);
    expect((await client.get(`${path}?page=1&limit=100`)).status).toBe(200);
    expect((await client.get(`${path}?limit=1`)).status).toBe(200);
  });

  it('status filter of heartbeat and uptime lists: down or up', async () => {
    const client = api.client();
    for (const path of ['/heartbeat', '/uptime']) {
      expectInvalid(
        await client.get(`${path}?status=paused`),
        'status',
        /^status must be one of: (up, down|down, up)$/,
      );
      expect((await client.get(`${path}?status=up`)).status).toBe(200);
      expect((await client.get(`${path}?status=down`)).status).toBe(200);
    }
  });

  it('state filter of maintenance windows: active, paused or pending', async () => {
    const client = api.client();
    const answer = await client.get('/maintenance-windows?state=finished');
    expectInvalid(answer, 'state', /^state must be one of: /);
    for (const state of ['active', 'paused', 'pending']) {
      expect(answer.body.errors.state[0]).toContain(state);
      expect((await client.get(`/maintenance-windows?state=${state}`)).status).toBe(200);
    }
  });

  it('a parameter sent twice is named as such; tags, a comma-separated list, says how to send several', async () => {
    const client = api.client();
    expectInvalid(await client.get('/uptime?limit=5&limit=10'), 'limit', /^limit was sent 2 times: send it once$/);
    expectInvalid(
      await client.get('/uptime?status=up&status=down'),
      'status',
      /^status was sent 2 times: send it once$/,
    );
    expectInvalid(
      await client.get('/uptime?tags=web&tags=eu'),
      'tags',
      /^tags was sent 2 times: it takes one comma-separated value, e.g\. tags=web,eu$/,
    );
    expectInvalid(
      await client.post('/contact-groups', 'name=x&name=y'),
      'name',
      /^name was sent 2 times: send it once$/,
    );
  });

  it("a parameter that misses its pattern gets the parameter's description and example as the hint", async () => {
    const client = api.client();
    expectInvalid(
      await client.get('/uptime?tags=,,'),
      'tags',
      /^tags is not in the expected format: Comma-separated tags, e\.g\. production,web$/,
    );
    expectInvalid(
      await client.get('/pagespeed-locations?location=gb'),
      'location',
      /^location is not in the expected format: Only locations in this country, as an ISO 3166-1 alpha-2 code, e\.g\. GB$/,
    );
  });

  it('history, periods and alerts: before and after minimum 0, limit 1 to 100', async () => {
    const client = api.client();
    const { uptime, pagespeed } = await fixtures(client);
    for (const series of [
      `/uptime/${uptime}/history`,
      `/uptime/${uptime}/periods`,
      `/uptime/${uptime}/alerts`,
      `/pagespeed/${pagespeed}/history`,
    ]) {
      expectInvalid(
        await client.get(`${series}?before=-1`),
        'before',
        /^before must be (at least 0|between 0 and \d+)$/,
      );
      expectInvalid(await client.get(`${series}?after=-1`), 'after', /^after must be (at least 0|between 0 and \d+)$/);
      expectInvalid(await client.get(`${series}?after=yesterday`), 'after', /^after must be a whole number$/);
      expectInvalid(await client.get(`${series}?limit=0`), 'limit', /^limit must be between 1 and 100$/);
      expectInvalid(await client.get(`${series}?limit=101`), 'limit', /^limit must be between 1 and 100$/);
      expect((await client.get(`${series}?before=0&after=0&limit=100`)).status).toBe(200);
    }
  });
});

describe('contact groups', () => {
  it('name is required, and not empty', async () => {
    const client = api.client();
    expectInvalid(
      await client.post('/contact-groups', 'email_addresses[]=ops%40example.com'),
      'name',
      /^name is required$/,
    );
    expectInvalid(await client.post('/contact-groups', 'name='), 'name', /^name must not be empty$/);
  });

  it('mobile numbers in international format, email addresses valid', async () => {
    const client = api.client();
    expectInvalid(
      await client.post('/contact-groups', 'name=Ops&mobile_numbers[]=07700900123'),
      'mobile_numbers',
      /mobile_numbers\[0\]/,
    );
    expectInvalid(
      await client.post('/contact-groups', 'name=Ops&email_addresses[]=not-an-address'),
      'email_addresses',
      /^email_addresses\[0\] is not a valid email address$/,
    );
  });

  it("mobile numbers with or without the leading + (the provider's examples send 447712345678)", async () => {
    const client = api.client();
    const id = await client.create(
      '/contact-groups',
      'name=Ops&mobile_numbers[]=447712345678&mobile_numbers[]=%2B447700900123',
    );
    expect((await client.read(`/contact-groups/${id}`)).mobile_numbers).toEqual(['447712345678', '+447700900123']);
    for (const number of ['123456', '1234567890123456', '%2B%2B447712345678', '44%207712%20345678'])
      expectInvalid(
        await client.post('/contact-groups', `name=Ops&mobile_numbers[]=${number}`),
        'mobile_numbers',
        /^mobile_numbers\[0\] is not in the expected format: .*7 to 15 digits.*[^.]$/,
      );
  });
});

describe('heartbeat checks', () => {
  it('name and period are required', async () => {
    const answer = await api.client().post('/heartbeat', 'host=AWS');
    expectInvalid(answer, 'name', /^name is required$/);
    expectInvalid(answer, 'period', /^period is required$/);
  });

  it.each(['29', '172801', '0'])('period %s is outside 30 to 172800', async (period) => {
    expectInvalid(
      await api.client().post('/heartbeat', `name=Job&period=${period}`),
      'period',
      /^period must be between 30 and 172800$/,
    );
  });

  it('period 30 and 172800 are accepted', async () => {
    const client = api.client();
    for (const period of [30, 172800])
      expect(
        (await client.read(`/heartbeat/${await client.create('/heartbeat', `name=Job&period=${period}`)}`)).period,
      ).toBe(period);
  });

  it('period must be a whole number', async () => {
    expectInvalid(
      await api.client().post('/heartbeat', 'name=Job&period=60.5'),
      'period',
      /^period must be a whole number$/,
    );
  });
});

describe('maintenance windows', () => {
  it('name, start_at, end_at and timezone are required', async () => {
    const answer = await api.client().post('/maintenance-windows', 'tags[]=db');
    for (const field of ['name', 'start_at', 'end_at', 'timezone'])
      expectInvalid(answer, field, new RegExp(`^${field} is required$`));
  });

  it('at least one of tests or tags, not empty', async () => {
    const base = 'name=W&start_at=2026-12-01T01%3A00%3A00Z&end_at=2026-12-01T03%3A00%3A00Z&timezone=Europe%2FLondon';
    for (const body of [base, `${base}&tags[]=`, `${base}&tests[]=&tags[]=`]) {
      const answer = await api.client().post('/maintenance-windows', body);
      expectInvalid(answer, 'tests', /tests or tags/);
      expectInvalid(answer, 'tags', /tests or tags/);
    }
  });

  it('start_at and end_at are RFC 3339 date-times; timezone is a tz database name', async () => {
    const answer = await api
      .client()
      .post(
        '/maintenance-windows',
        'name=W&start_at=tomorrow&end_at=2026-12-01%2003%3A00&timezone=Europe%2FLondon&tags[]=db',
      );
    expectInvalid(answer, 'start_at', /^start_at is not an RFC 3339 date-time/);
    expectInvalid(answer, 'end_at', /^end_at is not an RFC 3339 date-time/);
    expectInvalid(
      await api
        .client()
        .post(
          '/maintenance-windows',
          'name=W&start_at=2026-12-01T01%3A00%3A00Z&end_at=2026-12-01T03%3A00%3A00Z&timezone=Mars%2FOlympus&tags[]=db',
        ),
      'timezone',
      /Mars\/Olympus is not a tz database name/,
    );
  });

  it('repeat_interval is one of never, 1d, 1w, 2w, 1m', async () => {
    const client = api.client();
    expectInvalid(
      await client.post(
        '/maintenance-windows',
        `${VALID.maintenanceWindow.replace('repeat_interval=1w', 'repeat_interval=1y')}`,
      ),
      'repeat_interval',
      /^repeat_interval must be one of: never, 1d, 1w, 2w, 1m$/,
    );
    for (const interval of ['never', '1d', '1w', '2w', '1m']) {
      const id = await client.create(
        '/maintenance-windows',
        VALID.maintenanceWindow.replace('repeat_interval=1w', `repeat_interval=${interval}`),
      );
      expect((await client.read(`/maintenance-windows/${id}`)).repeat_interval).toBe(interval);
    }
  });
});

describe('pagespeed checks', () => {
  it('name, website_url, check_rate and region are required', async () => {
    const answer = await api.client().post('/pagespeed', 'alert_slower=1000');
    for (const field of ['name', 'website_url', 'check_rate', 'region'])
      expectInvalid(answer, field, new RegExp(`^${field} is required$`));
  });

  it('alert_slower is an int64: past 2^31-1, up to 2^53-1, kept exactly', async () => {
    const client = api.client();
    for (const value of [2 ** 31, 2 ** 40 + 1, Number.MAX_SAFE_INTEGER]) {
      const id = await client.create('/pagespeed', `${VALID.pagespeed}&alert_slower=${value}`);
      expect((await client.read(`/pagespeed/${id}`)).alert_slower).toBe(value);
    }
    expectInvalid(
      await client.post('/pagespeed', `${VALID.pagespeed}&alert_slower=9007199254740992`),
      'alert_slower',
      /^alert_slower must be between 0 and 9007199254740991$/,
    );
  });

  it.each(['alert_bigger', 'alert_slower', 'alert_smaller'])('%s is at least 0', async (field) => {
    expectInvalid(
      await api.client().post('/pagespeed', `${VALID.pagespeed}&${field}=-1`),
      field,
      new RegExp(`^${field} must be (at least 0|between 0 and \\d+)$`),
    );
  });

  it('check_rate is one of 60, 300, 600, 900, 1800, 3600, 86400 (10 is not ten minutes)', async () => {
    const client = api.client();
    const rates = [60, 300, 600, 900, 1800, 3600, 86400];
    const answer = await client.post('/pagespeed', VALID.pagespeed.replace('check_rate=1800', 'check_rate=10'));
    expectInvalid(answer, 'check_rate', /^check_rate must be one of: /);
    expect(answer.body.errors.check_rate[0]).toBe(`check_rate must be one of: ${rates.join(', ')}`);
    for (const rate of rates)
      expect(
        (await client.post('/pagespeed', VALID.pagespeed.replace('check_rate=1800', `check_rate=${rate}`))).status,
      ).toBe(201);
  });

  it('region is one of AU, CA, DE, FR, IN, JP, NL, SG, UK, US, USW', async () => {
    const client = api.client();
    const regions = ['AU', 'CA', 'DE', 'FR', 'IN', 'JP', 'NL', 'SG', 'UK', 'US', 'USW'];
    const answer = await client.post('/pagespeed', VALID.pagespeed.replace('region=UK', 'region=GB'));
    expect(answer.body.errors.region).toEqual([`region must be one of: ${regions.join(', ')}`]);
    for (const region of regions)
      expect((await client.post('/pagespeed', VALID.pagespeed.replace('region=UK', `region=${region}`))).status).toBe(
        201,
      );
  });

  it('website_url is a URL', async () => {
    expectInvalid(
      await api
        .client()
        .post(
          '/pagespeed',
          VALID.pagespeed.replace('website_url=https%3A%2F%2Fwww.example.com%2F', 'website_url=www.example.com'),
        ),
      'website_url',
      /website_url/,
    );
  });
});

describe('SSL checks', () => {
  it('website_url, check_rate and alert_at are required', async () => {
    const answer = await api.client().post('/ssl', 'alert_expiry=true');
    for (const field of ['website_url', 'check_rate', 'alert_at'])
      expectInvalid(answer, field, new RegExp(`^${field} is required$`));
  });

  it('website_url must begin with https://', async () => {
    expectInvalid(
      await api.client().post('/ssl', VALID.ssl.replace('https', 'http')),
      'website_url',
      /^website_url must begin with https:\/\/$/,
    );
  });

  it.each([
    ['two values', 'alert_at[]=30&alert_at[]=7'],
    ['four values', 'alert_at[]=30&alert_at[]=14&alert_at[]=7&alert_at[]=1'],
    ['no value', 'alert_at[]='],
  ])('alert_at holds exactly 3 values, not %s', async (_label, alertAt) => {
    const body = `website_url=https%3A%2F%2Fwww.example.com&check_rate=86400&${alertAt}`;
    expectInvalid(await api.client().post('/ssl', body), 'alert_at', /^alert_at must hold exactly 3 values$/);
  });

  it('alert_at values are numeric (days)', async () => {
    const answer = await api
      .client()
      .post(
        '/ssl',
        'website_url=https%3A%2F%2Fwww.example.com&check_rate=86400&alert_at[]=30&alert_at[]=7&alert_at[]=soon',
      );
    expectInvalid(answer, 'alert_at', /^alert_at\[2\] must be a whole number$/);
  });

  it('check_rate is one of 300, 600, 1800, 3600, 86400, 2073600', async () => {
    const client = api.client();
    const rates = [300, 600, 1800, 3600, 86400, 2073600];
    const answer = await client.post('/ssl', VALID.ssl.replace('check_rate=86400', 'check_rate=604800'));
    expect(answer.body.errors.check_rate).toEqual([`check_rate must be one of: ${rates.join(', ')}`]);
    for (const rate of rates)
      expect((await client.post('/ssl', VALID.ssl.replace('check_rate=86400', `check_rate=${rate}`))).status).toBe(201);
  });
});

describe('uptime checks', () => {
  it('name, test_type, website_url and check_rate are required', async () => {
    const answer = await api.client().post('/uptime', 'timeout=30');
    for (const field of ['name', 'test_type', 'website_url', 'check_rate'])
      expectInvalid(answer, field, new RegExp(`^${field} is required$`));
  });

  it('test_type is one of DNS, HEAD, HTTP, PING, SMTP, SSH, TCP', async () => {
    const client = api.client();
    const types = ['DNS', 'HEAD', 'HTTP', 'PING', 'SMTP', 'SSH', 'TCP'];
    const answer = await client.post('/uptime', VALID.uptime.replace('test_type=HTTP', 'test_type=FTP'));
    expect(answer.body.errors.test_type).toEqual([`test_type must be one of: ${types.join(', ')}`]);
    for (const type of types) {
      // HTTP and HEAD checks take a URL, the others a host name.
      const body = VALID.uptime.replace('test_type=HTTP', `test_type=${type}`);
      const target = ['HTTP', 'HEAD'].includes(type)
        ? body
        : body.replace('website_url=https%3A%2F%2Fwww.example.com', 'website_url=www.example.com');
      expect((await client.post('/uptime', target)).status).toBe(201);
    }
  });

  it('check_rate is one of 0, 30, 60, 300, 900, 1800, 3600, 86400', async () => {
    const client = api.client();
    const rates = [0, 30, 60, 300, 900, 1800, 3600, 86400];
    const answer = await client.post('/uptime', VALID.uptime.replace('check_rate=1800', 'check_rate=120'));
    expect(answer.body.errors.check_rate).toEqual([`check_rate must be one of: ${rates.join(', ')}`]);
    for (const rate of rates)
      expect((await client.post('/uptime', VALID.uptime.replace('check_rate=1800', `check_rate=${rate}`))).status).toBe(
        201,
      );
  });

  it.each([
    ['confirmation', '-1', /^confirmation must be between 0 and 3$/],
    ['confirmation', '4', /^confirmation must be between 0 and 3$/],
    ['confirmation', '1.5', /^confirmation must be a whole number$/],
    ['timeout', '4', /^timeout must be between 5 and 75$/],
    ['timeout', '76', /^timeout must be between 5 and 75$/],
    ['timeout', 'slow', /^timeout must be a whole number$/],
    ['trigger_rate', '-1', /^trigger_rate must be between 0 and 60$/],
    ['trigger_rate', '61', /^trigger_rate must be between 0 and 60$/],
    ['port', '-1', /^port must be (at least 0|between 0 and 65535)$/],
    ['paused', 'maybe', /^paused must be true or false$/],
    ['follow_redirects', 'yes please', /^follow_redirects must be true or false$/],
    // The description's first sentence, as plain text: no Markdown, no second sentence.
    [
      'status_codes_csv',
      '500;502',
      /^status_codes_csv is not in the expected format: The HTTP status codes that count as down, comma-separated \(e\.g\. 500,502,503\)$/,
    ],
    ['name', '', /^name must not be empty$/],
  ])('%s=%s is refused', async (field, value, sentence) => {
    expectInvalid(
      await api
        .client()
        .post(
          '/uptime',
          `${VALID.uptime.replace(/(^|&)name=[^&]*/, field === 'name' ? '' : '$&')}&${field}=${encodeURIComponent(value)}`,
        ),
      field,
      sentence,
    );
  });

  it.each([
    ['confirmation', [0, 3]],
    ['timeout', [5, 75]],
    ['trigger_rate', [0, 60]],
    ['port', [0, 65535]],
  ] as const)('%s accepts its bounds %j', async (field, bounds) => {
    const client = api.client();
    for (const value of bounds) {
      const id = await client.create('/uptime', `${VALID.uptime}&${field}=${value}`);
      expect((await client.read(`/uptime/${id}`))[field]).toBe(value);
    }
  });

  it('contact_groups and regions must name existing contact groups and uptime locations', async () => {
    const answer = await api.client().post('/uptime', `${VALID.uptime}&contact_groups[]=424242&regions[]=atlantis`);
    expectInvalid(answer, 'contact_groups', /424242/);
    expectInvalid(answer, 'regions', /atlantis/);
  });

  it('custom_header must be a JSON object of header names to text values', async () => {
    const client = api.client();
    const encode = encodeURIComponent;
    expectInvalid(
      await client.post('/uptime', `${VALID.uptime}&custom_header=X-Env%3A%20prod`),
      'custom_header',
      /^custom_header is not valid JSON: send a JSON object such as \{"X-Env":"prod"\}$/,
    );
    expectInvalid(
      await client.post('/uptime', `${VALID.uptime}&custom_header=${encode('["X-Env"]')}`),
      'custom_header',
      /^custom_header must be an object: send a JSON object such as/,
    );
    expectInvalid(
      await client.post('/uptime', `${VALID.uptime}&custom_header=${encode('{"X-Retries":3}')}`),
      'custom_header',
      /^custom_header\.X-Retries must be a string: /,
    );
  });

  it('post_body must be a JSON object, like custom_header (it was any text)', async () => {
    const client = api.client();
    for (const [body, message] of [
      ['ping=1', /^post_body is not valid JSON: send a JSON object such as \{"ping":true\}$/],
      ['"ping"', /^post_body must be an object: /],
      ['[1,2]', /^post_body must be an object: /],
      ['null', /^post_body must be an object: /],
    ] as const) {
      expectInvalid(
        await client.post('/uptime', `${VALID.uptime}&post_body=${encodeURIComponent(body)}`),
        'post_body',
        message,
      );
    }
    const id = await client.create('/uptime', `${VALID.uptime}&post_body=${encodeURIComponent('{"ping":true}')}`);
    expect((await client.read(`/uptime/${id}`)).post_body).toBe('{"ping":true}');
    // The same check on update.
    expectInvalid(await client.put(`/uptime/${id}`, 'post_body=ping'), 'post_body', /not valid JSON/);
  });

  describe('website_url: a URL, an FQDN or an IP address for every test_type', () => {
    const body = (type: string, url: string) =>
      VALID.uptime
        .replace('test_type=HTTP', `test_type=${type}`)
        .replace('website_url=https%3A%2F%2Fwww.example.com', `website_url=${encodeURIComponent(url)}`);
    const TYPES = ['DNS', 'HEAD', 'HTTP', 'PING', 'SMTP', 'SSH', 'TCP'];

    it('every check type takes an http(s) URL, a host name or an IP address, and keeps it as sent', async () => {
      const client = api.client();
      for (const type of TYPES)
        for (const url of [
          'https://mail.example.com',
          'http://203.0.113.7:8080/health',
          'mail.example.com',
          '203.0.113.7',
          '2001:db8::25',
        ]) {
          const id = await client.create('/uptime', body(type, url));
          expect(await client.read(`/uptime/${id}`)).toMatchObject({ test_type: type, website_url: url });
        }
    });

    it('a URL must be http(s); anything without a scheme must be a host name or an IP address', async () => {
      const client = api.client();
      for (const type of TYPES) {
        for (const url of ['ftp://example.com/', 'mailto://ops@example.com'])
          expectInvalid(
            await client.post('/uptime', body(type, url)),
            'website_url',
            /^website_url is not in the expected format: A URL is an absolute http:\/\/ or https:\/\/ URL/,
          );
        for (const url of ['not a url', 'mail.example.com/path', 'example.com:25'])
          expectInvalid(
            await client.post('/uptime', body(type, url)),
            'website_url',
            /^website_url is not in the expected format: Without a scheme, website_url is a host name \(FQDN\) or an IP address/,
          );
      }
    });

    it('an update may change test_type or website_url alone', async () => {
      const client = api.client();
      const http = await client.create('/uptime', VALID.uptime);
      await client.update(`/uptime/${http}`, 'test_type=PING');
      expect(await client.read(`/uptime/${http}`)).toMatchObject({
        test_type: 'PING',
        website_url: 'https://www.example.com',
      });
      await client.update(`/uptime/${http}`, 'website_url=mail.example.com');
      expectInvalid(await client.put(`/uptime/${http}`, 'website_url=not%20a%20url'), 'website_url', /host name/);
      // A refused update changes nothing.
      expect((await client.read(`/uptime/${http}`)).website_url).toBe('mail.example.com');
    });
  });
});

describe('every failing field at once', () => {
  it('reports all of them, each with its message, not just the first', async () => {
    const answer = await api
      .client()
      .post(
        '/uptime',
        'test_type=FTP&website_url=&check_rate=7&confirmation=9&timeout=100&trigger_rate=99&port=-5&paused=maybe',
      );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MESSAGE);
    expect(Object.keys(answer.body.errors).sort()).toEqual(
      [
        'name',
        'test_type',
        'website_url',
        'check_rate',
        'confirmation',
        'timeout',
        'trigger_rate',
        'port',
        'paused',
      ].sort(),
    );
    expect(answer.body.errors.timeout).toEqual(['timeout must be between 5 and 75']);
    expect(answer.body.errors.name).toEqual(['name is required']);
  });

  it('reports unknown fields together with the invalid values sent beside them', async () => {
    const answer = await api.client().post('/heartbeat', 'name=&period=5&colour=red');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['colour', 'name', 'period']);
  });

  it('reports every failing reference at once (unknown contact groups and regions)', async () => {
    const answer = await api
      .client()
      .post('/uptime', `${VALID.uptime}&contact_groups[]=404404&contact_groups[]=505505&regions[]=atlantis`);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['contact_groups', 'regions']);
    expect(answer.body.errors.contact_groups).toHaveLength(2);
  });

  it("reports the resource's own checks (references, time zones) beside the schema's failures", async () => {
    const client = api.client();
    const uptime = await client.post('/uptime', `${VALID.uptime}&contact_groups[]=404404&timeout=1`);
    expect(uptime.status).toBe(400);
    expect(uptime.body.errors).toEqual({
      contact_groups: ['contact_groups: no contact group has the id 404404'],
      timeout: ['timeout must be between 5 and 75'],
    });
    const window = await client.post(
      '/maintenance-windows',
      'name=x&start_at=tomorrow&end_at=2026-11-30T03%3A00%3A00Z&repeat_interval=1w&timezone=Mars%2FOlympus',
    );
    expect(Object.keys(window.body.errors).sort()).toEqual(['start_at', 'tags', 'tests', 'timezone']);
    expect(window.body.errors.timezone).toEqual([
      'timezone: Mars/Olympus is not a tz database name (e.g. Europe/London)',
    ]);
    // On update too, against the stored record: an unknown group beside a bad bound.
    const id = (await client.create('/uptime', VALID.uptime)) as string;
    const update = await client.put(`/uptime/${id}`, 'contact_groups[]=404404&check_rate=7');
    expect(Object.keys(update.body.errors).sort()).toEqual(['check_rate', 'contact_groups']);
  });

  it('checks a list query the same way: every failing parameter', async () => {
    const answer = await api.client().get('/uptime?status=sideways&page=0&limit=500');
    expect(Object.keys(answer.body.errors).sort()).toEqual(['limit', 'page', 'status']);
  });
});

describe('updates', () => {
  it('apply the same rules as create to each field sent, and report them all', async () => {
    const client = api.client();
    const ids = await fixtures(client);
    expectInvalid(
      await client.put(`/uptime/${ids.uptime}`, 'timeout=76'),
      'timeout',
      /^timeout must be between 5 and 75$/,
    );
    expectInvalid(
      await client.put(`/heartbeat/${ids.heartbeat}`, 'period=29'),
      'period',
      /^period must be between 30 and 172800$/,
    );
    expectInvalid(
      await client.put(`/ssl/${ids.ssl}`, 'alert_at[]=30&alert_at[]=7'),
      'alert_at',
      /^alert_at must hold exactly 3 values$/,
    );
    expectInvalid(
      await client.put(`/ssl/${ids.ssl}`, 'website_url=http%3A%2F%2Fwww.example.com'),
      'website_url',
      /^website_url must begin with https:\/\/$/,
    );
    expectInvalid(
      await client.put(`/pagespeed/${ids.pagespeed}`, 'alert_slower=-5'),
      'alert_slower',
      /^alert_slower must be (at least 0|between 0 and \d+)$/,
    );
    expectInvalid(await client.put(`/contact-groups/${ids.group}`, 'name='), 'name', /^name must not be empty$/);
    expectInvalid(
      await client.put(`/maintenance-windows/${ids.window}`, 'repeat_interval=daily'),
      'repeat_interval',
      /^repeat_interval must be one of/,
    );
    const many = await client.put(`/uptime/${ids.uptime}`, 'timeout=1&confirmation=5&name=');
    expect(Object.keys(many.body.errors).sort()).toEqual(['confirmation', 'name', 'timeout']);
  });

  it('a refused update changes nothing', async () => {
    const client = api.client();
    const id = await client.create('/uptime', VALID.uptime);
    const before = await client.read(`/uptime/${id}`);
    expect((await client.put(`/uptime/${id}`, 'name=Renamed&timeout=500')).status).toBe(400);
    expect(await client.read(`/uptime/${id}`)).toEqual(before);
  });

  it('need no field: each is optional, and only the fields sent change', async () => {
    const client = api.client();
    const ids = await fixtures(client);
    for (const [path, body, changed] of [
      [`/uptime/${ids.uptime}`, 'paused=true', { paused: true }],
      [`/heartbeat/${ids.heartbeat}`, 'name=Renamed', { name: 'Renamed' }],
      [`/ssl/${ids.ssl}`, 'alert_mixed=true', { alert_mixed: true }],
      [`/pagespeed/${ids.pagespeed}`, 'alert_smaller=100', { alert_smaller: 100 }],
      [`/contact-groups/${ids.group}`, 'integrations[]=7890', { integrations: ['7890'] }],
      // The window keeps its wall-clock times; answers write them with New York's offset now.
      [
        `/maintenance-windows/${ids.window}`,
        'timezone=America%2FNew_York',
        { timezone: 'America/New_York', start_at: '2026-12-01T01:00:00-05:00', end_at: '2026-12-01T03:00:00-05:00' },
      ],
    ] as const) {
      const before = await client.read(path);
      await client.update(path, body);
      const after = await client.read(path);
      expect(after).toMatchObject(changed);
      // Everything else is as it was (computed fields such as status may follow the change; none here do at a frozen time).
      const unchanged = (record: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(record).filter(([key]) => !(key in changed) && key !== 'state' && key !== 'status'),
        );
      expect(unchanged(after)).toEqual(unchanged(before));
    }
    // An empty body is a valid update that changes nothing.
    const before = await client.read(`/uptime/${ids.uptime}`);
    await client.update(`/uptime/${ids.uptime}`, '');
    expect(await client.read(`/uptime/${ids.uptime}`)).toEqual(before);
  });
});

describe('defaults applied on create', () => {
  it('uptime: confirmation 2, timeout 15, trigger_rate 0, booleans false', async () => {
    const client = api.client();
    const check = await client.read(`/uptime/${await client.create('/uptime', VALID.uptime)}`);
    expect(check).toMatchObject({
      confirmation: 2,
      timeout: 15,
      trigger_rate: 0,
      do_not_find: false,
      enable_ssl_alert: false,
      follow_redirects: false,
      include_header: false,
      paused: false,
      use_jar: false,
    });
  });

  it('uptime: values sent win over defaults', async () => {
    const client = api.client();
    const check = await client.read(
      `/uptime/${await client.create('/uptime', `${VALID.uptime}&confirmation=0&timeout=75&trigger_rate=60&use_jar=true&follow_redirects=true`)}`,
    );
    expect(check).toMatchObject({
      confirmation: 0,
      timeout: 75,
      trigger_rate: 60,
      use_jar: true,
      follow_redirects: true,
    });
  });

  it('SSL: alert booleans and follow_redirects false', async () => {
    const client = api.client();
    const check = await client.read(`/ssl/${await client.create('/ssl', VALID.ssl)}`);
    expect(check).toMatchObject({
      alert_broken: false,
      alert_expiry: false,
      alert_mixed: false,
      alert_reminder: false,
      follow_redirects: false,
      paused: false,
    });
  });

  it('pagespeed: alert thresholds 0 (disabled)', async () => {
    const client = api.client();
    const check = await client.read(`/pagespeed/${await client.create('/pagespeed', VALID.pagespeed)}`);
    expect(check).toMatchObject({ alert_bigger: 0, alert_slower: 0, alert_smaller: 0, paused: false });
  });

  it("heartbeat: not paused; maintenance window: repeat_interval never (the API description's default)", async () => {
    const client = api.client();
    expect((await client.read(`/heartbeat/${await client.create('/heartbeat', VALID.heartbeat)}`)).paused).toBe(false);
    const window = await client.read(
      `/maintenance-windows/${await client.create('/maintenance-windows', VALID.maintenanceWindow.replace('repeat_interval=1w&', ''))}`,
    );
    expect(window.repeat_interval).toBe('never');
  });

  it('defaults are not re-applied on update', async () => {
    const client = api.client();
    const id = await client.create('/uptime', `${VALID.uptime}&timeout=60&confirmation=3`);
    await client.update(`/uptime/${id}`, 'name=Renamed');
    expect(await client.read(`/uptime/${id}`)).toMatchObject({ name: 'Renamed', timeout: 60, confirmation: 3 });
  });
});

describe('numbers on the wire', () => {
  it('takes plain decimals only: hex, binary, padded or empty values are refused, naming the field', async () => {
    const client = api.client();
    for (const bad of ['0x1F', '0b11111', '%2030', '', '1_000']) {
      const answer = await client.send('POST', '/uptime', `${VALID.uptime}&timeout=${bad}`);
      expectInvalid(answer, 'timeout', /timeout must be a whole number/);
    }
    expectInvalid(await client.send('GET', '/uptime?limit=0x10'), 'limit', /limit must be a whole number/);
    expect((await client.send('POST', '/uptime', `${VALID.uptime}&timeout=30`)).status).toBe(201);
  });
});
