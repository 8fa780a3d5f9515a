// @ts-check
/**
 * A slim Prism for prism-react-renderer (issue 16). Its dist file builds all
 * ~30 grammars it bundles as it loads (~25 ms of a guide's main thread at
 * full CPU speed); the site's code blocks use a dozen. This Rspack loader
 * (applied to prism-react-renderer/dist/index.{mjs,js} by prismOnDemand.ts)
 * replaces that bundled grammar block with Prism's own components for
 * SITE_LANGUAGES, inlined and bound to the same Prism instance, as
 * prism-react-renderer's build does for its list. No global `Prism`, no
 * other change to the module. CommonJS so Node loads it as a loader and the
 * tests import it as it is.
 *
 * test/prism-languages.test.ts fails when a language the built site's code
 * blocks (or the reference's request samples) use is not registered here.
 */
const { readFileSync } = require('node:fs');

/**
 * Prism component names, dependencies first (clike before javascript before
 * typescript; markup and javascript before jsx, jsx and typescript before tsx). Aliases come with them: js, ts, shell/sh, html/xml/svg, py, rb.
 * markup: the try-it shows XML/HTML answers as `xml`.
 */
const SITE_LANGUAGES = [
  'markup',
  'clike',
  'javascript',
  'typescript',
  'jsx',
  'tsx',
  'json',
  'bash',
  'go',
  'hcl',
  'http',
  'python',
  'ruby',
];

// The dist's grammar block: from this line to the themes' module (checked, so
// an upgrade that moves them fails the build instead of shipping all grammars).
const START = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\n';
const END = '\n// src/themes/index.ts\n';

/** Prism's component sources for `languages`, each bound to the variable `Prism`. */
function grammarsSource(languages = SITE_LANGUAGES) {
  return languages
    .map((lang) => {
      const file = require.resolve(`prismjs/components/prism-${lang}.js`);
      return `// prismjs/components/prism-${lang}.js\n(function (Prism) {\n${readFileSync(file, 'utf8')}\n})(Prism);\n`;
    })
    .join('');
}

/** prism-react-renderer's dist source with its grammar block replaced by SITE_LANGUAGES'. */
function slimPrismSource(/** @type {string} */ source) {
  const start = source.indexOf(START);
  const end = source.indexOf(END, start);
  if (start < 0 || end < 0) {
    throw new Error(
      'slimPrism: prism-react-renderer/dist no longer has its grammar block where expected; update src/plugins/slimPrism.cjs',
    );
  }
  return `${source.slice(0, start + START.length)}${grammarsSource()}${source.slice(end)}`;
}

/** @this {{ addDependency(file: string): void }} */
function loader(/** @type {string} */ source) {
  for (const lang of SITE_LANGUAGES) this.addDependency(require.resolve(`prismjs/components/prism-${lang}.js`));
  return slimPrismSource(source);
}

module.exports = Object.assign(loader, { SITE_LANGUAGES, grammarsSource, slimPrismSource });
