/**
 * The code block's highlighted lines (Prism, via prism-react-renderer's
 * `Highlight`), in the `code-highlight` chunk (see codeBlockContent.ts): the
 * theme's own lines, with the colours as CSS variables (tokenVariables.ts).
 */
import type React from 'react';
import { useMemo } from 'react';
import { Highlight, type PrismTheme } from 'prism-react-renderer';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Line from '@theme/CodeBlock/Line';
import type { Props as LineProps } from '@theme/CodeBlock/Line';
import { PLAIN_STYLE } from './plainStyle';
import { styledTypes, tokenStyle } from './tokenVariables';

/** Colours only from variables: the plain ones are the code block container's (theme-common's). */
const VARIABLE_THEME: PrismTheme = {
  plain: PLAIN_STYLE,
  styles: [],
};

export interface CodeLinesProps {
  code: string;
  language: string;
  lineClassNames: Record<number, string[]>;
  showLineNumbers: boolean;
}

export default function CodeLines({
  code,
  language,
  lineClassNames,
  showLineNumbers,
}: CodeLinesProps): React.ReactNode {
  const { prism } = useDocusaurusContext().siteConfig.themeConfig as {
    prism: { theme?: PrismTheme; darkTheme?: PrismTheme };
  };
  const union = useMemo(
    () => styledTypes([prism.theme, prism.darkTheme].filter((t): t is PrismTheme => Boolean(t))),
    [prism.theme, prism.darkTheme],
  );
  return (
    <Highlight theme={VARIABLE_THEME} code={code} language={language}>
      {({ tokens, getLineProps, getTokenProps }) => {
        const getVariableTokenProps: LineProps['getTokenProps'] = (input) => {
          const props = getTokenProps(input);
          return { ...props, style: { ...props.style, ...tokenStyle(input.token.types, union) } };
        };
        return tokens.map((line, i) => (
          <Line
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place, as in the theme
            key={i}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getVariableTokenProps}
            classNames={lineClassNames[i]}
            showLineNumbers={showLineNumbers}
          />
        ));
      }}
    </Highlight>
  );
}
