/**
 * WRAP of the try-it's request form (`@theme/ApiExplorer/Request`): Send goes
 * only where it can be answered as the reader expects.
 *
 * - Sandbox chosen: only once the in-browser mock runs (src/api/inBrowserMock.ts).
 *   While it starts, or when it cannot (no service worker), Send is off and
 *   says why; a request to the sandbox's URL would otherwise go to the
 *   network, token and all (issue 13: nothing leaks).
 * - Production chosen: only with the reader's own token typed.
 *
 * The button is the theme's: it is disabled here, and a submit that still
 * happens (Enter in a field) is stopped before the theme's handler sees it.
 * The wrap also re-renders the form when the sandbox scenario changes, so the
 * request the theme builds carries the scenario's `Prefer` header.
 */
import { useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import Request, { type Props } from '@theme-original/ApiExplorer/Request';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { mockStatus } from '@site/src/api/inBrowserMock';
import { isSandbox, sandboxScenario, type TryItServer } from '@site/src/api/sandbox';
import { sandboxUnavailable } from '../Server/SandboxControls';
import styles from '../Server/styles.module.css';

export default function RequestWhereItCanBeAnswered(props: Props): ReactNode {
  const server = useTypedSelector((state) => state.server.value) as TryItServer | undefined;
  const auth = useTypedSelector((state) => state.auth);
  const status = useSyncExternalStore(mockStatus.subscribe, mockStatus.get, mockStatus.getServer);
  useSyncExternalStore(sandboxScenario.subscribe, sandboxScenario.get, sandboxScenario.getServer);
  const container = useRef<HTMLDivElement>(null);

  const schemes = auth.selected === undefined ? [] : (auth.options[auth.selected] ?? []);
  const hasToken = schemes.every((scheme) => !!(auth.data[scheme.key] as { token?: string } | undefined)?.token);
  let blocked: string | null = null;
  if (isSandbox(server)) {
    blocked = status === 'ready' ? null : (sandboxUnavailable(status) ?? 'The sandbox is starting…');
  } else if (!hasToken) blocked = 'Enter your API token under Auth to send to production.';

  useLayoutEffect(() => {
    const button = container.current?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) button.disabled = blocked !== null;
  });

  return (
    <div
      ref={container}
      data-send-blocked={blocked !== null || undefined}
      onSubmitCapture={(event) => {
        if (blocked === null) return;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      <Request {...props} />
      {blocked && (
        <p className={styles.blocked} role="status">
          {blocked}
        </p>
      )}
    </div>
  );
}
