/**
 * WRAP of the try-it's code samples (`@theme/ApiExplorer/CodeSnippets`): the
 * cURL, Go and JavaScript samples follow what the reader enters, live.
 *
 * Why: the theme shows the operation's `x-codeSamples` as written at build
 * (production URL, the examples' values) while the reader sends their own
 * values to the sandbox.
 *
 * What: the same sample rules the build uses (src/api/code-samples.mjs), fed
 * the try-it's state (src/api/liveSamples.ts): server, path values, query,
 * body, the sandbox scenario's `Prefer` header; never the token. The theme's
 * component still draws the tabs, copy button and all.
 */
import { useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import CodeSnippets, { type Props } from '@theme-original/ApiExplorer/CodeSnippets';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { liveSamples } from '@site/src/api/liveSamples';
import { preferHeader, sandboxScenario, type TryItServer } from '@site/src/api/sandbox';
import { TryItOperation } from '@site/src/api/tryItOperation';

export default function LiveCodeSnippets(props: Props): ReactNode {
  const item = useContext(TryItOperation);
  const server = useTypedSelector((state) => state.server.value) as TryItServer | undefined;
  const pathParams = useTypedSelector((state) => state.params.path);
  const queryParams = useTypedSelector((state) => state.params.query);
  const body = useTypedSelector((state) => state.body);
  const scenario = useSyncExternalStore(sandboxScenario.subscribe, sandboxScenario.get, sandboxScenario.getServer);
  const codeSamples = useMemo(
    () =>
      item
        ? liveSamples(item, { server, pathParams, queryParams, body, prefer: preferHeader(server, scenario) })
        : props.codeSamples,
    [item, server, pathParams, queryParams, body, scenario, props.codeSamples],
  );
  // Our languages are the theme's (themeConfig.languageTabs: cURL, Go, JavaScript).
  return <CodeSnippets {...props} codeSamples={codeSamples as Props['codeSamples']} />;
}
