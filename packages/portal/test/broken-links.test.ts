/**
 * "Broken links are a build error" (SPEC 2). Building the real site with a bad
 * link would take minutes and mean editing content, so this builds a
 * throwaway site in a temporary directory: the REAL docusaurus.config.ts (so its
 * onBrokenLinks value, theme, navbar and footer are what is tested) with the
 * docs path swapped for one page that links to a missing route, and the real
 * src/pages. The build must fail and name exactly that link (the navbar and
 * footer links resolve, so nothing else is reported). Nothing is written
 * under packages/portal: its sources are build inputs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { portalDir } from './helpers';

const fixture = mkdtempSync(join(tmpdir(), 'portal-broken-link-'));

afterAll(() => {
  rmSync(fixture, { recursive: true, force: true });
});

describe('build rules', () => {
  // A Docusaurus build: about 15 s when quiet; over 5 minutes was seen at
  // load average 30 on 2 cores.
  it('a broken link fails the build and is named in the error', { timeout: 900_000 }, () => {
    mkdirSync(join(fixture, 'guides'), { recursive: true });
    writeFileSync(
      join(fixture, 'guides', 'index.md'),
      '---\nid: about\nslug: /\ntitle: Fixture\n---\n\n# Fixture\n\nSee [a page that does not exist](/no-such-page-for-the-broken-link-test).\n',
    );
    // The navbar links /api/ (the generated reference in the real site): a
    // one-page stand-in keeps it resolvable without generating the reference.
    mkdirSync(join(fixture, 'api-stand-in'));
    writeFileSync(join(fixture, 'api-stand-in', 'index.md'), '# API reference\n');
    // So do the 404 page's link to the changelog and the home page's to the alpha clients' guide and the quickstart.
    writeFileSync(join(fixture, 'api-stand-in', 'api-changes.md'), '# API changes\n');
    mkdirSync(join(fixture, 'guides', 'sdks'));
    writeFileSync(join(fixture, 'guides', 'sdks', 'alpha.md'), '# Alpha clients\n');
    writeFileSync(join(fixture, 'guides', 'quickstart.md'), '# Quickstart\n');
    writeFileSync(
      join(fixture, 'docusaurus.config.ts'),
      `import base from ${JSON.stringify(join(portalDir, 'docusaurus.config'))};
import type { Config } from '@docusaurus/types';
const config: Config = {
  ...base,
  // The code blocks' plugin as the site has it (src/theme/CodeBlock resolves through its aliases).
  plugins: [
    ${JSON.stringify(join(portalDir, 'src/plugins/prismOnDemand.ts'))},
    ['@docusaurus/plugin-content-pages', { id: 'api-stand-in', path: 'api-stand-in', routeBasePath: 'api' }],
  ],
  staticDirectories: ['static'],
  // The reference's theme goes with the reference: only API pages use its
  // components (without it: 12.2 and 14.8 CPU-s, with it 14.4 and 16.5).
  themes: [],
  future: { ...base.future, experimental_vcs: 'disabled', faster: { swcJsLoader: true, swcJsMinimizer: true, swcHtmlMinimizer: true, lightningCssMinimizer: true, mdxCrossCompilerCache: true, rspackBundler: true, rspackPersistentCache: false, ssgWorkerThreads: false, gitEagerVcs: false } },
  presets: [['classic', {
    docs: { path: 'guides', routeBasePath: 'guides', sidebarPath: false },
    blog: false,
    theme: { customCss: './src/css/custom.css' },
    sitemap: false,
  }]],
};
export default config;
`,
    );
    // @site/* imports in src/ resolve against the fixture: link the real files in.
    for (const entry of ['src', 'static', 'i18n', 'brand.ts'])
      symlinkSync(join(portalDir, entry), join(fixture, entry));
    // The portal's packages, one link each, in a node_modules of the fixture's
    // own: the build finds the presets and themes, and what it caches there
    // (node_modules/.cache) stays in the temporary directory.
    mkdirSync(join(fixture, 'node_modules'));
    for (const entry of readdirSync(join(portalDir, 'node_modules')).filter((name) => name !== '.cache'))
      symlinkSync(join(portalDir, 'node_modules', entry), join(fixture, 'node_modules', entry));
    const docusaurus = join(portalDir, 'scripts', 'docusaurus.mjs');
    const result = spawnSync(process.execPath, [docusaurus, 'build', fixture, '--out-dir', join(fixture, 'build')], {
      cwd: portalDir,
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status, output).not.toBe(0);
    expect(output).toMatch(/broken link/i);
    expect(output).toContain('/no-such-page-for-the-broken-link-test');
    const reported = output.match(/linking to .*/g) ?? [];
    expect(reported.length, output).toBe(1);
  });
});
