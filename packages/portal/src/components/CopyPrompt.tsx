import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './CopyPrompt.module.css';

/** An install command with a copy button; the result is announced to screen readers. */
export default function CopyPrompt({ prompt, label }: { prompt: string; label: string }): ReactNode {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      setState('copied');
    } catch {
      setState('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2000);
  }, [prompt]);
  return (
    <div className={styles.prompt}>
      <code className={styles.command}>
        <span aria-hidden="true" className={styles.dollar}>
          $
        </span>
        {prompt}
      </code>
      <button type="button" className={styles.button} onClick={copy} aria-label={`Copy the ${label} install command`}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="sr-only" role="status" aria-live="polite">
        {state === 'copied' ? 'Copied to clipboard' : state === 'failed' ? 'Copy failed' : ''}
      </span>
    </div>
  );
}
