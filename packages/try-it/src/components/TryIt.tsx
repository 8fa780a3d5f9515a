// The try-it of one operation: the environment switch, the form (required
// fields first, optional ones folded under their count), Send kept in view,
// the answer, and the call as code. Requests go through @webmon/ts-client;
// the sandbox is @webmon/mock-server's pipeline in this page.
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { fieldErrorsOf } from '../model/field-errors.js';
import { type Field as FieldModel, type FormModel, formModel, type OperationInput } from '../model/operation.js';
import { callOf, type FormValues, initialValues, isUpdate, missing, takesEmpty } from '../model/values.js';
import { formSamples } from '../samples/form.js';
import {
  environment,
  PRODUCTION_BASE_URL,
  preferOf,
  productionToken,
  SANDBOX_BASE_URL,
  scenario,
  strictWire,
} from '../wire/environment.js';
import { startSandbox } from '../wire/sandbox.js';
import { type Exchange, send, type Target } from '../wire/send.js';
import { CodeBlock as OwnCodeBlock } from './CodeBlock.js';
import { EnvironmentSwitch, useShared } from './Environment.js';
import { Field } from './Field.js';
import { ResponsePanel } from './ResponsePanel.js';
import { type LanguageChoice, Samples } from './Samples.js';
import { type MarkdownComponent, MarkdownContext } from './Text.js';

export interface TryItProps {
  operation: OperationInput;
  /** Names the sandbox's storage: one per site. Default `webmon-sandbox`. */
  sandboxName?: string;
  /** The host's Markdown renderer for descriptions. */
  Markdown?: MarkdownComponent;
  /** The host's code block, if it has one that renders at once (no suspending); default: the try-it's own. */
  CodeBlock?: (props: { language: string; children: string }) => ReactNode;
  /** Where the samples' language is kept (the host's own language choice); default: not kept. */
  language?: LanguageChoice;
  /** The panel's "Try it" heading level: 2 beside a page's sections (default), 3 inside one (a guide's step). */
  headingLevel?: 2 | 3;
  /**
   * Values the host sets, by field key (`path.test_id`): each set again
   * whenever it changes (a guide's step filled from an earlier step's
   * answer); the reader can still edit it.
   */
  fill?: Readonly<Record<string, string>>;
  /** Told of every answer (or failure), once the panel shows it. */
  onAnswer?: (exchange: Exchange) => void;
}

/**
 * What the reader entered, by operation, for this page's life: the form is
 * the same after an in-app trip to another page and back, and after a remount
 * (under `pnpm dev`, a saved title renders the site anew).
 */
const entered = new Map<string, { values: FormValues; sentEmpty: ReadonlySet<string> }>();

/** `kept` for the fields `model` still has, its first values for the others. */
function valuesFor(model: FormModel, kept: FormValues | undefined): FormValues {
  const fresh = initialValues(model);
  if (!kept) return fresh;
  return Object.fromEntries(Object.keys(fresh).map((key) => [key, key in kept ? kept[key] : fresh[key]]));
}

export function TryIt({
  operation,
  sandboxName = 'webmon-sandbox',
  Markdown,
  CodeBlock = OwnCodeBlock,
  language,
  headingLevel = 2,
  fill,
  onAnswer,
}: TryItProps): ReactNode {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const model = useMemo(() => formModel(operation), [operation]);
  const id = operation.operationId;
  const [values, setValues] = useState<FormValues>(() => valuesFor(model, entered.get(id)?.values));
  const [sentEmpty, setSentEmpty] = useState<ReadonlySet<string>>(() => entered.get(id)?.sentEmpty ?? new Set());
  entered.set(id, { values, sentEmpty });
  const [exchange, setExchange] = useState<Exchange>();
  const [answers, setAnswers] = useState(0);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const env = useShared(environment, 'sandbox');
  const token = useShared(productionToken, '');
  const chosenScenario = useShared(scenario, 'none');

  // Under `pnpm dev` an edit of the operation brings a new model: keep what was entered for the fields it still has.
  const [shownModel, setShownModel] = useState(model);
  if (shownModel !== model) {
    setShownModel(model);
    setValues(valuesFor(model, values));
  }
  // The host's values, set when they change (not on every render: the reader may have edited them since).
  const fillKey = fill ? JSON.stringify(fill) : undefined;
  const [filled, setFilled] = useState<string>();
  if (fill && fillKey !== filled) {
    setFilled(fillKey);
    setValues((old) => ({ ...old, ...fill }));
  }

  const call = callOf(model, values, sentEmpty);
  const errors = fieldErrorsOf(exchange?.status, exchange?.text);
  const callKey = JSON.stringify(call);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `call` is new each render; its JSON says when it changed
  const samples = useMemo(() => formSamples(model, call), [model, callKey]);

  const blocked =
    env === 'production' && token === '' ? 'Enter your API token above to send to production.' : undefined;
  const absent = missing(model, values);

  const submit = async () => {
    if (blocked || pending) return;
    setPending(true);
    let answered: Exchange | undefined;
    try {
      const prefer = env === 'sandbox' ? preferOf(chosenScenario) : undefined;
      let target: Target = { baseUrl: PRODUCTION_BASE_URL, token };
      if (env === 'sandbox') {
        const { sandbox } = await startSandbox(sandboxName);
        sandbox.strictWire = strictWire.get();
        target = {
          baseUrl: SANDBOX_BASE_URL,
          token: sandbox.token,
          fetch: sandbox.fetch,
          ...(prefer ? { headers: { prefer } } : {}),
        };
      }
      answered = await send(model.row, call, target);
    } catch (error) {
      answered = {
        request: { method: model.method as 'GET', url: '', headers: {} },
        headers: [],
        text: '',
        ms: 0,
        failure: `The sandbox could not be loaded: ${error instanceof Error ? error.message : String(error)}. Send tries again.`,
      };
    } finally {
      setExchange(answered);
      if (answered) onAnswer?.(answered);
      setPending(false);
      setAnswers((n) => n + 1);
    }
  };

  const focusField = (name: string) => {
    const field = form.current?.querySelector<HTMLElement>(`[data-api-field="${CSS.escape(name)}"]`);
    const details = field?.closest('details');
    if (details) details.open = true;
    field?.querySelector<HTMLElement>('input, select, button')?.focus();
  };

  const renderField = (field: FieldModel) => {
    const value = values[field.key];
    // Empty: never typed into (undefined) or emptied ('').
    const clearable =
      field.kind === 'text' &&
      !field.required &&
      isUpdate(model.method) &&
      (value ?? '') === '' &&
      takesEmpty(field.schema);
    return (
      <Field
        key={field.key}
        field={field}
        value={value}
        errors={errors.byField.get(field.name) ?? []}
        onChange={(next) => {
          setValues((old) => ({ ...old, [field.key]: next }));
          if (sentEmpty.has(field.key)) setSentEmpty((old) => new Set([...old].filter((key) => key !== field.key)));
        }}
        {...(clearable || sentEmpty.has(field.key)
          ? {
              sendEmpty: {
                checked: sentEmpty.has(field.key),
                onChange: (checked: boolean) => {
                  // A field never typed into holds no text: sent empty, it sends ''.
                  if (checked && value === undefined) setValues((old) => ({ ...old, [field.key]: '' }));
                  setSentEmpty((old) => {
                    const next = new Set(old);
                    if (checked) next.add(field.key);
                    else next.delete(field.key);
                    return next;
                  });
                },
              },
            }
          : {})}
      />
    );
  };

  const grouped = new Set(model.oneOfGroups.flat());
  const required = model.fields.filter((field) => field.required);
  const groups = model.oneOfGroups.map((group) =>
    model.fields.filter((f) => f.in === 'body' && group.includes(f.name)),
  );
  const optional = model.fields.filter((field) => !field.required && !(field.in === 'body' && grouped.has(field.name)));
  const optionalSent = optional.filter((field) => call.input[field.name] !== undefined).length;

  const content = (
    <section className="wm-tryit" aria-label="Try it" data-operation={operation.operationId}>
      <Heading className="wm-tryit-title">Try it</Heading>
      <EnvironmentSwitch sandboxName={sandboxName} />
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {required.length > 0 && <div className="wm-tryit-fields">{required.map(renderField)}</div>}
        {groups.map((members) => (
          <fieldset key={members.map((f) => f.name).join()} className="wm-tryit-group">
            <legend>
              At least one of {members.map((f) => f.name).join(' or ')}{' '}
              <span className="wm-tryit-required">required</span>
            </legend>
            {members.map(renderField)}
          </fieldset>
        ))}
        {optional.length > 0 && (
          <details className="wm-tryit-optional">
            <summary>
              {optional.length} optional {optional.length === 1 ? 'field' : 'fields'}
              {optionalSent > 0 ? ` (${optionalSent} filled in)` : ''}
            </summary>
            <div className="wm-tryit-fields">{optional.map(renderField)}</div>
          </details>
        )}
        {model.fields.length === 0 && <p className="wm-tryit-note">This call takes no parameters.</p>}
        <div className="wm-tryit-send">
          <button
            type="submit"
            className="wm-tryit-button wm-tryit-button--send"
            aria-disabled={blocked ? true : undefined}
            disabled={Boolean(blocked)}
          >
            {pending ? 'Sending…' : `Send to ${env === 'sandbox' ? 'sandbox' : 'production'}`}
          </button>
          <span className="wm-tryit-note">
            {blocked ??
              (absent.length
                ? `Empty: ${absent.join(', ')}. The API will say what it needs.`
                : `${model.method} ${operation.path}`)}
          </span>
        </div>
      </form>
      <ResponsePanel
        exchange={exchange}
        answerNumber={answers}
        pending={pending}
        errors={errors}
        onFieldLink={focusField}
        onClear={() => setExchange(undefined)}
        CodeBlock={CodeBlock}
      />
      <Samples samples={samples} CodeBlock={CodeBlock} language={language} />
    </section>
  );
  return Markdown ? <MarkdownContext.Provider value={Markdown}>{content}</MarkdownContext.Provider> : content;
}
