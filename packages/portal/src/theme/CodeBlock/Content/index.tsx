/**
 * The code block's body: theme-classic's `<pre><code>`, whose highlighted
 * lines come from a chunk loaded on demand (src/prism/codeBlockContent.ts),
 * and only when the browser must render them itself.
 *
 * Hydration adopts the server's highlighted lines as they are: the `<code>`
 * is hydrated with an empty `dangerouslySetInnerHTML`, which React leaves
 * alone (no child to hydrate, nothing written; React 19's production
 * hydration skips the children of such an element), so a page whose blocks
 * the server rendered neither loads Prism nor tokenizes again. The colours
 * are CSS variables (src/prism/tokenVariables.ts), so the lines are the same
 * in both colour modes. Prism's lines are rendered instead when the block
 * differs from what the server rendered (its code or language changed) or
 * when it mounts after hydration (an in-app navigation: it suspends, with
 * no Suspense boundary of its own, so the previous page stays until the
 * chunk is in, as for the route's own chunks).
 */
import type React from 'react';
import { use, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import clsx from 'clsx';
import type { Props } from '@theme/CodeBlock/Content';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { type CodeBlockMetadata, useCodeBlockContext } from '@docusaurus/theme-common/internal';
// The theme's own class names (src/plugins/prismOnDemand.ts aliases its theme folder).
import styles from '@theme-classic-styles/CodeBlock/Content/styles.module.css';
import { loadCodeLines, loadedCodeLines } from '@site/src/prism/codeBlockContent';
import { PLAIN_STYLE } from '@site/src/prism/plainStyle';

const SERVER_LINES = { __html: '' };

/** What the lines' markup depends on. */
const sameLines = (a: CodeBlockMetadata, b: CodeBlockMetadata) =>
  a.code === b.code &&
  a.language === b.language &&
  a.lineNumbersStart === b.lineNumbersStart &&
  JSON.stringify(a.lineClassNames) === JSON.stringify(b.lineClassNames);

export default function CodeBlockContent({ className }: Props): React.ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const isBrowser = useIsBrowser();
  // The metadata the server rendered, when this block is being hydrated.
  const [server] = useState(() => (ExecutionEnvironment.canUseDOM && !isBrowser ? metadata : undefined));
  const [serverLinesMissing, setServerLinesMissing] = useState(false);
  const [, chunkLoaded] = useReducer((n: number) => n + 1, 0);
  const mounted = useRef(false);
  const codeRef = useRef<HTMLElement>(null);

  const adopt = server !== undefined && !serverLinesMissing && sameLines(server, metadata);
  // A block mounted after hydration waits for the chunk before it commits:
  // through `use` on every render of its mount, loaded or not. Skipped on
  // the render that React replays once the chunk is in (loadedCodeLines()
  // set by then), `use` made that replay differ from the suspended render,
  // and React 19 threw "Update hook called on initial render" (#467) and
  // rendered the whole root again: a reload of a guide with language tabs.
  const waitsForLines = !adopt && !mounted.current && server === undefined;
  const Lines = adopt ? undefined : waitsForLines ? use(loadCodeLines()) : loadedCodeLines();

  // An update that needs the lines: keep what is shown until the chunk is in.
  useEffect(() => {
    if (!adopt && !loadedCodeLines()) void loadCodeLines().then(chunkLoaded);
  }, [adopt]);
  // First rendered in the browser without a server's rendering (the dev server
  // renders rather than hydrates): render the lines.
  useLayoutEffect(() => {
    mounted.current = true;
    if (server && codeRef.current && !codeRef.current.hasChildNodes() && server.code !== '')
      setServerLinesMissing(true);
  }, [server]);

  const { language, lineNumbersStart, lineClassNames, code } = metadata;
  const codeProps = {
    ref: codeRef,
    className: clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering),
    style: { counterReset: lineNumbersStart === undefined ? undefined : `line-count ${lineNumbersStart - 1}` },
  };
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the theme's: a scrollable block must be reachable by keyboard
      tabIndex={0}
      className={clsx(
        className,
        'prism-code',
        `language-${language.toLowerCase()}`,
        styles.codeBlock,
        'thin-scrollbar',
      )}
      style={PLAIN_STYLE}
    >
      {Lines ? (
        <code key="lines" {...codeProps}>
          <Lines
            code={code}
            language={language}
            lineClassNames={lineClassNames}
            showLineNumbers={lineNumbersStart !== undefined}
          />
        </code>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant: keeps the server's lines, writes nothing
        <code key="server" {...codeProps} dangerouslySetInnerHTML={SERVER_LINES} suppressHydrationWarning />
      )}
    </pre>
  );
}
