// @ts-check
/**
 * The API changes page (/api/api-changes): its MDX written into the
 * reference's docs folder and its sections into generated/api-changes.json,
 * at build (scripts/prepare-api.mjs) and by `pnpm dev` on every save
 * (scripts/dev-pages.mjs). api-diff compares the released bundles kept in
 * packages/spec/released/ (openapi.json, the last release, and any older one
 * kept as openapi-<version>.json), one section per release, newest first; on
 * top, the bundle being built against the last release: "Unreleased" on dev
 * and preview builds, the version being released when PORTAL_RELEASE=1 (the
 * release pipeline). Breaking changes acknowledged as corrections of the
 * description (released/corrections.yaml) are listed with their reason.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { diffBundles, readCorrections, verdict } from '@webmon/api-diff';
import { parse } from 'yaml';

/** @typedef {{ info: { version: string } } & Record<string, unknown>} Bundle */
/** @typedef {import('@webmon/api-diff').Change & { why?: string }} Change */
/** @typedef {import('../src/api/ApiChanges').ChangesSection} ChangesSection one release's section (drawn by src/api/ApiChanges.tsx) */

const LABEL = { breaking: 'Breaking', feature: 'Added', info: 'Changed' };

/** Markdown (MDX) text: its punctuation taken literally. @param {string} text */
const literal = (text) => text.replace(/[\\`*_{}[\]<>|#!]/g, (character) => `\\${character}`);

/** @param {string} a @param {string} b */
const byVersion = (a, b) => {
  const [x, y] = [a, b].map((version) => version.split(/[.-]/).map((part) => Number(part) || 0));
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/**
 * One section: api-diff's changes from `before` to `after`, breaking first.
 * @param {string} title @param {Bundle} before @param {Bundle} after @param {import('@webmon/api-diff').Correction[]} corrections
 * @returns {ChangesSection}
 */
function section(title, before, after, corrections) {
  const result = verdict(diffBundles(before, after), before.info.version, after.info.version, 'text', corrections);
  /** @type {Array<[string, Change]>} */
  const changes = [
    ...result.breaking.map((change) => /** @type {[string, Change]} */ ([LABEL.breaking, change])),
    ...result.corrected.map((change) => /** @type {[string, Change]} */ (['', change])),
    ...result.features.map((change) => /** @type {[string, Change]} */ ([LABEL.feature, change])),
    ...result.info.map((change) => /** @type {[string, Change]} */ ([LABEL.info, change])),
  ];
  if (!changes.length)
    return { title, summary: `No change to the API description since ${before.info.version}.`, rows: [], reasons: [] };
  // Each correction's reason once, under the table; its rows point to it.
  const reasons = [...new Set(result.corrected.map((change) => change.why.trim()))];
  const counts = `${result.breaking.length} breaking, ${result.corrected.length} corrected, ${result.features.length} features, ${result.info.length} other`;
  return {
    title,
    summary: `Compared with ${before.info.version}: ${counts}.`,
    rows: changes.map(([label, change]) => ({
      change: change.why ? `Corrected (${reasons.indexOf(change.why.trim()) + 1})` : label,
      operation: change.operation,
      where: change.where,
      what: change.message,
    })),
    reasons,
  };
}

/**
 * The page's sections, newest first.
 * @param {{ released: Bundle[], current: Bundle, corrections: import('@webmon/api-diff').Correction[], release: boolean }} input
 *   released: the released bundles, any order; current: the bundle being built.
 * @returns {ChangesSection[]}
 */
export function apiChanges({ released, current, corrections, release }) {
  const ordered = [...released].sort((a, b) => byVersion(b.info.version, a.info.version));
  const [last] = ordered;
  /** @type {ChangesSection[]} */
  const sections = [];
  if (last) {
    const top = section(
      release ? `${current.info.version} (this release)` : `Unreleased (since ${last.info.version})`,
      last,
      current,
      corrections,
    );
    // An unreleased section with nothing in it says nothing.
    if (release || top.rows.length) sections.push(top);
  }
  for (const [index, bundle] of ordered.entries()) {
    const before = ordered[index + 1];
    sections.push(
      before
        ? section(bundle.info.version, before, bundle, [])
        : {
            title: bundle.info.version,
            summary: 'The first release recorded here: the reference describes it in full.',
            rows: [],
            reasons: [],
          },
    );
  }
  return sections;
}

/**
 * The page's MDX: the sections' headings (the table of contents is made from
 * them), each drawn from generated/api-changes.json. A save that changes only
 * rows rewrites that JSON, not the page: the dev server then recompiles a data
 * module instead of about 30 kB of Markdown (0.3 s a save).
 * @param {ChangesSection[]} sections
 */
export function apiChangesPage(sections) {
  return [
    '---',
    'id: api-changes',
    'title: API changes',
    'sidebar_label: API changes',
    'description: Every change to the API, release by release, as our breaking-change check reports it.',
    '---',
    '',
    "import changes from '@site/generated/api-changes.json';",
    "import ApiChanges from '@site/src/api/ApiChanges';",
    '',
    'Every change to the API description, newest first, as our breaking-change check (api-diff) reports it between',
    'the released descriptions. A breaking change needs a new major version, unless it is a correction: the API',
    'already behaved so and only its description was wrong.',
    '',
    ...sections.flatMap(({ title }, index) => [
      `## ${literal(title)}`,
      '',
      `<ApiChanges section={changes[${index}]} />`,
      '',
    ]),
  ].join('\n');
}

/**
 * Writes the page into the docs folder `dir` and its sections into
 * `generatedDir`, from @webmon/spec's bundle (or the bundle file `bundle`:
 * `pnpm dev`'s next one) and released bundles.
 * @param {string} dir @param {{ generatedDir: string, release?: boolean, bundle?: string }} options
 */
export function writeApiChanges(dir, { generatedDir, release = process.env.PORTAL_RELEASE === '1', bundle }) {
  const require = createRequire(import.meta.url);
  const specDir = dirname(require.resolve('@webmon/spec/package.json'));
  const releasedDir = join(specDir, 'released');
  const read = (/** @type {string} */ file) => /** @type {Bundle} */ (JSON.parse(readFileSync(file, 'utf8')));
  const released = readdirSync(releasedDir)
    .filter((file) => /^openapi(-[\w.-]+)?\.json$/.test(file))
    .map((file) => read(join(releasedDir, file)));
  let corrections = /** @type {import('@webmon/api-diff').Correction[]} */ ([]);
  try {
    corrections = readCorrections(parse(readFileSync(join(releasedDir, 'corrections.yaml'), 'utf8')));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  const sections = apiChanges({
    released,
    current: read(bundle ?? require.resolve('@webmon/spec/openapi.json')),
    corrections,
    release,
  });
  writeFileSync(join(generatedDir, 'api-changes.json'), `${JSON.stringify(sections, null, 1)}\n`);
  writeFileSync(join(dir, 'api-changes.mdx'), apiChangesPage(sections));
  // The page's Markdown-only form, which a checkout may still hold: two pages of one id fail the build.
  rmSync(join(dir, 'api-changes.md'), { force: true });
}
