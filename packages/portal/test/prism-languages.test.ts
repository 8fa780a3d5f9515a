// The slim Prism (src/plugins/slimPrism.cjs) has a grammar for every language
// the site's code blocks use: the built pages' blocks, the guides' fences
// (blocks rendered only on the client included) and the reference's request
// samples. A missing one would render as plain text, silently.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../docusaurus.config';
import slimPrism from '../src/plugins/slimPrism.cjs';
import { guideBlocks } from './guide-examples/blocks';
import { buildDir, htmlFiles, portalDir } from './helpers';

const require = createRequire(import.meta.url);

interface PrismCore {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): unknown[];
}

/** A fresh Prism core with the slim grammars, evaluated as the loader inlines them. */
function slimPrismCore(): PrismCore {
  const core = require('prismjs/components/prism-core.js') as PrismCore;
  new Function('Prism', slimPrism.grammarsSource())(core);
  return core;
}

// Fences Docusaurus unwraps rather than highlights.
const NOT_CODE = new Set(['mdx-code-block']);

function usedLanguages(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of htmlFiles(buildDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/prism-code language-([\w-]+)/g)) {
      used.set(match[1] as string, file.slice(buildDir.length));
    }
  }
  for (const block of guideBlocks(join(portalDir, 'guides'))) {
    if (block.lang && !NOT_CODE.has(block.lang)) used.set(block.lang, `guides/${block.file}:${block.line}`);
  }
  const tabs = (config.themeConfig as { languageTabs: { highlight: string }[] }).languageTabs;
  for (const tab of tabs) used.set(tab.highlight, 'themeConfig.languageTabs');
  return used;
}

describe('slim Prism', () => {
  const prism = slimPrismCore();
  const used = usedLanguages();

  it('finds the languages the site uses', () => {
    // Guards the scan itself: these are in the guides and the reference.
    for (const lang of ['bash', 'go', 'json', 'ts', 'javascript', 'hcl']) expect(used.has(lang), lang).toBe(true);
  });

  it('has a grammar for each', () => {
    const missing = [...used].filter(([lang]) => !prism.languages[lang]).map(([lang, where]) => `${lang} (${where})`);
    expect(missing, 'add them to SITE_LANGUAGES in src/plugins/slimPrism.cjs').toEqual([]);
  });

  it('tokenizes with them, and has none of the other bundled grammars', () => {
    expect(prism.tokenize('resource "x" "y" { a = 1 }', prism.languages.hcl).length).toBeGreaterThan(1);
    for (const lang of ['cpp', 'coffeescript', 'swift', 'kotlin']) expect(prism.languages[lang], lang).toBeUndefined();
  });

  it("replaces prism-react-renderer's bundled grammars, keeping the rest of the module", () => {
    const dist = readFileSync(require.resolve('prism-react-renderer/dist/index.mjs'), 'utf8');
    expect(dist).toMatch(/languages\.coffeescript =/);
    const slim = slimPrism.slimPrismSource(dist);
    expect(slim).not.toMatch(/languages\.coffeescript =/);
    expect(slim).toContain('Prism.languages.hcl =');
    expect(slim).toContain('Highlight2 as Highlight');
    expect(() => slimPrism.slimPrismSource('export {};')).toThrow(/grammar block/);
  });
});
