/**
 * Starts loading the code highlighter (src/prism/codeBlockContent.ts) at every
 * in-app navigation, in parallel with the next route's chunks, so that a page's
 * code blocks seldom wait for it (once loaded it is not fetched again). Not at
 * startup: hydration keeps the server's highlighted blocks without it
 * (src/theme/CodeBlock/Content).
 */
import type { ClientModule } from '@docusaurus/types';
import { loadCodeLines } from '@site/src/prism/codeBlockContent';

const clientModule: ClientModule = {
  onRouteUpdate({ previousLocation }) {
    if (previousLocation) void loadCodeLines();
  },
};
export default clientModule;
