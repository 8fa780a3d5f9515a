/**
 * The code block's highlighted lines (prism-react-renderer's Prism and the
 * site's grammars) as a chunk of its own, `code-highlight`, instead of main.js.
 * Building Prism's grammars was ~40 % of main.js's evaluation time; and a page
 * whose blocks the server rendered does not load it at all (see
 * src/theme/CodeBlock/Content).
 *
 * `loadCodeLines()` starts (once) and returns the load; `loadedCodeLines()`
 * is the component once it is in, so a render after that is synchronous.
 */
import type { ComponentType } from 'react';
import type { CodeLinesProps } from './highlightedContent';

type CodeLines = ComponentType<CodeLinesProps>;

let loaded: CodeLines | undefined;
let loading: Promise<CodeLines> | undefined;

export function loadCodeLines(): Promise<CodeLines> {
  loading ??= import(/* webpackChunkName: "code-highlight" */ './highlightedContent').then((module) => {
    loaded = module.default;
    // Marked as React marks a promise it has seen settle: `use` of it reads
    // the value at once, even when it was loaded for an effect, not by `use`.
    Object.assign(loading!, { status: 'fulfilled', value: module.default });
    return module.default;
  });
  return loading;
}

export function loadedCodeLines(): CodeLines | undefined {
  return loaded;
}
