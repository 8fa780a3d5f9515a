// One switch for the page: the sandbox (the mock, in this page, no account)
// or production (the real API, the reader's own token, kept in this tab's
// sessionStorage only). Under it, the chosen environment's own controls.
import { type ReactNode, useId, useSyncExternalStore } from 'react';
import { type Environment, environment, PRODUCTION_BASE_URL, productionToken } from '../wire/environment.js';
import type { Shared } from '../wire/store.js';
import { SandboxControls } from './SandboxControls.js';

export function useShared<T>(value: Shared<T>, server: T): T {
  return useSyncExternalStore(value.subscribe, value.get, () => server);
}

const CHOICES: { id: Environment; label: string; about: string }[] = [
  {
    id: 'sandbox',
    label: 'Sandbox',
    about: 'A mock of the API running in this page: no account, nothing leaves your browser.',
  },
  { id: 'production', label: 'Production', about: `The real API at ${PRODUCTION_BASE_URL}, with your own API token.` },
];

export function EnvironmentSwitch({ sandboxName }: { sandboxName: string }): ReactNode {
  const chosen = useShared(environment, 'sandbox');
  const token = useShared(productionToken, '');
  const name = useId();
  const tokenId = useId();
  return (
    <div className="wm-tryit-environment">
      <div role="radiogroup" aria-label="Send to" className="wm-tryit-switch">
        {CHOICES.map((choice) => (
          <label key={choice.id} className="wm-tryit-switch-choice" data-checked={chosen === choice.id || undefined}>
            <input
              type="radio"
              name={name}
              value={choice.id}
              checked={chosen === choice.id}
              onChange={() => environment.set(choice.id)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <p className="wm-tryit-note">{CHOICES.find((c) => c.id === chosen)?.about}</p>
      {chosen === 'production' ? (
        <div className="wm-tryit-field">
          <label className="wm-tryit-field-title" htmlFor={tokenId}>
            <span className="wm-tryit-field-name">API token</span>
          </label>
          <input
            id={tokenId}
            className="wm-tryit-input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="From your dashboard"
            value={token}
            onChange={(event) => productionToken.set(event.target.value.trim())}
          />
          <p className="wm-tryit-note">Kept in this tab only (sessionStorage) and sent to production only.</p>
        </div>
      ) : (
        <SandboxControls sandboxName={sandboxName} />
      )}
    </div>
  );
}
