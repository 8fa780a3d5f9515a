/**
 * WRAP of the try-it's request form (`@theme/ApiExplorer/Request`): the
 * sandbox starts when the reader first uses the form, and Send goes only
 * where it can be answered as the reader expects.
 *
 * - Sandbox chosen: the in-browser mock (src/api/inBrowserMock.ts) starts on
 *   the first click or focus in the form, or on Send; a Send made while it
 *   starts is held and sent once it runs. Reading the page loads none of it
 *   (the mock is ~150 kB of JavaScript).
 * - When the sandbox cannot run (no service worker), Send is off and says
 *   why; a request to the sandbox's URL would otherwise go to the network,
 *   token and all (issue 13: nothing leaks).
 * - Production chosen: only with the reader's own token typed.
 *
 * The button is the theme's: it is disabled here, and a submit that still
 * happens (Enter in a field) is stopped before the theme's handler sees it;
 * a held Send is stopped the same way, then submitted again. The wrap also
 * re-renders the form when the sandbox scenario changes, so the request the
 * theme builds carries the scenario's `Prefer` header.
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import Request, { type Props } from '@theme-original/ApiExplorer/Request';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { checkSandboxSupport, mockStatus, startInBrowserMock } from '@site/src/api/inBrowserMock';
import { isSandbox, sandboxScenario, serverOrigin, type TryItServer } from '@site/src/api/sandbox';
import { sandboxUnavailable } from '../Server/SandboxControls';
import styles from '../Server/styles.module.css';

export default function RequestWhereItCanBeAnswered(props: Props): ReactNode {
  const server = useTypedSelector((state) => state.server.value) as TryItServer | undefined;
  const auth = useTypedSelector((state) => state.auth);
  const status = useSyncExternalStore(mockStatus.subscribe, mockStatus.get, mockStatus.getServer);
  useSyncExternalStore(sandboxScenario.subscribe, sandboxScenario.get, sandboxScenario.getServer);
  const container = useRef<HTMLDivElement>(null);
  // A Send held while the sandbox starts: a ref for the submit handler (two
  // clicks in one frame), state for the notice.
  const holding = useRef(false);
  const [held, setHeld] = useState(false);

  const sandbox = isSandbox(server);
  const schemes = auth.selected === undefined ? [] : (auth.options[auth.selected] ?? []);
  const hasToken = schemes.every((scheme) => !!(auth.data[scheme.key] as { token?: string } | undefined)?.token);
  let blocked: string | null = null;
  if (sandbox) blocked = sandboxUnavailable(status);
  else if (!hasToken) blocked = 'Enter your API token under Auth to send to production.';

  useEffect(checkSandboxSupport, []);
  useLayoutEffect(() => {
    const button = container.current?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!button) return;
    button.disabled = blocked !== null;
    // Said at the button too: a greyed-out Send says why when pointed at.
    if (blocked === null) button.removeAttribute('title');
    else button.title = blocked;
  });

  /** First use of the form: start the sandbox (once per page), if it is the server chosen. */
  const start = () => (server && sandbox ? startInBrowserMock(serverOrigin(server)) : Promise.resolve());
  /** Choosing a server is not a use of the sandbox: the reader may be on the way to production. */
  const use = (event: { target: EventTarget }) => {
    if (!(event.target instanceof HTMLInputElement && event.target.type === 'radio')) void start();
  };

  return (
    <div
      ref={container}
      data-send-blocked={blocked !== null || undefined}
      onPointerDownCapture={use}
      onFocusCapture={use}
      onSubmitCapture={(event) => {
        if (blocked === null && (!sandbox || mockStatus.get() === 'ready')) return;
        event.preventDefault();
        event.stopPropagation();
        if (blocked !== null || holding.current) return;
        // The sandbox is starting: hold this Send, and submit it again once it runs.
        const form = event.target as HTMLFormElement;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        holding.current = true;
        setHeld(true);
        void start().then(() => {
          holding.current = false;
          setHeld(false);
          if (mockStatus.get() === 'ready' && form.isConnected)
            form.requestSubmit(submitter?.isConnected ? submitter : null);
        });
      }}
    >
      <Request {...props} />
      {(blocked ?? held) && (
        <p className={styles.blocked} role="status">
          {blocked ?? 'Starting the sandbox… your request goes as soon as it runs.'}
        </p>
      )}
    </div>
  );
}
