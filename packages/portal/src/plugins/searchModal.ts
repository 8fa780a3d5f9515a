import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from '@docusaurus/types';

/**
 * The offline search's modal and clean index text. Loaded only with the local
 * search plugin (@easyops-cn/docusaurus-search-local) and listed AFTER it, so
 * its theme's SearchBar (a button and a modal, src/search/theme/SearchBar)
 * shadows the plugin's navbar dropdown; the plugin still builds the index and
 * the /search page. With Algolia on, neither is loaded and DocSearch's own
 * modal is used untouched.
 *
 * Index text: the plugin joins an element's children without a separator
 * unless they are block tags, so a schema field rendered as
 * `<strong>trigger_rate</strong><span>integer</span><span>required</span>`
 * was indexed (and shown in snippets) as "trigger_rateintegerrequired". The
 * plugin has no option for this; its parser reads `getCondensedText` from its
 * module's exports at each call, so that one export is replaced with
 * `condensedText` below.
 */

// The parts of cheerio's node types the text walk reads.
export interface TextNode {
  type: string;
  name?: string;
  data?: string;
}
type Select = (node: TextNode) => { contents: () => { get: () => TextNode[] } };

// As the plugin's list: tags whose text is set apart from its neighbours.
const BLOCK_TAGS = new Set(
  'address article aside blockquote details dialog dd div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main nav ol p pre section table ul td th tr'.split(
    ' ',
  ),
);

/**
 * The text of `nodes` with whitespace runs made one space; block tags, and
 * elements that directly follow another element (no text between them), are
 * set apart by a space.
 */
export function condensedText(nodes: TextNode | TextNode[], $: Select): string {
  const text = (node: TextNode | TextNode[]): string => {
    if (Array.isArray(node)) {
      let out = '';
      let previousWasTag = false;
      for (const child of node) {
        const isTag = child.type === 'tag';
        out += (isTag && previousWasTag ? ' ' : '') + text(child);
        // A comment (React's `<!-- -->`) between two tags does not join them.
        if (child.type !== 'comment') previousWasTag = isTag;
      }
      return out;
    }
    if (node.type === 'text') return node.data ?? '';
    if (node.type !== 'tag') return '';
    if (node.name === 'br') return ' ';
    // Code as written: Prism's token spans follow each other with nothing between them (`client.uptime.create(`).
    if (node.name === 'pre') return ` ${codeText($(node).contents().get(), $)} `;
    if (node.name === 'code') return codeText($(node).contents().get(), $);
    const inner = text($(node).contents().get());
    return node.name && BLOCK_TAGS.has(node.name) ? ` ${inner} ` : inner;
  };
  return text(nodes).trim().replace(/\s+/g, ' ');
}

/** The text of a code block's nodes as they read: tokens joined as they are, a line break a space. */
function codeText(nodes: TextNode[], $: Select): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.data ?? '';
      if (node.type !== 'tag') return '';
      if (node.name === 'br') return ' ';
      // A line of the block (Prism's `token-line` div): set apart from the next one.
      const inner = codeText($(node).contents().get(), $);
      return node.name === 'div' ? `${inner} ` : inner;
    })
    .join('');
}

export default function searchModal(): Plugin {
  const require = createRequire(import.meta.url);
  const condensed = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/getCondensedText.js') as {
    getCondensedText: unknown;
  };
  condensed.getCondensedText = condensedText;
  return {
    name: 'portal-search-modal',
    getThemePath: () => fileURLToPath(new URL('../search/theme', import.meta.url)),
  };
}
