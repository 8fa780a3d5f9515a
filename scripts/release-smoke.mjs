// @ts-check
// Runs inside a fresh npm project where only the two packed tarballs were
// installed: the mock's bin serves the API, the client talks to it.
import { startServer } from '@webmon/mock-server/node';
import { createClient } from '@webmon/ts-client';

const mock = await startServer({ port: 0, rateLimit: false });
try {
  const client = createClient({ token: 'smoke', baseUrl: mock.url });
  const id = await client.uptime.create({
    name: 'Smoke',
    test_type: 'HTTP',
    website_url: 'https://example.com',
    check_rate: 300,
    tags: ['smoke', 'release'],
  });
  const check = await client.uptime.get(id);
  if (check.tags.join(',') !== 'smoke,release')
    throw new Error(`tags did not round-trip: ${JSON.stringify(check.tags)}`);
  await client.uptime.delete(id);
  console.log(`smoke ok: created, read and deleted uptime check ${id} through the packed client and mock`);
} finally {
  await mock.close();
}
