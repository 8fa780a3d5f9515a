/**
 * Starts loading the code highlighter (src/prism/codeBlockContent.ts) as soon
 * as it is known to be needed, so that hydration and navigations seldom wait
 * for it: at startup when the server-rendered page shows code, and at every
 * in-app navigation (in parallel with the next route's chunks; once loaded it
 * is not fetched again).
 */
import type { ClientModule } from '@docusaurus/types';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { loadCodeBlockContent } from '@site/src/prism/codeBlockContent';

if (ExecutionEnvironment.canUseDOM && document.querySelector('pre.prism-code')) void loadCodeBlockContent();

const clientModule: ClientModule = {
  onRouteUpdate({ previousLocation }) {
    if (previousLocation) void loadCodeBlockContent();
  },
};
export default clientModule;
