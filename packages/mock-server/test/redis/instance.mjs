// @ts-check
// One mock process for the Redis tests, as a hosted sandbox runs it, with a
// clock the test sets over IPC (so windows and TTLs do not depend on the
// machine's speed). argv[2]: JSON of { store, prefix, now, idleMs, rateLimit,
// seed, limits }. Sends { url } once listening; answers { now } with { ok }.
import { ManualClock } from '../../dist/index.js';
import { startServer } from '../../dist/node/index.js';

const settings = JSON.parse(process.argv[2] ?? '{}');
const clock = new ManualClock(settings.now ?? Date.now());
const mock = await startServer({
  port: 0,
  store: settings.store,
  storePrefix: settings.prefix,
  storeIdleMs: settings.idleMs,
  rateLimit: settings.rateLimit ?? false,
  seed: settings.seed ?? true,
  limits: settings.limits,
  clock,
});
process.on('message', (/** @type {{ now?: unknown } | null} */ message) => {
  if (typeof message?.now === 'number') clock.set(message.now);
  process.send?.({ ok: true });
});
process.on('disconnect', () => void mock.close().then(() => process.exit(0)));
process.send?.({ url: mock.url });
