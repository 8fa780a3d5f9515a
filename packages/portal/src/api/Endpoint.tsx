/**
 * An operation page's header line: the method and the full production URL,
 * path parameters as `{test_id}` (as the samples and the guides write them),
 * and, on a narrow screen where the try-it sits below the reference, a link
 * down to it. Written into each page by src/plugins/apiPageData.ts; a
 * guide's try-it (src/components/TryInSandbox.tsx) heads its panel with it.
 */
import type { ReactNode } from 'react';
import { PathParts } from '@site/src/components/PathParts';
import styles from './Endpoint.module.css';

export default function Endpoint({
  method,
  path,
  server,
  tryIt = '#try-it',
}: {
  method: string;
  path: string;
  server: string;
  /** The link down to the try-it; none where the panel follows at once. */
  tryIt?: string | false;
}): ReactNode {
  return (
    <div className={styles.endpoint}>
      <p className={styles.line}>
        <span className={styles.method} data-method={method}>
          {method}
        </span>
        <code className={styles.url}>
          {server}
          <PathParts path={path} />
        </code>
      </p>
      {tryIt && (
        <a className={styles.tryIt} href={tryIt}>
          Try it
        </a>
      )}
    </div>
  );
}
