// @ts-check
// Runs inside a fresh npm project where only the packed tarballs (and the
// hooks' peers: react, react-dom, @tanstack/react-query) were installed: the
// mock serves the API, the client and the hooks talk to it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startServer } from '@webmon/mock-server/node';
import {
  configure,
  getGetUptimeTestQueryKey,
  getUptimeTest,
  updateUptimeTest,
  useGetUptimeTest,
} from '@webmon/react-query';
import { createClient } from '@webmon/ts-client';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

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

  // The hooks: orval's call through ts-client's transport (an emptied array
  // is `tags[]=`), then a component reading it through a generated hook.
  configure({ token: 'smoke', baseUrl: mock.url });
  await updateUptimeTest(id, { tags: [] });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery({
    queryKey: getGetUptimeTestQueryKey(id),
    queryFn: ({ signal }) => getUptimeTest(id, undefined, signal),
  });
  const Name = () => {
    const read = useGetUptimeTest(id).data?.data;
    return `${read?.name} [${read?.tags.join(',')}]`;
  };
  const html = renderToString(createElement(QueryClientProvider, { client: queryClient }, createElement(Name)));
  if (html !== 'Smoke []') throw new Error(`the hook rendered ${JSON.stringify(html)}, not "Smoke []"`);

  await client.uptime.delete(id);
  console.log(
    `smoke ok: created, read, emptied (hooks) and deleted uptime check ${id} through the packed client, hooks and mock`,
  );
} finally {
  await mock.close();
}
