// The try-it's own code block: the text as it is, wrapped, with a Copy
// button that shows on touch screens too. No highlighter: the panel never
// waits for one, and what a reader copies is exactly what is shown.
import { type ReactNode, useState } from 'react';

export function CodeBlock({ language, children }: { language: string; children: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <div className="wm-tryit-codeblock">
      <pre className="wm-tryit-code" data-language={language}>
        <code>{children}</code>
      </pre>
      <button
        type="button"
        className="wm-tryit-button wm-tryit-button--quiet wm-tryit-copy"
        onClick={() => {
          void navigator.clipboard?.writeText(children).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
        onBlur={() => setCopied(false)}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
