import { Fragment, type ReactNode } from 'react';

/**
 * Code with a line-break opportunity after each `/` (and each character of
 * `at`): on a phone an API path wraps between segments (`/pagespeed/`
 * `{test_id}`), a query string between pairs, never inside a word.
 */
export function PathParts({ path, at = '/' }: { path: string; at?: string }): ReactNode {
  const parts = path.split(new RegExp(`(?<=[${at.replace(/[\\\]^-]/g, '\\$&')}])`));
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
