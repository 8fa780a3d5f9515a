// The sandbox's controls: where it stands, the scenario for the next answers,
// Reset (a fresh seeded account, scenario cleared), and Export / Import of
// its records as a JSON file, to keep or share a state.
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { SANDBOX_BASE_URL, SCENARIOS, type ScenarioId, scenario, strictWire } from '../wire/environment.js';
import { type RunningSandbox, sandboxStatus, startSandbox } from '../wire/sandbox.js';
import { useShared } from './Environment.js';

const STATUS: Record<string, string> = {
  idle: 'Starts on your first Send.',
  starting: 'Starting…',
  ready: 'Running in this page.',
  'not-loaded': 'Could not be loaded (see the browser console). Send tries again.',
};

/** A recipe page has no Send: its steps run. */
const IDLE_RECIPE = 'Starts on the first step you run.';

const KEPT = 'Records are kept in this browser, across reloads and tabs.';
const NOT_KEPT = 'This browser keeps no storage here: records last until you reload.';

/** The sandbox clock's steps: monitoring (history, heartbeats, windows, certificates) follows the account's time. */
const CLOCK_STEPS = [
  { label: '+1 hour', seconds: 3600 },
  { label: '+1 day', seconds: 86_400 },
  { label: '+7 days', seconds: 604_800 },
];

/** The largest file Import reads: a sandbox holds at most 256 KiB of records, and JSON adds little. */
const MAX_IMPORT_BYTES = 1024 * 1024;

/** `compact`: the status line and Reset only (a recipe page: its steps choose the answers and move the clock). */
export function SandboxControls({
  sandboxName,
  compact = false,
}: {
  sandboxName: string;
  compact?: boolean;
}): ReactNode {
  const status = useShared(sandboxStatus, 'idle');
  const chosen = useShared(scenario, 'none');
  const strict = useShared(strictWire, false);
  const [note, setNote] = useState('');
  const [kept, setKept] = useState<boolean>();
  const file = useRef<HTMLInputElement>(null);
  const scenarioId = useId();
  const run = async (work: (running: RunningSandbox) => Promise<string>) => {
    setNote('');
    try {
      setNote(await work(await startSandbox(sandboxName)));
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    }
  };
  // Another tab changed the records: say so (the next Send reads them).
  useEffect(() => {
    if (status !== 'ready') return undefined;
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void startSandbox(sandboxName).then((running) => {
      setKept(running.kept);
      if (live) unsubscribe = running.sandbox.subscribe(() => setNote('Changed in another tab.'));
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [status, sandboxName]);

  const exportState = () =>
    run(async ({ sandbox }) => {
      const state = await sandbox.exportState();
      const url = URL.createObjectURL(new Blob([JSON.stringify(state, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'webmon-sandbox.json';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return 'Exported to webmon-sandbox.json.';
    });
  const importState = (event: ChangeEvent<HTMLInputElement>) => {
    const chosenFile = event.target.files?.[0];
    event.target.value = '';
    if (!chosenFile) return;
    void run(async ({ sandbox }) => {
      if (chosenFile.size > MAX_IMPORT_BYTES)
        return `${chosenFile.name} is too large to be a sandbox state. Nothing changed.`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(await chosenFile.text());
      } catch {
        return `${chosenFile.name} is not JSON. Nothing changed.`;
      }
      try {
        await sandbox.importState(parsed);
      } catch (error) {
        return `${error instanceof Error ? error.message : String(error)} Nothing changed.`;
      }
      return `Imported ${chosenFile.name}.`;
    });
  };

  /** Moves the sandbox account's clock (the mock's POST /sandbox/clock, beside the API, not part of it). */
  const advance = (seconds: number) =>
    run(async ({ sandbox }) => {
      const answer = await sandbox.fetch(new URL('/sandbox/clock', SANDBOX_BASE_URL), {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `advance=${seconds}`,
      });
      const body = (await answer.json()) as { message?: string; data?: { now: string } };
      return answer.ok && body.data
        ? `Sandbox time is now ${body.data.now}.`
        : (body.message ?? `HTTP ${answer.status}`);
    });

  const resetButton = (
    <button
      type="button"
      className="wm-tryit-button"
      onClick={() =>
        run(async ({ sandbox }) => {
          await sandbox.reset();
          scenario.set('none');
          return 'Reset: a fresh account with the examples’ records; answers are normal again.';
        })
      }
    >
      Reset sandbox
    </button>
  );
  // What differs from the defaults, named on the folded options' line.
  const changed = [
    ...(chosen === 'none' ? [] : [SCENARIOS.find((s) => s.id === chosen)?.label ?? chosen]),
    ...(strict ? ['strict wire'] : []),
  ];

  return (
    <div className="wm-tryit-sandbox" data-sandbox={status}>
      {/* Every status sentence in one grid cell, the current one shown: the line
          keeps the height of the longest, so Send below does not move while
          the first Send starts the sandbox (a click would land elsewhere). */}
      <p className="wm-tryit-note wm-tryit-status-line">
        {Object.keys(STATUS).flatMap((key) =>
          [true, false].map((keeps) => (
            <span
              key={`${key}-${keeps}`}
              data-current={(key === status && keeps === (kept !== false)) || undefined}
              aria-hidden={!(key === status && keeps === (kept !== false)) || undefined}
            >
              <span className="wm-tryit-field-name">Sandbox</span>{' '}
              {key === 'idle' && compact ? IDLE_RECIPE : STATUS[key]} {keeps ? KEPT : NOT_KEPT}
            </span>
          )),
        )}
      </p>
      {compact ? (
        <div className="wm-tryit-sandbox-row">{resetButton}</div>
      ) : (
        // Folded, so the form starts near the top of the panel; what is not the
        // default (a scenario, strict wire) stays on the fold's line.
        <details className="wm-tryit-sandbox-options">
          <summary>
            Sandbox options
            {changed.length > 0 && <span className="wm-tryit-sandbox-changed">: {changed.join(', ')}</span>}
          </summary>
          <div className="wm-tryit-sandbox-row">
            <label htmlFor={scenarioId}>Next answers</label>
            <select
              id={scenarioId}
              className="wm-tryit-input"
              value={chosen}
              onChange={(event) => scenario.set(event.target.value as ScenarioId)}
            >
              {SCENARIOS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <label className="wm-tryit-sandbox-row wm-tryit-check">
            <input type="checkbox" checked={strict} onChange={(event) => strictWire.set(event.target.checked)} />
            <span>Strict wire: refuse what the guide does not document, as the mock's --strict-wire</span>
          </label>
          <fieldset className="wm-tryit-sandbox-row wm-tryit-clock">
            <legend>Sandbox clock</legend>
            {CLOCK_STEPS.map((step) => (
              <button
                key={step.seconds}
                type="button"
                className="wm-tryit-button"
                onClick={() => advance(step.seconds)}
              >
                {step.label}
              </button>
            ))}
          </fieldset>
          <div className="wm-tryit-sandbox-row">
            {resetButton}
            <button type="button" className="wm-tryit-button" onClick={exportState}>
              Export
            </button>
            <button type="button" className="wm-tryit-button" onClick={() => file.current?.click()}>
              Import…
            </button>
            <input ref={file} type="file" accept="application/json,.json" hidden onChange={importState} />
          </div>
        </details>
      )}
      <p className="wm-tryit-note" role="status">
        {note}
      </p>
    </div>
  );
}
