/**
 * The sandbox's controls, under the server choice when the sandbox is chosen:
 * whether it runs (and why not, when it cannot), the scenario for the next
 * answers (src/api/sandbox.ts), and Reset sandbox (src/api/inBrowserMock.ts).
 * The sandbox starts on the first use of the form (src/theme/ApiExplorer/Request).
 */
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { mockStatus, resetSandbox } from '@site/src/api/inBrowserMock';
import { SCENARIOS, sandboxScenario, type ScenarioId } from '@site/src/api/sandbox';
import styles from './styles.module.css';

const STATUS_TEXT = {
  idle: 'The sandbox starts when you first use this form.',
  starting: 'Starting the sandbox…',
  ready:
    'The sandbox answers in this page: a mock of the API with its own account, no network. Its records last until you reload.',
} as const;

/** Why Send to the sandbox is off, in the reader's terms; null while it can run. */
export function sandboxUnavailable(status: ReturnType<typeof mockStatus.get>): string | null {
  if (status === 'not-loaded')
    return (
      "The sandbox's mock server could not be loaded (the browser's console says why). " +
      'Nothing is sent. Click in the form to try again, or reload the page.'
    );
  if (status !== 'failed' && status !== 'unsupported') return null;
  return (
    'The sandbox cannot run here: it needs a service worker, which this browser does not allow ' +
    '(a private window, a browser policy, a site opened over http:// other than localhost, or an old browser). ' +
    'Nothing is sent. Choose Production to call the real API with your own token.'
  );
}

export default function SandboxControls(): ReactNode {
  const status = useSyncExternalStore(mockStatus.subscribe, mockStatus.get, mockStatus.getServer);
  const scenario = useSyncExternalStore(sandboxScenario.subscribe, sandboxScenario.get, sandboxScenario.getServer);
  const [note, setNote] = useState('');
  const scenarioId = useId();
  const unavailable = sandboxUnavailable(status);
  if (unavailable) {
    return (
      <p className={styles.unavailable} role="alert" data-sandbox="unavailable">
        {unavailable}
      </p>
    );
  }
  return (
    <div className={styles.controls} data-sandbox={status}>
      {/* Every status text in one grid cell, the current one visible: the line
          keeps the height of the longest, so the form below (Send) does not
          move while the reader's first click or focus starts the sandbox. */}
      <p className={styles.status}>
        {Object.entries(STATUS_TEXT).map(([key, text]) => (
          <span key={key} data-current={key === status || undefined} aria-hidden={key !== status || undefined}>
            {text}
          </span>
        ))}
      </p>
      <div className={styles.scenario}>
        <label htmlFor={scenarioId}>Next answers</label>
        <select
          id={scenarioId}
          className="openapi-explorer__form-item-input"
          value={scenario}
          onChange={(event) => sandboxScenario.set(event.target.value as ScenarioId)}
        >
          {SCENARIOS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--sm button--secondary"
        onClick={() => {
          setNote('');
          void resetSandbox().then((done) => {
            if (done) setNote('Sandbox reset: a fresh account with the examples’ records.');
          });
        }}
      >
        Reset sandbox
      </button>
      <span className={styles.note} role="status">
        {note}
      </span>
    </div>
  );
}
