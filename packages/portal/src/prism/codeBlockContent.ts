/**
 * The highlighted code block body (theme-classic's `CodeBlock/Content`:
 * prism-react-renderer's Prism with its ~30 grammars, plus our extra
 * languages) as a chunk of its own, loaded by the pages that show code
 * instead of with main.js on every page. Building Prism's grammars was ~40 %
 * of main.js's evaluation time.
 *
 * `loadCodeBlockContent()` starts (once) and returns the load;
 * `loadedCodeBlockContent()` is the component once it is in, so a render after
 * that is synchronous.
 */
import type { ComponentType } from 'react';
import type { Props } from '@theme/CodeBlock/Content';

type Content = ComponentType<Props>;

let loaded: Content | undefined;
let loading: Promise<Content> | undefined;

export function loadCodeBlockContent(): Promise<Content> {
  loading ??= import(/* webpackChunkName: "code-highlight" */ './highlightedContent').then((module) => {
    const content: Content = module.default;
    loaded = content;
    return content;
  });
  return loading;
}

export function loadedCodeBlockContent(): Content | undefined {
  return loaded;
}
