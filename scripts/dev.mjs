#!/usr/bin/env node
// @ts-check
// `pnpm dev`: the API owner's live loop. Builds what the servers need, starts
// the portal's dev server (PORTAL_PORT, 3000) and the mock (MOCK_PORT, 4010),
// watches packages/spec/openapi/** (or DEV_SPEC_SOURCES, a copy: the test and
// the bench) and the house rules (packages/lint-rules, loaded again when they
// change; or DEV_LINT_RULESET, a copy's ruleset.yaml), and on every save:
// lints the sources in process (house rules and Redocly, printed
// `file:line:col  severity  rule  message`), and when clean
// bundles, prints api-diff against the released bundle, reloads the mock in
// place, rewrites the reference pages that changed and regenerates the
// client's types. Lint errors keep the last good bundle serving; the open page
// shows findings and the diff in a bar (packages/portal/src/plugins/devStatus.ts).
// Ctrl+C stops everything.
import { fork, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { scratchWorkspace } from './dev-workspace.mjs';
import { movedMockNote } from './mock-address-note.mjs';

const started = performance.now();
const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', REDOCLY_TELEMETRY: 'off' };
const ports = { PORTAL_PORT: process.env.PORTAL_PORT ?? '3000', MOCK_PORT: process.env.MOCK_PORT ?? '4010' };
const sources = resolve(process.env.DEV_SPEC_SOURCES ?? join(root, 'packages/spec/openapi'));
// A scratch copy of the sources is served from a scratch workspace beside it
// (scripts/dev-workspace.mjs says why); the spec's own sources from the worktree.
const scratch = Boolean(process.env.DEV_SPEC_SOURCES);
const workspace = scratch ? join(dirname(sources), 'dev-workspace') : root;
const specDist = join(workspace, 'packages/spec/dist');
const portalDir = join(workspace, 'packages/portal');
const statusFile = join(portalDir, '.dev', 'status.json');
const mockDist = join(workspace, 'packages/mock-server/dist/generated');
// Where the mock's host generates each reload's modules (packages/mock-server/scripts/dev-host.mjs).
const mockWork = join(workspace, 'packages/mock-server/.dev');
// Where the pages' host reads each save's bundle from (packages/portal/scripts/dev-pages.mjs).
const pagesWork = join(portalDir, '.dev', 'bundles');
const elapsed = (/** @type {number} */ since) => `${Math.round(performance.now() - since)} ms`;
/** `1 error`, `2 errors`: as the portal's bar counts them. */
const count = (/** @type {number} */ n, /** @type {string} */ noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;
/** @param {string} text */
const log = (text) => console.log(`[dev ${new Date().toTimeString().slice(0, 8)}] ${text}`);

// A busy port is one line naming the variable, before minutes of building.
for (const [name, port] of Object.entries(ports)) {
  const free = await new Promise((done) => {
    const probe = createServer()
      .once('error', () => done(false))
      .listen(Number(port), () => probe.close(() => done(true)));
  });
  if (!free) {
    console.error(`Port ${port} is in use: set ${name} to a free port (${name}=${Number(port) + 1} pnpm dev).`);
    process.exit(1);
  }
}

/** Processes started here, each in a process group of its own: stopping kills the group (pnpm's children too). */
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exit(code);
}
// However this process ends (Ctrl+C, a closed terminal, a crash, its output's
// reader gone), its children end too: in sessions of their own, they get no
// signal from the terminal, and the dev server has no IPC channel to lose, so
// a closed terminal left it holding PORTAL_PORT.
process.on('exit', () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => {
    // Said where someone reads it (a closed terminal, SIGHUP, has nowhere to print).
    if (signal !== 'SIGHUP' && !stopping) log('stopping: the portal and the mock stop too');
    stop(0);
  });
process.stdout.on('error', () => stop(1));

/** @param {string} command @param {string[]} args @param {string} cwd */
function run(command, args, cwd = root) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('close', (code) =>
      code === 0 ? done(undefined) : fail(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

// DEV_SKIP_BUILD=1: the caller built (the test, which turbo runs after the
// builds; a cache hit would rewrite the outputs other tests are reading).
if (process.env.DEV_SKIP_BUILD !== '1') {
  log('building what the servers need (turbo: the spec, the mock, the client; cached when nothing changed)');
  await run('pnpm', [
    'turbo',
    'run',
    'build',
    '--filter=@webmon/portal^...',
    '--filter=@webmon/api-diff',
    '--output-logs=errors-only',
  ]);
}
if (scratch) {
  rmSync(workspace, { recursive: true, force: true });
  scratchWorkspace(root, workspace);
  log(`serving from a scratch workspace: ${workspace}`);
}

// Each step of the start says what runs: on a busy machine a step takes a minute or more.
log('loading the linters (the house rules on Spectral, and Redocly)');
const { createSourceChecker, formatFinding } = await import('../packages/spec/scripts/source-checker.mjs');
const { diffBundles, readCorrections, verdict } = await import('../packages/api-diff/dist/index.js');
// The YAML reader api-diff's CLI uses (a dependency of api-diff, not of the root).
const { parse: parseYaml } = createRequire(join(root, 'packages/api-diff/package.json'))('yaml');
// The house rules: @webmon/lint-rules', or a copy's (DEV_LINT_RULESET: the dev loop's test edits one).
const rulesetFile =
  process.env.DEV_LINT_RULESET ??
  createRequire(join(root, 'packages/spec/package.json')).resolve('@webmon/lint-rules/ruleset.yaml');
const checker = await createSourceChecker({ sources, root, ruleset: rulesetFile, devLoop: true });
const released = JSON.parse(readFileSync(join(root, 'packages/spec/released/openapi.json'), 'utf8'));
// The breaking changes acknowledged as corrections of the description (api-diff's
// README): counted, not listed, so an owner sees only the real ones. Read on
// every diff: the file may be edited while dev runs.
const correctionsFile = join(root, 'packages/spec/released/corrections.yaml');
const corrections = () => {
  try {
    return readCorrections(parseYaml(readFileSync(correctionsFile, 'utf8')));
  } catch (error) {
    log(`api-diff: ${correctionsFile}: ${/** @type {Error} */ (error).message}; diffing without corrections`);
    return [];
  }
};

/**
 * What the portal's bar shows (packages/portal/src/types/dev-status.d.ts describes it).
 * @type {{ state: 'ok' | 'errors' | 'working', lint: string[], diff: { head: string, act: string[], features: string[] }, notes: string[] }}
 */
const status = { state: 'working', lint: [], diff: { head: '', act: [], features: [] }, notes: [] };
/**
 * When the portal's dev server was last given files to compile (the bar's
 * state is written at the end of every check, with whatever else it wrote),
 * until its compile ends; 0 when it is not compiling. See whenIdle.
 */
let compileDueSince = 0;
/** The bar's note while the page's try-it sandbox has not got a save's modules yet (whenIdle writes them). */
const SANDBOX_PENDING = "sandbox: the try-it's in-page mock takes this save once the page is updated, in a few seconds";
const SANDBOX_KEPT = "sandbox: the try-it's in-page mock keeps the previous routes and validators too";
const writeStatus = () => {
  mkdirSync(join(portalDir, '.dev'), { recursive: true });
  writeFileSync(statusFile, `${JSON.stringify(status, null, 2)}\n`);
  compileDueSince = performance.now();
};
writeStatus();

/**
 * A long-lived helper with IPC, in its own process group.
 * @param {string} script @param {string} cwd @param {string[]} [execArgv]
 */
function helper(script, cwd, execArgv = []) {
  const child = fork(script, [], { cwd, env: { ...env, ...ports, DEV_MOCK_WORK: mockWork }, detached: true, execArgv });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${script} stopped (exit ${code}); stopping pnpm dev`);
      stop(1);
    }
  });
  return child;
}
/**
 * Runs `pid` below the lint's, the mock's and the dev server's processes,
 * which it runs beside on a save: the pages' host starts on a save at once and
 * takes a core when one is free (waiting for the mock's "prepared" instead
 * cost a quarter second: the lint holds this process's thread, so the message
 * waited for it). A helper is in a session of its own, so on Linux (autogroup
 * scheduling) its session's niceness counts, not the process's alone.
 * @param {number} pid
 */
function lowerPriority(pid) {
  try {
    setPriority(pid, 10);
    writeFileSync(`/proc/${pid}/autogroup`, '10');
  } catch {
    // Not Linux (no autogroups: the niceness set counts), or the helper is gone (its exit stops the loop).
  }
}
/**
 * The next message of one of `types` from `child` (for request `id`, if given).
 * @param {import('node:child_process').ChildProcess} child @param {string[]} types @param {number} [id]
 * @returns {Promise<any>} the helper's message, as its script documents it
 */
const reply = (child, types, id) =>
  new Promise((done) => {
    /** @param {any} message */
    const listener = (message) => {
      if (!types.includes(message.type) || (id !== undefined && message.id !== id)) return;
      child.off('message', listener);
      done(message);
    };
    child.on('message', listener);
  });

log("starting the mock and the reference pages' generator");
const mock = helper(join(root, 'packages/mock-server/scripts/dev-host.mjs'), join(root, 'packages/mock-server'), [
  '--max-old-space-size=1024',
]);
const pages = helper(join(portalDir, 'scripts/dev-pages.mjs'), portalDir);
if (pages.pid) lowerPriority(pages.pid);
const [mockUp] = await Promise.all([reply(mock, ['listening', 'failed']), reply(pages, ['ready'])]);
if (mockUp.type === 'failed') {
  console.error(mockUp.code === 'EADDRINUSE' ? `Port ${ports.MOCK_PORT} is in use: set MOCK_PORT.` : mockUp.message);
  stop(1);
}

/** The bundle as the spec's build writes its JSON. @param {Record<string, unknown>} bundle */
const asJson = (bundle) => `${JSON.stringify(bundle, null, 2)}\n`;
/** The bundle being served (JSON), or '' before the first. */
const servedJson = () => {
  try {
    return readFileSync(join(specDist, 'openapi.json'), 'utf8');
  } catch {
    return '';
  }
};
/** Writes `text` to `file` unless it holds that already (a write is a recompile for the dev server). @param {string} file @param {string} text */
function writeIfChanged(file, text) {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {}
  writeFileSync(file, text);
}
/** Serves a bundle: its JSON, and its YAML (Redocly's own writer: `checker.toYaml`). @param {string} json @param {string} yaml */
function writeBundle(json, yaml) {
  writeIfChanged(join(specDist, 'openapi.yaml'), yaml);
  writeIfChanged(join(specDist, 'openapi.json'), json);
}

/** @type {string[]} */
let lastChanges = [];
/** @param {Record<string, unknown>} bundle */
function printDiff(bundle) {
  const version = (/** @type {any} */ document) => String(document?.info?.version ?? '?');
  const result = verdict(diffBundles(released, bundle), version(released), version(bundle), 'text', corrections());
  /** @param {import('../packages/api-diff/dist/index.js').Change} change */
  const line = (change) => `${change.severity} | ${change.operation} | ${change.where} | ${change.message}`;
  // Listed: breaking changes, features (additions, widened bounds), and
  // corrections that no longer match (the edit undid what they excuse; the
  // release would fail); the bar shows the first and the last at once, the
  // features on a click. Other changes (a response's narrowed bound or enum,
  // which breaks no client) are counted in the head line, and listed as they
  // come and go after the first run. A summary or a description is no change
  // of the contract: api-diff reports none.
  const breaking = result.breaking.map(line);
  const features = result.features.map(line);
  const stale = result.unusedCorrections.map(
    (correction) => `stale correction | ${correction.message} | matches no change: remove it from corrections.yaml`,
  );
  const shown = [...breaking, ...features, ...stale];
  const changes = [...shown, ...result.info.map(line)];
  // "API 1.2.0 -> 1.2.0: 1 breaking, 0 features, 160 other, 125 corrected"
  const head = result.text.split('\n')[0] ?? '';
  status.diff = {
    head: `api-diff against packages/spec/released/openapi.json: ${head}`,
    act: [...breaking, ...stale],
    features,
  };
  log(status.diff.head);
  const firstTime = lastChanges.length === 0;
  if (firstTime) for (const change of shown) console.log(`  ${change}`);
  else {
    for (const change of changes) if (!lastChanges.includes(change)) console.log(`  + ${change}`);
    for (const change of lastChanges) if (!changes.includes(change)) console.log(`  - ${change}`);
  }
  lastChanges = changes.length ? changes : ['(none)'];
}

let generation = 0;
/** Lint, then with a clean result bundle, diff, reload the mock, rewrite the pages. @param {number} savedAt */
async function check(savedAt) {
  const id = ++generation;
  status.state = 'working';
  // The bundle first (tens of ms): when it changed, the mock generates its
  // routes and validators from it in its own process while the lint runs
  // here; a lint error discards them. Sources that do not bundle (YAML that
  // does not parse) are left to the lint to explain.
  const bundle = await checker.bundle().catch(() => undefined);
  const json = bundle ? asJson(bundle) : undefined;
  const changed = json !== undefined && json !== servedJson();
  // A changed bundle after the first check: the mock and the pages prepare it beside the lint.
  const toPrepare = id > 1 && changed ? json : undefined;
  const mockPrepared = toPrepare ? prepareMock(id, toPrepare) : undefined;
  // The pages, in a scratch folder (packages/portal/scripts/dev-pages.mjs), in
  // a process of lower priority: on two cores, the lint on one, they take the
  // other when the mock is done with it.
  const yaml = bundle && changed ? checker.toYaml(bundle) : '';
  const pagesPrepared = toPrepare ? preparePages(id, toPrepare, yaml) : undefined;
  const findings = await checker.lint();
  const errors = findings.filter((finding) => finding.severity === 'error');
  status.lint = findings.map(formatFinding);
  // The first check is of the sources as they were at the start, not of a save.
  const took = id === 1 ? `the sources at the start, ${elapsed(savedAt)}` : `${elapsed(savedAt)} after the save`;
  log(`lint: ${count(errors.length, 'error')}, ${count(findings.length - errors.length, 'warning')} (${took})`);
  for (const line of status.lint) console.log(`  ${line}`);
  if (errors.length || !bundle || !json) {
    if (!errors.length) log('the sources lint clean but do not bundle: the last good bundle keeps serving');
    status.state = 'errors';
    status.notes = ['The mock and the pages keep the last good bundle until the errors are fixed.'];
    writeStatus();
    if (mockPrepared) void mockPrepared.then(() => mock.send({ type: 'discard', id }));
    return;
  }
  if (!changed && id > 1) {
    // Back to the bundle being served (an error undone): the errors' note goes with them.
    status.state = 'ok';
    status.notes = [];
    writeStatus();
    log('the bundle did not change');
    return;
  }
  printDiff(bundle);
  status.notes = [];
  if (id === 1 || !mockPrepared || !pagesPrepared) {
    if (changed) writeBundle(json, yaml);
    status.state = 'ok';
    writeStatus();
    return;
  }
  const [mockDone, pagesDone] = await Promise.all([
    commitMock(id, mockPrepared, savedAt),
    commitPages(id, pagesPrepared, savedAt),
  ]);
  // What the open page shows is written here, right after the pages: the
  // bundle (the portal imports it) and the bar (with the diff). Written as
  // each became ready, they cost the dev server one recompile each; together,
  // one.
  writeBundle(json, yaml);
  status.state = 'ok';
  // The page's try-it sandbox gets its copy of the mock's modules a few
  // seconds later (whenIdle): said, so that a Send the page's new bound
  // allows meanwhile is no surprise. A bundle the mock refused (an operation
  // without a handler) is not copied either: the sandbox would not start.
  const mockTookIt = (await mockPrepared).type !== 'failed';
  status.notes = [mockDone, pagesDone, mockTookIt ? SANDBOX_PENDING : SANDBOX_KEPT];
  writeStatus();
  background = { json, savedAt, sandbox: mockTookIt };
}

/**
 * The last clean save's work that the open page does not wait for: the
 * sandbox's copy of the mock's modules (standalone validators for the
 * browser, which the mock's host generates; its own validators compile on
 * first use. validators.js, 450 kB, was about a quarter of a bound edit's
 * compile) and the client's types. It runs once the
 * loop has been idle for a second (no check running, no compile of the
 * portal's under way, the last one a second old): on two cores, work beside a
 * save's lint, the portal's compile or the open page's hot update delays them
 * (bench:dev's bound edit: the page 0.7 s after its compile, against
 * 0.35-0.5 s, with both started right after the compile). A second after the
 * check's end is not enough: in a slow hour its compile ran longer, the copy
 * came during it, and the dev server held the page's hot update until the
 * copy's own compile was done (1.3 s).
 * @type {{ json: string, savedAt: number, sandbox: boolean } | undefined}
 */
let background;
/** @type {NodeJS.Timeout | undefined} */
let idleTimer;
function whenIdle() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    // Busy again: the check's end, or the compile it causes, calls this again.
    if (!background || running || pending) return;
    // Compiling: its end calls this again (re-armed in case no compile comes of the writes).
    if (compileDueSince && performance.now() - compileDueSince < 10_000) return whenIdle();
    const { json, savedAt, sandbox } = background;
    background = undefined;
    void (sandbox ? copyMockToSandbox(json, savedAt) : Promise.resolve(true))
      .then((current) => current && regenerateClientTypes(json, savedAt))
      .catch((error) => log(`mock: the sandbox's copy was not written: ${error.message}`));
  }, 1000);
}

/**
 * Has the mock's host generate the modules the in-browser sandbox runs from
 * `json` (standalone validators) and writes those that changed where the
 * portal imports them. False when a save was checked meanwhile: nothing is
 * written, that save's own copy follows.
 * @param {string} json @param {number} savedAt @returns {Promise<boolean>}
 */
async function copyMockToSandbox(json, savedAt) {
  const at = generation;
  const file = join(mockWork, `sandbox-${at}.json`);
  mkdirSync(mockWork, { recursive: true });
  writeFileSync(file, json);
  mock.send({ type: 'sandbox', id: at, bundle: file });
  const done = await reply(mock, ['sandbox', 'failed'], at);
  rmSync(file, { force: true });
  const current = generation === at;
  if (done.type === 'failed') log(`mock: the sandbox's copy was not generated: ${done.message}`);
  else {
    if (current) {
      for (const name of ['validators.js', 'content-validators.js', 'operations.js', 'examples.js'])
        writeIfChanged(join(mockDist, name), readFileSync(join(done.dir, name), 'utf8'));
      // In the same compile as the modules: the bar says so as the page gets them.
      status.notes = status.notes.map((line) =>
        line === SANDBOX_PENDING
          ? `sandbox: the try-it's in-page mock has this save's routes and validators (${elapsed(savedAt)} after the save)`
          : line,
      );
      writeStatus();
    }
    rmSync(done.dir, { recursive: true, force: true });
  }
  return current;
}

/**
 * Has the mock generate and load routes and validators from `json`, not answering with them yet.
 * @param {number} id @param {string} json @returns {Promise<any>} the host's `prepared` or `failed` message
 */
async function prepareMock(id, json) {
  const file = join(mockWork, `bundle-${id}.json`);
  mkdirSync(mockWork, { recursive: true });
  writeFileSync(file, json);
  mock.send({ type: 'prepare', id, bundle: file });
  const prepared = await reply(mock, ['prepared', 'failed'], id);
  rmSync(file, { force: true });
  return prepared;
}

/**
 * The prepared routes and validators answer from now on; returns the log line.
 * (The in-browser sandbox's copy follows once the loop is idle: copyMockToSandbox.)
 * @param {number} id @param {Promise<any>} preparing @param {number} savedAt
 * @returns {Promise<string>}
 */
async function commitMock(id, preparing, savedAt) {
  const prepared = await preparing;
  if (prepared.type === 'failed') return note(`mock: kept the previous routes and validators: ${prepared.message}`);
  mock.send({ type: 'commit', id });
  const done = await reply(mock, ['reloaded'], id);
  // Operations the dispatch table does not cover yet (one just added): answered by a stop-gap, said each time.
  const gaps = /** @type {string[]} */ (prepared.notes ?? []).map((line) => `; ${line}`).join('');
  return note(
    `mock: routes and validators reloaded ${elapsed(savedAt)} after the save (generated and loaded in ${prepared.ms} ms), ${
      done.keptState
        ? "readers' sandbox data kept"
        : `sandbox data reset: the fields of ${done.changed.join(', ')} changed, stored records could not be kept`
    }${gaps}`,
  );
}

/**
 * Has the pages' host generate the reference from the bundle `json` and
 * `yaml` (written for it to files of their own: dist/ gets them after the
 * pages) into its scratch folder, not copying them yet.
 * @param {number} id @param {string} json @param {string} yaml
 * @returns {Promise<any>} the host's `prepared` or `failed` message
 */
async function preparePages(id, json, yaml) {
  // The YAML beside the JSON, where prepare-api.mjs looks for it.
  const file = join(pagesWork, `bundle-${id}.json`);
  const yamlFile = join(pagesWork, `bundle-${id}.yaml`);
  mkdirSync(pagesWork, { recursive: true });
  writeFileSync(file, json);
  writeFileSync(yamlFile, yaml);
  pages.send({ type: 'prepare', id, bundle: file });
  const prepared = await reply(pages, ['prepared', 'failed'], id);
  rmSync(file, { force: true });
  rmSync(yamlFile, { force: true });
  return prepared;
}

/**
 * The prepared pages that changed are copied into the site; returns the log line.
 * @param {number} id @param {Promise<any>} preparing @param {number} savedAt @returns {Promise<string>}
 */
async function commitPages(id, preparing, savedAt) {
  const prepared = await preparing;
  if (prepared.type === 'failed') return note(`pages: not regenerated: ${prepared.message}`);
  pages.send({ type: 'commit', id });
  const done = await reply(pages, ['pages', 'failed'], id);
  if (done.type === 'failed') return note(`pages: not regenerated: ${done.message}`);
  const rewritten = `pages: ${done.changed.length} reference file(s) rewritten ${elapsed(savedAt)} after the save`;
  // The console gets the steps and the files; the page's bar, read by the page's reader, the line alone.
  log(
    `${rewritten} (prepare ${done.steps.prepare}, generate ${done.steps.generate}, sync ${done.steps.sync} ms; ${done.converted} operation(s) converted to Postman requests again for the samples)${done.changed.length ? `: ${done.changed.slice(0, 6).join(', ')}${done.changed.length > 6 ? ', ...' : ''}` : ''}`,
  );
  return rewritten;
}
/** @param {string} text */
const note = (text) => {
  log(text);
  return text;
};

/**
 * The client's types follow each save in the background, once the loop is
 * idle (nothing waits for them), in a worker thread that keeps ts-client's
 * generator loaded (packages/ts-client/scripts/dev-generate-worker.mjs); one
 * run at a time, the latest bundle next.
 */
const clientTypes = join(workspace, 'packages/ts-client/src/generated');
/** @type {Worker | undefined} */
let clientWorker;
/** @type {{ json: string, savedAt?: number } | undefined} */
let clientNext;
let clientBusy = false;
/** @param {string} json @param {number} [savedAt] the save's time, for the log line (none when warming up) */
function regenerateClientTypes(json, savedAt) {
  if (clientBusy) {
    clientNext = { json, savedAt };
    return;
  }
  clientBusy = true;
  clientWorker ??= startClientWorker();
  clientWorker.once('message', (/** @type {{ error?: string }} */ { error }) => {
    if (error) log(`client: generating the types failed: ${error}`);
    else if (savedAt !== undefined) log(`client: types regenerated ${elapsed(savedAt)} after the save`);
    clientDone();
  });
  clientWorker.postMessage({ bundle: json, out: clientTypes });
}
/** @type {Array<() => void>} */
let clientIdleWaiters = [];
function clientDone() {
  clientBusy = false;
  const next = clientNext;
  clientNext = undefined;
  if (next) return regenerateClientTypes(next.json, next.savedAt);
  for (const resolve of clientIdleWaiters) resolve();
  clientIdleWaiters = [];
}
/** Resolves once the client's generator has nothing to do. */
const clientIdle = () =>
  new Promise((resolve) => (clientBusy ? clientIdleWaiters.push(() => resolve(undefined)) : resolve(undefined)));
function startClientWorker() {
  const worker = new Worker(join(root, 'packages/ts-client/scripts/dev-generate-worker.mjs'));
  // A failure outside a job (the worker's own start): said once; the next save starts a new worker.
  worker.on('error', (error) => log(`client: the types' generator failed: ${error.message}`));
  worker.on('exit', () => {
    clientWorker = undefined;
    worker.removeAllListeners('message');
    if (clientBusy) clientDone();
  });
  return worker;
}

// The first check writes the bundle the servers start from, then the pages.
await check(performance.now());
log('writing the reference pages');
pages.send({ type: 'regenerate', id: 0 });
await reply(pages, ['pages', 'failed'], 0);
log("starting the portal's dev server: its first compile, of the whole site, is the longest step");

// The portal's own Docusaurus command, on the site being served (the worktree's or the scratch copy).
const portalCli = createRequire(join(root, 'packages/portal/package.json')).resolve('@webmon/portal/docusaurus-cli');
const portal = spawn(
  process.execPath,
  [portalCli, 'start', portalDir, '--port', ports.PORTAL_PORT, '--host', 'localhost', '--no-open'],
  {
    cwd: portalDir,
    env: { ...env, PORTAL_DEV_STATUS: statusFile },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  },
);
children.push(portal);
portal.on('exit', (code) => {
  if (!stopping) {
    console.error(`the portal's dev server stopped (exit ${code}); stopping pnpm dev`);
    stop(1);
  }
});
portal.stdout?.on('data', (chunk) => {
  const text = String(chunk);
  process.stdout.write(text);
  // "running at" comes before the first compile ends; the page is served once the client compiled.
  if (/compiled successfully/i.test(text) && !announced) announce();
  if (/compiled (successfully|with)/i.test(text)) {
    compileDueSince = 0;
    whenIdle();
  }
});
let announced = false;
function announce() {
  announced = true;
  console.log(
    `\nPortal (dev):  http://localhost:${ports.PORTAL_PORT}/api/\nMock API:      ${mockUp.url} (any bearer token)\n${movedMockNote(join(specDist, 'openapi.json'), Number(ports.MOCK_PORT))}Watching:      ${sources}\nReady in ${elapsed(started)} (after setup). Save a YAML file to check it; Ctrl+C stops everything.\n`,
  );
  void warmUp();
}

/**
 * Runs what a save runs, once, on the bundle being served, showing nothing:
 * the lint and the mock's, the pages' and the client's generators are then
 * warm (their code compiled by V8, their libraries' caches filled) for the
 * owner's first save, which otherwise took twice as long as the next ones. A
 * save meanwhile waits.
 */
async function warmUp() {
  running = true;
  const from = performance.now();
  try {
    const json = servedJson();
    const id = ++generation;
    // No bundle served yet (sources that never linted clean): the generators wait for one.
    const mockWarm = json ? prepareMock(id, json).then(() => mock.send({ type: 'discard', id })) : undefined;
    // Pages prepared and never committed: the first save's prepare replaces them.
    const pagesWarm = json ? preparePages(id, json, readFileSync(join(specDist, 'openapi.yaml'), 'utf8')) : undefined;
    if (json) regenerateClientTypes(json);
    await checker.lint();
    // The client's types too: a first save made while they are still generating shares the CPU with them.
    await Promise.all([mockWarm, pagesWarm, clientIdle()]);
    log(
      `warmed up for the first save in ${elapsed(from)} (the lint, the mock's, the pages' and the client's generators)`,
    );
  } catch (error) {
    log(`warming up for the first save failed: ${/** @type {Error} */ (error).message}`);
  } finally {
    running = false;
    if (pending) void drain();
  }
}

/**
 * Calls `onChange` on every change under `dir`, with one non-recursive
 * watcher per directory. Node 20's recursive watcher on Linux watches each
 * file it found, and loses a file that an editor saves by renaming a new one
 * over it (vim, `sed -i`, "safe write"): after the first such save, that file's
 * saves went unseen (a newcomer's find). A directory's watcher sees every
 * entry renamed into it; a directory made later gets its watcher on the
 * event that names it.
 * @param {string} dir @param {() => void} onChange
 */
function watchTree(dir, onChange) {
  /** @type {Map<string, import('node:fs').FSWatcher>} */
  const watchers = new Map();
  const watchDirectories = () => {
    const found = [dir];
    try {
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
        if (entry.isDirectory()) found.push(join(entry.parentPath, entry.name));
    } catch {
      // A directory removed while read: the event that says so comes next.
    }
    // A directory removed (or replaced): its watcher goes, a new one comes if it is back.
    for (const [path, watcher] of watchers)
      if (!found.includes(path)) {
        watcher.close();
        watchers.delete(path);
      }
    for (const path of found) {
      if (watchers.has(path)) continue;
      let watcher;
      try {
        watcher = watch(path, (type) => {
          if (type === 'rename') watchDirectories();
          onChange();
        });
      } catch {
        continue;
      }
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(path);
      });
      watchers.set(path, watcher);
    }
  };
  watchDirectories();
}

// Saves come as bursts of events (editors write, rename, touch): one check per burst, never two at once.
let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
let running = false;
let pending = 0;
const saved = () => {
  pending ||= performance.now();
  clearTimeout(timer);
  timer = setTimeout(drain, 30);
};
watchTree(sources, saved);
// The house rules (packages/lint-rules: ruleset.yaml and its functions) are
// loaded again when they change, and the sources checked with them: an owner
// who changes a rule sees what it says at once, without a restart.
let rulesChanged = false;
const rulesSaved = () => {
  rulesChanged = true;
  saved();
};
watch(dirname(rulesetFile), (_type, file) => file === basename(rulesetFile) && rulesSaved());
watchTree(join(dirname(rulesetFile), 'functions'), rulesSaved);
async function drain() {
  if (running || !pending) return;
  running = true;
  const savedAt = pending;
  pending = 0;
  try {
    if (rulesChanged) {
      log('lint: the house rules changed: loading them again');
      await checker.reloadRules();
      // Only once they load: rules that do not (a typo in a function) are tried again on the next save.
      rulesChanged = false;
    }
    await check(savedAt);
  } catch (error) {
    log(`the check failed: ${/** @type {Error} */ (error).stack}`);
    // The open page says so too; the last good bundle keeps serving.
    status.state = 'errors';
    status.notes = [
      `The check of this save failed (${/** @type {Error} */ (error).message}); see the terminal. The mock and the pages keep the last good bundle.`,
    ];
    writeStatus();
  } finally {
    running = false;
    if (pending) void drain();
    else whenIdle();
  }
}
