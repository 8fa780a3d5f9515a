// How the try-it shows the description's Markdown. The host passes its own
// renderer (the portal's, so links and code look like the rest of the page);
// without one, inline `code` is kept and the rest is plain text.
import { createContext, type ComponentType, type ReactNode, useContext } from 'react';

export type MarkdownComponent = ComponentType<{ children: string }>;

function PlainMarkdown({ children }: { children: string }): ReactNode {
  return (
    <p>
      {children.split(/(`[^`]+`)/).map((part, index) =>
        part.startsWith('`') && part.endsWith('`') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <code key={index}>{part.slice(1, -1)}</code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export const MarkdownContext = createContext<MarkdownComponent>(PlainMarkdown);

export function Markdown({ children }: { children: string }): ReactNode {
  const Render = useContext(MarkdownContext);
  return <Render>{children}</Render>;
}
