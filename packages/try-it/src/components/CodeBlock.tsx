// The try-it's own code block: the text as it is, wrapped, with a Copy
// button that shows on touch screens too. No highlighter: the panel never
// waits for one, and what a reader copies is exactly what is shown.
import { type CSSProperties, type ReactNode, useState } from 'react';

/**
 * Each line a block whose wrapped rest hangs under its own indent (plus
 * two): a long JSON line on a phone stays under its key instead of starting
 * at the left edge. The indent's spaces stay in the text (copying and
 * selecting give it as it is), drawn at no width: the padding draws them.
 */
function Lines({ text }: { text: string }): ReactNode {
  const lines = text.split('\n');
  return lines.map((line, index) => {
    const indent = line.length - line.trimStart().length;
    const style = { '--wm-indent': `${indent}ch` } as CSSProperties;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: lines are identified by their place
      <span key={index} className="wm-tryit-line" style={style}>
        {indent > 0 && <span className="wm-tryit-indent">{line.slice(0, indent)}</span>}
        {line.slice(indent)}
        {index < lines.length - 1 ? '\n' : ''}
      </span>
    );
  });
}

export function CodeBlock({ language, children }: { language: string; children: string }): ReactNode {
  const [copied, setCopied] = useState(false);
  return (
    <div className="wm-tryit-codeblock">
      <pre className="wm-tryit-code" data-language={language}>
        <code>
          <Lines text={children} />
        </code>
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
