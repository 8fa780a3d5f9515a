/**
 * The code block's highlighted body, from a chunk loaded on demand
 * (src/prism/codeBlockContent.ts) rather than with main.js.
 *
 * No flash, no layout shift: until the chunk is in, this component suspends
 * (React `use`) with no Suspense boundary of its own, and a suspended
 * render is not committed. While the page hydrates, React keeps the
 * server-rendered (highlighted) HTML and hydrates once the chunk is in; an
 * in-app navigation keeps the previous page on screen until then, as it does
 * while the route's own chunks load. `src/clientModules/codeHighlight.ts`
 * starts the load early (page with code, every navigation), so this usually
 * finds it loaded and renders at once.
 */
import type React from 'react';
import { use } from 'react';
import type { Props } from '@theme/CodeBlock/Content';
import { loadCodeBlockContent, loadedCodeBlockContent } from '@site/src/prism/codeBlockContent';

export default function CodeBlockContent(props: Props): React.ReactNode {
  const Content = loadedCodeBlockContent() ?? use(loadCodeBlockContent());
  return <Content {...props} />;
}
