/**
 * The reference theme renders every description (and every "Possible values"
 * line it writes itself) with react-markdown + remark-gfm + rehype-raw, in the
 * browser, while the page hydrates. On /api/create-uptime-test that was the
 * single biggest piece of main-thread work (profile in the README): rehype-raw
 * re-parses each snippet with parse5 to allow raw HTML.
 *
 * markdown-to-jsx parses the same CommonMark + GFM subset (inline code, lists,
 * links, emphasis, tables, fenced code, raw HTML) straight to React elements,
 * about 15x faster on our 322 descriptions, with the same HTML out.
 * Fenced code still goes through the site's CodeBlock (Prism, copy button).
 * Not carried over: the theme's `:::note` admonition syntax inside
 * descriptions, which the spec does not use.
 */
import React, { type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import { PathParts } from '@site/src/components/PathParts';
import { Markdown as MarkdownToJsx, RuleType, type MarkdownToJSX } from 'markdown-to-jsx/react';

const renderRule: MarkdownToJSX.Options['renderRule'] = (next, node, _children, state) =>
  node.type === RuleType.codeBlock ? (
    <CodeBlock key={state.key} language={node.lang}>
      {node.text}
    </CodeBlock>
  ) : node.type === RuleType.codeInline ? (
    // A path or a form body wraps after a `/` or an `&` on a phone, not inside a word.
    <code key={state.key}>
      <PathParts path={node.text} at="/&" />
    </code>
  ) : (
    next()
  );

// No wrapper element: the theme places these inside its own <div>s, as
// react-markdown's bare fragments were.
const options: MarkdownToJSX.Options = { wrapper: React.Fragment, forceBlock: true, renderRule };

export default function Markdown({ children }: { children?: ReactNode }): ReactNode {
  if (typeof children !== 'string' || children === '') return null;
  return <MarkdownToJsx options={options}>{children}</MarkdownToJsx>;
}
