/**
 * Theme-classic's CodeBlock without its remount after hydration.
 *
 * The original renders its content with `key={String(useIsBrowser())}`, so
 * every code block on the page is thrown away and rebuilt (Prism tokenizes
 * it again, the DOM is recreated) right after hydration: the guide's long
 * task after load. The reason it gives, inline Prism theme styles that
 * hydration would not update in dark mode, no longer holds in 3.10: the
 * colour mode hook returns the server's default mode while hydrating and the
 * real one from an effect (theme-common's colorMode.js), so a dark-mode
 * reader's blocks re-render with the dark theme's styles as an ordinary
 * update, which React applies (`test/layout.test.ts` checks the colours in
 * both modes).
 */
import React, { isValidElement, type ReactNode } from 'react';
import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** The theme's: a plain string when the children are only strings, so it can be copied. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
