// @ts-check
// Spectral's and Redocly's check of the sources, warm, in one process, as
// `pnpm dev` runs it on every save: CPU ms per check, the median of twelve
// after two to warm up. patches/README.md compares it with and without the
// @stoplight/path patch.
import { createSourceChecker } from '../scripts/source-checker.mjs';

const checker = await createSourceChecker({ devLoop: true });
await checker.lint();
await checker.lint();
/** @type {number[]} */
const times = [];
for (let i = 0; i < 12; i++) {
  const before = process.cpuUsage();
  await checker.lint();
  const used = process.cpuUsage(before);
  times.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
const ms = (value = 0) => value.toFixed(0);
console.log(
  `lint of the sources, warm: median ${ms(times[6])} CPU ms (min ${ms(times[0])}, max ${ms(times[11])}) over 12`,
);
