// @ts-check
// Runs inside a fresh npm project where only the packed tarballs (and the
// hooks' peers: react, react-dom, @tanstack/react-query) were installed: the
// mock serves the API, the client and the hooks talk to it, and the Arazzo
// reader checks a workflow's criterion against the answer; then the installed
// `webmon-mcp` bin, spoken to over stdio in MCP's own JSON-RPC (no SDK on this
// side), lists its tools, writes to its sandbox and runs a recipe there.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { holds, outputsOf } from '@webmon/arazzo';
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

  // The Arazzo reader on the raw answer, as a recipe's step reads it: a criterion and an output.
  const answer = await fetch(`${mock.url}/uptime/${id}`, { headers: { authorization: 'Bearer smoke' } });
  const headers = Object.fromEntries(answer.headers);
  const read = { inputs: {}, steps: {}, response: { status: answer.status, headers, body: await answer.json() } };
  const { name } = outputsOf({ name: '$response.body#/data/name' }, read);
  if (!holds({ condition: '$response.body#/data/tags/1 == "release"' }, read) || name !== 'Smoke')
    throw new Error(`@webmon/arazzo misread the answer: ${JSON.stringify(read.response.body)}`);

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

// The bin npm linked, with no token: the sandbox.
const env = { PATH: process.env.PATH ?? '' };
const server = spawn('node_modules/.bin/webmon-mcp', [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
// Its banner (stderr) is shown only if something fails: the last line printed is the summary.
let banner = '';
server.stderr.on('data', (chunk) => (banner += chunk));
/** @type {Map<number, (message: { result?: any, error?: unknown }) => void>} */
const waiting = new Map();
createInterface({ input: server.stdout }).on('line', (line) => {
  const message = JSON.parse(line);
  waiting.get(message.id)?.(message);
});
let nextId = 0;
/**
 * @param {string} method
 * @param {object} params
 * @returns {Promise<any>}
 */
const request = (method, params) =>
  new Promise((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, (message) =>
      message.error ? reject(new Error(JSON.stringify(message.error))) : resolve(message.result),
    );
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  });
/** @param {string} name @param {object} args */
const call = async (name, args) => {
  const result = await request('tools/call', { name, arguments: args });
  const text = result.content.map((/** @type {{ text: string }} */ part) => part.text).join('\n');
  if (result.isError) throw new Error(`${name}: ${text}`);
  return text;
};
try {
  const init = await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'release-smoke', version: '0' },
  });
  if (!String(init.instructions).startsWith('SANDBOX')) throw new Error(`not on the sandbox: ${init.instructions}`);
  server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  const { tools } = await request('tools/list', {});
  const id = JSON.parse(
    await call('create-uptime-test', {
      name: 'MCP smoke',
      test_type: 'HTTP',
      website_url: 'https://example.com',
      check_rate: 300,
      tags: ['mcp-smoke'],
    }),
  ).new_id;
  const listed = JSON.parse(await call('list-uptime-tests', { tags: 'mcp-smoke' })).data;
  if (listed.length !== 1 || listed[0].id !== id)
    throw new Error(`created check not listed: ${JSON.stringify(listed)}`);
  await call('delete-uptime-test', { test_id: id });
  // A recipe: its steps sent through the client, its criteria and outputs read by @webmon/arazzo.
  const recipe = await call('recipe-watch-a-certificate', {});
  if (!/^All \d+ steps held\./m.test(recipe)) throw new Error(`recipe-watch-a-certificate: ${recipe}`);
  console.log(
    `smoke ok: webmon-mcp listed ${tools.length} tools, created, listed and deleted ${id} on its sandbox, ran a recipe`,
  );
} catch (error) {
  console.error(banner);
  throw error;
} finally {
  server.stdin.end();
}
