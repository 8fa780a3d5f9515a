/**
 * `prism-react-renderer` as every module of the site sees it (an alias,
 * src/plugins/prismOnDemand.ts): the package, with the config's
 * `additionalLanguages` (hcl, ruby, bash) registered on its Prism as the module
 * loads. Theme-classic registers them from a client module, which put Prism in
 * main.js; here they come with the first module that highlights, the
 * `code-highlight` chunk or the reference's code blocks.
 */
import prismIncludeLanguages from '@theme/prism-include-languages';
import { Prism } from 'prism-react-renderer/dist/index.mjs';

prismIncludeLanguages(Prism);

export * from 'prism-react-renderer/dist/index.mjs';
