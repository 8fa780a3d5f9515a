// Runs a CLI from this package's node_modules/.bin with telemetry and update
// checks off (builds here must not phone home), streaming its output minus the
// boxed Node-20 deprecation banner Redocly CLI prints on every run.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const quietEnv = {
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  DO_NOT_TRACK: '1',
};

/** @param {string} line */
const isBannerLine = (line) => /[╔╗╚╝║═]/.test(line);

/**
 * @param {string} bin a binary in this package's node_modules/.bin
 * @param {string[]} args
 * @returns {Promise<number>} the tool's exit code
 */
export function runTool(bin, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(`${packageRoot}node_modules/.bin/${bin}`, args, {
      cwd: packageRoot,
      env: { ...process.env, ...quietEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @param {import('node:stream').Readable} from @param {NodeJS.WriteStream} to */
    const forward = (from, to) => {
      let pending = '';
      from.on('data', (/** @type {Buffer} */ chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) if (!isBannerLine(line)) to.write(`${line}\n`);
      });
      from.on('end', () => pending && !isBannerLine(pending) && to.write(pending));
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}
