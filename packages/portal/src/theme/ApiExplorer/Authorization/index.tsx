/**
 * WRAP of the try-it's Auth field (`@theme/ApiExplorer/Authorization`): one
 * token per server.
 *
 * Why: the theme has one token field for every server, empty by default, so
 * nothing could be sent without typing a token, and a token typed for one
 * server would go to any other.
 *
 * What: with the sandbox chosen, its token is shown, filled in (read-only);
 * that is what goes there (src/theme/ApiExplorer/buildPostmanRequest.ts).
 * With production chosen, the theme's own field takes the reader's token
 * (kept in sessionStorage, sent to production only).
 */
import type { ReactNode } from 'react';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { brand } from '@site/brand';
import { isSandbox, SANDBOX_TOKEN, type TryItServer } from '@site/src/api/sandbox';
import styles from '../Server/styles.module.css';

export default function AuthorizationPerServer(): ReactNode {
  const server = useTypedSelector((state) => state.server.value) as TryItServer | undefined;
  if (isSandbox(server)) {
    return (
      <div className={styles.variable}>
        <label className={styles.variable}>
          <span>Bearer token</span>
          <input className="openapi-explorer__form-item-input" value={SANDBOX_TOKEN} readOnly />
        </label>
        <small>Filled in for you: the sandbox takes any token. Production needs your own.</small>
      </div>
    );
  }
  return (
    <>
      <Authorization />
      <small>
        Your API token from the <a href={brand.dashboardUrl}>dashboard</a>. It is sent only to the server chosen above,
        and kept for this tab only.
      </small>
    </>
  );
}
