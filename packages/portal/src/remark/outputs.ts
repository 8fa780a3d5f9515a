// What a guide shows an example print, labelled and readable: the untitled
// `text` block right after a runnable example (`run` in its info string) is
// titled "Output"; an untitled JSON block holding an API answer (`data`,
// `message` or `errors` at its top) is pretty-printed and titled "Response".
// The guide's source keeps the one line the example prints, which
// test/guide-examples.test.ts compares with what it does print; the page and
// its Markdown twin (agentDocs/guideMarkdown.ts) show this.
import type { Code, Root } from 'mdast';

const ANSWER_KEYS = ['data', 'message', 'errors'];

/** The JSON of an API answer, pretty-printed; undefined for anything else. */
export function prettyAnswer(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    if (!Object.keys(value).some((key) => ANSWER_KEYS.includes(key))) return undefined;
    return JSON.stringify(value, null, 2);
  } catch {
    return undefined;
  }
}

const titled = (node: Code) => /\btitle=/.test(node.meta ?? '');
const runnable = (node: Code) => /(^|\s)run(\s|$)/.test(node.meta ?? '');

/** The remark step (docusaurus.config.ts, and the twins' own pipeline). */
export function remarkOutputs() {
  return (tree: Root): void => {
    const visit = (children: Root['children']) => {
      for (const [index, node] of children.entries()) {
        if ('children' in node) visit(node.children as Root['children']);
        if (node.type !== 'code' || titled(node)) continue;
        const before = children[index - 1];
        if (node.lang === 'text' && before?.type === 'code' && runnable(before)) {
          node.meta = `${node.meta ?? ''} title="Output"`.trim();
          continue;
        }
        const pretty = node.lang === 'json' ? prettyAnswer(node.value) : undefined;
        if (pretty !== undefined) {
          node.value = pretty;
          node.meta = `${node.meta ?? ''} title="Response"`.trim();
        }
      }
    };
    visit(tree.children);
  };
}
