#!/usr/bin/env -S node --max-old-space-size=384
// `pnpm mock`: the mock API on http://localhost:4010/v1.
// The heap limit (also in the package's start script and the root's start.mjs)
// makes V8 collect garbage before a flood's leftovers take the process past
// 512 MB; the data it keeps is bounded far lower (accounts.ts, bench/flood.mjs).
import { parseArgs } from 'node:util';
import { API_VERSION } from '../generated/operations.js';
import { handlerNotes } from '../operation-handlers.js';
import { startServer } from './server.js';
import { tokenList } from './token-list.js';

const USAGE = `Usage: mock [--port 4010] [--host 127.0.0.1] [--no-rate-limit] [--tokens a,b] [--no-seed] [--strict-wire] [--quiet]
            [--store redis://127.0.0.1:6379/0] [--store-prefix webmon-mock:] [--store-ttl 7d]

  --port, -p       port to listen on (or PORT); default 4010
  --host           address to bind; default 127.0.0.1
  --no-rate-limit  do not enforce 5 requests/s and 60/min (x-ratelimit-remaining then stays at 5)
  --tokens         accept only these bearer tokens (comma-separated); default: any
  --no-seed        start each token with no sample records
  --strict-wire    accept only the documented wire forms (tags[]=a&tags[]=b, true/false), not what
                   the provider's generated clients also send (tags=a,b, True/False)
  --quiet          do not log requests
  --store          where accounts are kept (or MOCK_STORE): memory (default, this process only) or
                   redis://host:port/db (rediss:// for TLS), shared by every mock process using it
  --store-prefix   prefix of the store's keys, so two sandboxes can share one Redis; default webmon-mock:
  --store-ttl      a shared store removes an account idle this long (30s, 90m, 12h, 7d); default 7d`;

/** `7d`, `12h`, `90m`, `30s` or plain seconds, in milliseconds. */
function duration(text: string): number | undefined {
  const match = /^(\d+)(s|m|h|d)?$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit * 1000;
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'no-rate-limit': { type: 'boolean' },
        tokens: { type: 'string' },
        'no-seed': { type: 'boolean' },
        'strict-wire': { type: 'boolean' },
        quiet: { type: 'boolean' },
        store: { type: 'string' },
        'store-prefix': { type: 'string' },
        'store-ttl': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}
const args = parseCommandLine();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = Number(args.port ?? process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not ${args.port ?? process.env.PORT}`);
  process.exit(2);
}

const store = args.store ?? process.env.MOCK_STORE ?? 'memory';
const storeIdleMs = args['store-ttl'] === undefined ? undefined : duration(args['store-ttl']);
if (args['store-ttl'] !== undefined && !storeIdleMs) {
  console.error(`--store-ttl takes a duration such as 7d, 12h, 90m or 30s, not ${args['store-ttl']}`);
  process.exit(2);
}

try {
  const mock = await startServer({
    store,
    storePrefix: args['store-prefix'],
    storeIdleMs,
    port,
    host: args.host ?? '127.0.0.1',
    rateLimit: !args['no-rate-limit'],
    seed: !args['no-seed'],
    strictWire: args['strict-wire'] === true,
    tokens: args.tokens ? tokenList(args.tokens) : undefined,
    log: args.quiet ? undefined : (line) => console.log(line),
  });
  const token = args.tokens?.split(',')[0]?.trim() ?? 'demo-token';
  const shownUrl = mock.url.replace('//127.0.0.1:', '//localhost:');
  console.log(`Mock API ${API_VERSION} listening on ${shownUrl}
Any non-empty bearer token works${args.tokens ? ' from the --tokens list' : ''}; each token has its own data${store === 'memory' ? '' : `, kept in ${store.replace(/\/\/[^@/]*@/, '//***@')}`}. Try:

  curl -H 'Authorization: Bearer ${token}' ${shownUrl}/uptime
  curl -H 'Authorization: Bearer ${token}' -d name=Home -d test_type=HTTP -d website_url=https://example.com \\
       -d check_rate=300 -d 'tags[]=web' -d 'tags[]=eu' ${shownUrl}/uptime
`);
  for (const line of handlerNotes) console.warn(`note: ${line}`);
  const stop = () => void mock.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `Port ${port} is in use: pass --port or set PORT.` : (error as Error).message);
  process.exit(1);
}
