/**
 * OVERRIDE of the try-it's server choice (`@theme/ApiExplorer/Server`, a
 * 100-line component; nothing of it is kept).
 *
 * Why: the theme shows the first server's URL and hides the choice behind an
 * "Edit" that appears only on hover, with the server's description as raw
 * Markdown. Here the choice is the point: the sandbox (the mock in the
 * reader's browser, src/api/sandbox.ts) is the default, production one
 * visible radio button away.
 *
 * What: a radio group of the servers (sandbox first, as
 * scripts/prepare-api.mjs orders them), the production host variable when
 * production is chosen, and the sandbox's controls when the sandbox is.
 * The choice goes to the theme's store (`setServer`) as before, so the
 * request, the persisted choice and the samples follow it.
 */
import { useEffect, useId, type ReactNode } from 'react';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { setServer, setServerVariable } from '@theme/ApiExplorer/Server/slice';
import { isSandbox, serverUrl, type TryItServer } from '@site/src/api/sandbox';
import SandboxControls from './SandboxControls';
import styles from './styles.module.css';

/** A server's name for the reader: the sandbox's own, else its description's first sentence, plain text. */
function serverName(server: TryItServer): string {
  if (isSandbox(server)) return 'Sandbox, runs in your browser';
  const first = server.description?.split(/\.\s/)[0]?.replace(/[`*_]/g, '').replace(/\.$/, '');
  return first || serverUrl(server);
}

export default function Server({ labelId }: { labelId?: string }): ReactNode {
  const value = useTypedSelector((state) => state.server.value) as TryItServer | undefined;
  const options = useTypedSelector((state) => state.server.options) as TryItServer[];
  const dispatch = useTypedDispatch();
  const name = useId();
  const chosen = options.find((option) => option.url === value?.url);

  // No choice yet, or one this page does not offer: the first server, the sandbox.
  useEffect(() => {
    if (options.length && !chosen) dispatch(setServer(JSON.stringify(options[0])));
  }, [options, chosen, dispatch]);

  if (!options.length) return null;
  const current = value && chosen ? value : options[0]!;
  return (
    <div className={styles.servers}>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.choices}>
        {options.map((option) => (
          <label key={option.url} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.url}
              checked={option.url === current.url}
              onChange={() => dispatch(setServer(JSON.stringify(option)))}
            />
            <span>
              <strong>{serverName(option)}</strong>
              <code className={styles.url}>{serverUrl(option.url === current.url ? current : option)}</code>
              <small>
                {isSandbox(option)
                  ? 'No account needed: fake data, filled in with the examples of this reference, kept until you reload.'
                  : 'The real API: needs your own API token, and changes your account.'}
              </small>
            </span>
          </label>
        ))}
      </div>
      {!isSandbox(current) &&
        Object.entries(current.variables ?? {}).map(([key, variable]) => (
          <label key={key} className={styles.variable}>
            <span>{variable.description ?? key}</span>
            <input
              className="openapi-explorer__form-item-input"
              value={variable.default}
              onChange={(event) => dispatch(setServerVariable(JSON.stringify({ key, value: event.target.value })))}
            />
          </label>
        ))}
      {isSandbox(current) && <SandboxControls />}
    </div>
  );
}
