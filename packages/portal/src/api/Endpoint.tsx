/**
 * An operation page's header line: the method and the full production URL,
 * path parameters as `{test_id}` (as the samples and the guides write them),
 * and, on a narrow screen where the try-it sits below the reference, a link
 * down to it. Written into each page by src/plugins/apiPageData.ts.
 */
import type { ReactNode } from 'react';
import { PathParts } from '@site/src/components/PathParts';
import styles from './Endpoint.module.css';

export default function Endpoint({
  method,
  path,
  server,
}: {
  method: string;
  path: string;
  server: string;
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
      <a className={styles.tryIt} href="#try-it">
        Try it
      </a>
    </div>
  );
}
