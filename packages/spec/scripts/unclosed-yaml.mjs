// @ts-check
import { LineCounter, Parser } from 'yaml';

/** A closed quoted scalar's text, by its token's type in the `yaml` package's concrete syntax tree; a flow collection's closer. */
const CLOSED = {
  'double-quoted-scalar': /^"(?:[^"\\]|\\.)*"$/s,
  'single-quoted-scalar': /^'(?:[^']|'')*'$/s,
};
const CLOSERS = { '[': ']', '{': '}' };

/**
 * Where a YAML text opens a flow collection (`[`, `{`) or a quoted string it
 * never closes. Parsers notice such an error where the text stops making
 * sense, a line or more further down (both linters report `maximum: [75` at
 * the next key); the lexer of the `yaml` package keeps the opener's offset.
 * @param {string} text
 * @returns {{ line: number, col: number, opener: string } | undefined} the first in the text (1-based), if any
 */
export function unclosedOpener(text) {
  const lines = new LineCounter();
  /** @type {number | undefined} */
  let offset;
  let opener = '';
  /** @param {unknown} node */
  const visit = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const token =
      /** @type {{ type?: string, offset?: number, source?: string, start?: { source: string }, end?: { source: string }[] }} */ (
        node
      );
    const at = token.offset ?? Number.POSITIVE_INFINITY;
    if (offset === undefined || at < offset) {
      if (token.type === 'flow-collection' && token.start) {
        const closer = CLOSERS[/** @type {'[' | '{'} */ (token.start.source)];
        if (!token.end?.some((end) => end.source === closer)) [offset, opener] = [at, token.start.source];
      } else if (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') {
        if (!CLOSED[token.type].test(token.source ?? '')) [offset, opener] = [at, (token.source ?? '')[0] ?? ''];
      }
    }
    for (const [key, child] of Object.entries(token)) if (key !== 'start' && typeof child === 'object') visit(child);
  };
  visit([...new Parser(lines.addNewLine).parse(text)]);
  if (offset === undefined) return undefined;
  const { line, col } = lines.linePos(offset);
  return { line, col, opener };
}
