// A recipe run in the reader's sandbox: the workflow's inputs, then each step
// with its request, what it checks and what it passes on; "Run step" sends
// the next step, "Run all" the rest in order, stopping at a criterion that
// does not hold. Each step shows its answer and each criterion whether it
// held. Values come from the inputs and earlier outputs (@webmon/arazzo).
import { type Context, criterionText } from '@webmon/arazzo';
import { Fragment, type ReactNode, useId, useRef, useState } from 'react';
import { prettyJson } from '../model/pretty-json.js';
import { statusText } from '../model/status-text.js';
import type { RecipeCode } from '../recipes/code.js';
import type { Recipe as RecipePlan, RecipeStep } from '../recipes/plan.js';
import { type RunTarget, runStep, sandboxNow, type StepResult } from '../recipes/run.js';
import { timedInputs } from '../recipes/timed-inputs.js';
import { partsText, wireOf } from '../recipes/wire.js';
import { SANDBOX_BASE_URL } from '../wire/environment.js';
import { startSandbox } from '../wire/sandbox.js';
import { CodeBlock as OwnCodeBlock } from './CodeBlock.js';
import { SandboxControls } from './SandboxControls.js';
import { Samples } from './Samples.js';
import { Markdown, type MarkdownComponent, MarkdownContext } from './Text.js';

export interface RecipeProps {
  recipe: RecipePlan;
  /** The recipe as code (recipeCode, written at build time). */
  code?: RecipeCode[];
  /** Names the sandbox's storage: the try-it's, so both see the same account. Default `webmon-sandbox`. */
  sandboxName?: string;
  Markdown?: MarkdownComponent;
  CodeBlock?: (props: { language: string; children: string }) => ReactNode;
}

const SANDBOX_ORIGIN = new URL(SANDBOX_BASE_URL).origin;

function StepRequest({ step }: { step: RecipeStep }): ReactNode {
  const wire = wireOf(step);
  return (
    <div className="wm-recipe-request">
      <p>
        <code>
          {wire.method} {partsText(wire.url)}
        </code>
      </p>
      {wire.form && (
        <table className="wm-recipe-table">
          <caption className="wm-tryit-sr-only">Form body</caption>
          <tbody>
            {wire.form.map(([name, value], index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a form may repeat a name (`alert_at[]`)
              <tr key={index}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <code>{wrappable(partsText(value))}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * A value with a line-break opportunity after each `.`, `/` and `&`: on a
 * phone `{$steps.create-contact-group.outputs.group_id}` or a URL wraps
 * between its parts, never inside a name.
 */
const wrappable = (text: string): ReactNode =>
  text.split(/(?<=[./&])/).map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function Answer({ result, CodeBlock }: { result: StepResult; CodeBlock: RecipeProps['CodeBlock'] & {} }): ReactNode {
  const { exchange } = result;
  if (exchange.failure)
    return (
      <p className="wm-tryit-failure" role="alert">
        {exchange.failure}
      </p>
    );
  const status = exchange.status ?? 0;
  return (
    <details className="wm-recipe-answer">
      <summary className="wm-recipe-answer-summary">
        <span className="wm-tryit-status" data-ok={status < 400 || undefined}>
          <strong>
            {status} {statusText(status)}
          </strong>
        </span>{' '}
        <code className="wm-recipe-sent">
          {exchange.request.method} {exchange.request.url.replace(SANDBOX_ORIGIN, '')}
        </code>
      </summary>
      {exchange.request.body && <CodeBlock language="text">{exchange.request.body}</CodeBlock>}
      <CodeBlock language="json">{prettyJson(exchange.text)}</CodeBlock>
    </details>
  );
}

export function Recipe({
  recipe,
  code = [],
  sandboxName = 'webmon-sandbox',
  Markdown: Render,
  CodeBlock = OwnCodeBlock,
}: RecipeProps): ReactNode {
  const settable = recipe.inputs.filter((input) => input.format !== 'password');
  const [inputs, setInputs] = useState<Record<string, string>>(() =>
    Object.fromEntries(settable.map((input) => [input.name, input.default === undefined ? '' : String(input.default)])),
  );
  const [results, setResults] = useState<StepResult[]>([]);
  const [running, setRunning] = useState<number>();
  const [problem, setProblem] = useState('');
  /** Runs started on this page: a new run's answers are told from the last's. */
  const [runs, setRuns] = useState(0);
  const outputs = useRef<Context['steps']>({});
  /** The inputs the last run filled from the sandbox's clock: computed again on the next run unless the reader changed them. */
  const filled = useRef<Record<string, string>>({});
  const runInputs = useRef<Record<string, unknown>>(undefined);
  const id = useId();

  /** The inputs as the workflow types them, the ones that depend on the sandbox's time filled from its clock. */
  const typedInputs = async (target: RunTarget): Promise<Record<string, unknown>> => {
    const typed: Record<string, unknown> = {};
    for (const input of settable) {
      const text = inputs[input.name] ?? '';
      if (text === '' || filled.current[input.name] === text) continue;
      typed[input.name] = input.type === 'integer' || input.type === 'number' ? Number(text) : text;
    }
    const timed = timedInputs(recipe.inputs, typed, await sandboxNow(target));
    filled.current = Object.fromEntries(Object.entries(timed).map(([name, value]) => [name, String(value)]));
    setInputs((old) => ({ ...old, ...filled.current }));
    return { ...typed, ...timed };
  };

  /** Runs steps from `first` on, `all` of them or one, stopping at a step whose criteria do not all hold. */
  const run = async (first: number, all: boolean) => {
    if (running !== undefined) return;
    setProblem('');
    try {
      const { sandbox } = await startSandbox(sandboxName);
      const target: RunTarget = { origin: SANDBOX_ORIGIN, token: sandbox.token, fetch: sandbox.fetch };
      // The inputs are read when the run starts, and kept for its later steps.
      if (first === 0 || !runInputs.current) {
        outputs.current = {};
        runInputs.current = await typedInputs(target);
      }
      const context: Context = { inputs: runInputs.current, steps: outputs.current };
      let done = results.slice(0, first);
      setResults(done);
      setRuns((n) => n + 1);
      for (let index = first; index < recipe.steps.length; index++) {
        const step = recipe.steps[index]!;
        setRunning(index);
        const result = await runStep(step, context, target);
        context.steps = { ...context.steps, [step.stepId]: result.outputs };
        outputs.current = context.steps;
        done = [...done, result];
        setResults(done);
        if (!all || !result.passed) break;
      }
    } catch (error) {
      setProblem(`The sandbox could not run this: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning(undefined);
    }
  };

  // The next step to run: after the last that passed (a failed one can be run again).
  const next = results.length && !results.at(-1)!.passed ? results.length - 1 : results.length;
  const finished = results.length === recipe.steps.length && results.every((r) => r.passed);
  const passed = results.filter((r) => r.passed).length;

  const content = (
    <section
      className="wm-tryit wm-recipe"
      aria-label="Run this recipe"
      data-recipe={recipe.workflowId}
      data-recipe-runs={runs}
    >
      <h2 className="wm-tryit-title">Run it in your sandbox</h2>
      <p className="wm-tryit-note">
        The steps run in this page against your sandbox (the mock API, with its own clock): nothing leaves the browser.
      </p>
      <SandboxControls sandboxName={sandboxName} compact />
      {settable.length > 0 && (
        <fieldset className="wm-recipe-inputs">
          <legend>Inputs</legend>
          {settable.map((input) => (
            <div key={input.name} className="wm-tryit-field">
              <label htmlFor={`${id}-${input.name}`}>
                <code className="wm-tryit-field-name">{input.name}</code>
              </label>
              <input
                id={`${id}-${input.name}`}
                className="wm-tryit-input"
                value={inputs[input.name] ?? ''}
                placeholder={input.default === undefined ? 'from the sandbox clock when the recipe runs' : undefined}
                inputMode={input.type === 'integer' ? 'numeric' : undefined}
                onChange={(event) => setInputs((old) => ({ ...old, [input.name]: event.target.value }))}
              />
              {input.description && <Markdown>{input.description}</Markdown>}
            </div>
          ))}
        </fieldset>
      )}
      <div className="wm-recipe-bar">
        <button
          type="button"
          className="wm-tryit-button wm-tryit-button--send"
          disabled={running !== undefined}
          onClick={() => void run(finished ? 0 : next, true)}
        >
          {running !== undefined ? 'Running…' : next === 0 || finished ? 'Run all' : 'Run the rest'}
        </button>
        <button
          type="button"
          className="wm-tryit-button"
          disabled={running !== undefined || results.length === 0}
          onClick={() => {
            outputs.current = {};
            runInputs.current = undefined;
            setResults([]);
          }}
        >
          Start over
        </button>
        <span className="wm-tryit-note" aria-live="polite" data-recipe-progress={`${passed}/${recipe.steps.length}`}>
          {finished
            ? `All ${recipe.steps.length} steps ran; every check held.`
            : `${passed} of ${recipe.steps.length} steps passed.`}
        </span>
      </div>
      {problem && (
        <p className="wm-tryit-failure" role="alert">
          {problem}
        </p>
      )}
      <ol className="wm-recipe-steps">
        {recipe.steps.map((step, index) => {
          const result = results[index];
          const state = running === index ? 'running' : result ? (result.passed ? 'passed' : 'failed') : 'waiting';
          return (
            <li key={step.stepId} className="wm-recipe-step" data-step={step.stepId} data-state={state}>
              <div className="wm-recipe-step-head">
                <h3 id={step.stepId}>
                  <code>{step.stepId}</code>
                </h3>
                <button
                  type="button"
                  className="wm-tryit-button wm-tryit-button--quiet"
                  disabled={running !== undefined || index !== next}
                  title={index > next ? `Runs after step ${next + 1}` : undefined}
                  onClick={() => void run(index, false)}
                >
                  {/* A step that ran says so: "Run step" greyed out read as broken. */}
                  {running === index ? 'Running…' : index < next ? 'Ran' : 'Run step'}
                </button>
              </div>
              <Markdown>{step.description}</Markdown>
              <StepRequest step={step} />
              <p className="wm-recipe-label">Checks</p>
              <ul className="wm-recipe-checks">
                {step.successCriteria.map((criterion, i) => {
                  const held = result?.criteria[i]?.holds;
                  return (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: a step's fixed list of criteria
                      key={i}
                      data-holds={held === undefined ? undefined : String(held)}
                    >
                      <span className="wm-recipe-mark" aria-hidden="true">
                        {held === undefined ? '○' : held ? '✓' : '✗'}
                      </span>
                      <code>{criterionText(criterion)}</code>
                      {held !== undefined && <span className="wm-tryit-sr-only">{held ? ' held' : ' failed'}</span>}
                    </li>
                  );
                })}
              </ul>
              {Object.keys(step.outputs).length > 0 && (
                <>
                  <p className="wm-recipe-label">Passes on</p>
                  <ul className="wm-recipe-outputs">
                    {Object.entries(step.outputs).map(([name, expression]) => (
                      <li key={name}>
                        <code>{name}</code> = <code>{wrappable(expression)}</code>
                        {result && name in result.outputs && (
                          <>
                            {' → '}
                            <code data-output={name}>{valueText(result.outputs[name])}</code>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {result && <Answer result={result} CodeBlock={CodeBlock} />}
            </li>
          );
        })}
      </ol>
      {code.length > 0 && (
        <>
          <h2 className="wm-tryit-title">The whole recipe as code</h2>
          <p className="wm-tryit-note">
            Each program runs the steps against the mock server (<code>npx @webmon/mock-server</code>) and checks the
            same criteria; each is run against the mock before these pages are published.
          </p>
          <Samples samples={code} CodeBlock={CodeBlock} label="The recipe as code" />
        </>
      )}
    </section>
  );
  return Render ? <MarkdownContext.Provider value={Render}>{content}</MarkdownContext.Provider> : content;
}
