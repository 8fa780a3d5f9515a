// "Copy page": copies the page's Markdown twin (its path plus `.md`, written
// at build by src/plugins/agentDocs.ts) for pasting into an AI assistant.
// Kept small: it ships with every guide (budget 2 kB of JS).
import { type ReactNode, useState } from 'react';
import styles from './CopyPage.module.css';

async function copyFrom(href: string): Promise<void> {
  const text = fetch(href).then((response) => {
    if (!response.ok) throw new Error(`${href}: ${response.status}`);
    return response.text();
  });
  // Safari keeps the click's permission only for a write started in the click
  // itself: hand it the fetch as a promise. Elsewhere, write the text.
  if (typeof ClipboardItem === 'function' && navigator.clipboard.write) {
    const blob = text.then((markdown) => new Blob([markdown], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
  } else await navigator.clipboard.writeText(await text);
}

/** `block`: on a line of its own (operation pages), not floated beside the title. */
export default function CopyPage({ href, block = false }: { href: string; block?: boolean }): ReactNode {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <div className={block ? styles.block : styles.copyPage}>
      <button
        type="button"
        className="button button--secondary button--sm"
        title="Copy this page as Markdown, e.g. for an AI assistant"
        onClick={() =>
          copyFrom(href).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {state === 'copied' ? 'Copied' : 'Copy page'}
      </button>
      <span className="sr-only" role="status">
        {state === 'copied' ? 'Page copied as Markdown' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </div>
  );
}
