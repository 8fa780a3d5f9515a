#!/usr/bin/env node
// @ts-check
// `npm start` after setup: lint and build everything the portal needs (spec,
// mock, client, site), then serve the portal and the mock side by side.
// Ctrl+C stops both. Ports: PORTAL_PORT (3000) and MOCK_PORT (4010).
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const portalPort = process.env.PORTAL_PORT ?? '3000';
const mockPort = process.env.MOCK_PORT ?? '4010';

/**
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<void>}
 */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

try {
  await run('pnpm', ['turbo', 'run', 'lint', 'build', '--filter=@webmon/portal...', '--output-logs=errors-only']);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}: see the output above.`);
  process.exit(1);
}

/** @type {{ info: { title: string, version: string } }} */
const bundle = JSON.parse(readFileSync(new URL('packages/spec/dist/openapi.json', root), 'utf8'));
/** @param {string} path */
const size = (path) => `${(statSync(new URL(path, root)).size / 1024).toFixed(0)} KiB`;
console.log(
  `\n${bundle.info.title} ${bundle.info.version}: bundle at packages/spec/dist/openapi.{yaml,json} (${size('packages/spec/dist/openapi.json')} JSON)`,
);

const children = [
  // The mock's heap limit, as its bin and start script set it (packages/mock-server/src/node/cli.ts).
  spawn(
    process.execPath,
    ['--max-old-space-size=384', 'packages/mock-server/dist/node/cli.js', '--port', mockPort, '--quiet'],
    {
      cwd: root,
      env,
      stdio: 'inherit',
    },
  ),
  spawn('pnpm', ['--silent', '--filter', '@webmon/portal', 'exec', 'node', 'scripts/serve.mjs', 'build', portalPort], {
    cwd: root,
    env,
    stdio: 'inherit',
  }),
];
console.log(
  `Portal:   http://localhost:${portalPort}\nMock API: http://localhost:${mockPort}/v1 (any bearer token)\nCtrl+C stops both.\n`,
);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (code && code !== 0) {
      console.error(`a server stopped with exit code ${code}; stopping the other`);
      stop();
      process.exitCode = code;
    }
  });
}
