// One form field as the description has it: its name and where it goes, a
// control chosen by its schema (a select for an enum or a boolean, a number
// box with the bounds, a list with Add and Remove, text), its bounds in words,
// its description, and the API's messages about it after an error answer.
// Bounds are shown, never enforced: the reader may send anything and see the
// API's own answer (the form is `noValidate`).
import { type ReactNode, useId } from 'react';
import { constraintsOf } from '../model/constraints.js';
import { type Field as FieldModel, isInteger, kindOf } from '../model/operation.js';
import { Markdown } from './Text.js';

export interface FieldProps {
  field: FieldModel;
  value: string | readonly string[] | undefined;
  onChange: (value: string | string[] | undefined) => void;
  errors: readonly string[];
  /** Offered on an update's text field left empty: send it empty, which clears it. */
  sendEmpty?: { checked: boolean; onChange: (checked: boolean) => void };
}

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-label'?: string;
}

const UNSET = '';

function ScalarControl({
  field,
  value,
  onChange,
  name,
  ...aria
}: {
  field: Pick<FieldModel, 'kind' | 'schema' | 'example'>;
  value: string;
  onChange: (v: string) => void;
  name: string;
} & ControlProps): ReactNode {
  const { kind, schema } = field;
  if (kind === 'select' || kind === 'boolean' || kind === 'flag') {
    const options = kind === 'select' ? (schema.enum ?? []).map(String) : ['true', 'false'];
    return (
      <select {...aria} name={name} className="wm-tryit-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={UNSET}>{kind === 'flag' ? 'not sent (false)' : 'not sent'}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const numeric = kind === 'number';
  return (
    <input
      {...aria}
      name={name}
      className="wm-tryit-input"
      type={numeric ? 'number' : 'text'}
      {...(numeric
        ? {
            min: schema.minimum,
            max: schema.maximum,
            step: isInteger(schema) ? 1 : 'any',
            inputMode: isInteger(schema) ? ('numeric' as const) : ('decimal' as const),
          }
        : {})}
      placeholder={field.example}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

function ListControl({
  field,
  items,
  onChange,
  ...aria
}: {
  field: FieldModel;
  items: readonly string[] | undefined;
  onChange: (items: string[] | undefined) => void;
} & ControlProps): ReactNode {
  const itemField = {
    kind: kindOf(field.schema.items ?? {}),
    schema: field.schema.items ?? {},
    example: undefined,
  };
  const list = items ?? [];
  return (
    <>
      {list.length === 0 && (
        <p className="wm-tryit-note">{items ? 'No items: sent as an empty list, which empties it.' : 'Not sent.'}</p>
      )}
      {list.length > 0 && (
        <ol className="wm-tryit-list">
          {list.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place; their position is their identity
            <li key={index}>
              <ScalarControl
                field={itemField}
                name={`${field.name}[]`}
                value={item}
                aria-label={`${field.name} item ${index + 1}`}
                aria-invalid={aria['aria-invalid']}
                onChange={(value) => onChange(list.map((old, i) => (i === index ? value : old)))}
              />
              <button
                type="button"
                className="wm-tryit-button wm-tryit-button--quiet"
                aria-label={`Remove ${field.name} item ${index + 1}`}
                onClick={() => onChange(list.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <span className="wm-tryit-list-actions">
        <button
          type="button"
          className="wm-tryit-button wm-tryit-button--quiet"
          aria-describedby={aria['aria-describedby']}
          onClick={() => onChange([...list, ''])}
        >
          Add item<span className="wm-tryit-sr-only"> to {field.name}</span>
        </button>
        {items && (
          <button type="button" className="wm-tryit-button wm-tryit-button--quiet" onClick={() => onChange(undefined)}>
            Don’t send<span className="wm-tryit-sr-only"> {field.name}</span>
          </button>
        )}
      </span>
    </>
  );
}

export function Field({ field, value, onChange, errors, sendEmpty }: FieldProps): ReactNode {
  const id = useId();
  const constraints = constraintsOf(field.schema);
  const described = [
    errors.length ? `${id}-errors` : '',
    constraints ? `${id}-bounds` : '',
    field.description ? `${id}-about` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const control: ControlProps = {
    id,
    ...(described ? { 'aria-describedby': described } : {}),
    ...(errors.length ? { 'aria-invalid': true } : {}),
    ...(field.required ? { 'aria-required': true } : {}),
  };
  const list = field.kind === 'list';
  const Shell = list ? 'fieldset' : 'div';
  // The label names the control by the field's name alone; where it goes and "required" follow it.
  const extras = (
    <>
      <span className="wm-tryit-field-in">{field.in}</span>
      {field.required && <span className="wm-tryit-required">required</span>}
    </>
  );
  return (
    <Shell className="wm-tryit-field" data-api-field={field.name} data-invalid={errors.length > 0 || undefined}>
      {list ? (
        <legend className="wm-tryit-field-title">
          <span className="wm-tryit-field-name">{field.name}</span>
          {extras}
        </legend>
      ) : (
        <div className="wm-tryit-field-title">
          <label className="wm-tryit-field-name" htmlFor={id}>
            {field.name}
          </label>
          {extras}
        </div>
      )}
      {list ? (
        <ListControl field={field} items={value as readonly string[] | undefined} onChange={onChange} {...control} />
      ) : (
        <ScalarControl
          field={field}
          name={field.name}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          {...control}
        />
      )}
      {sendEmpty && (
        <label className="wm-tryit-note wm-tryit-send-empty">
          <input type="checkbox" checked={sendEmpty.checked} onChange={(e) => sendEmpty.onChange(e.target.checked)} />{' '}
          Send it empty: clears {field.name}
        </label>
      )}
      {errors.length > 0 && (
        <ul id={`${id}-errors`} className="wm-tryit-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {constraints && (
        <p id={`${id}-bounds`} className="wm-tryit-note">
          {constraints}
        </p>
      )}
      {field.description && (
        <div id={`${id}-about`} className="wm-tryit-about">
          <Markdown>{field.description}</Markdown>
        </div>
      )}
    </Shell>
  );
}
