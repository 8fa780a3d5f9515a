/**
 * The control for one value, chosen by its schema: a select for an enum (its
 * values) or a boolean (true / false), a number input with the schema's
 * bounds as `min`/`max` for integers and numbers, a text input otherwise.
 * "---" means "not sent", as in the theme's own selects.
 *
 * Bounds are shown and set on the input but never enforced: the form does
 * not block an out-of-range value, so a reader can send it and see the API's
 * own answer at the field (the try-it's form is `noValidate`).
 */
import { type ChangeEvent, type ReactNode, useEffect, useRef } from 'react';
import clsx from 'clsx';
import type { ControlProps } from './FieldShell';
import { type FieldSchema, kindOf } from './schemaText';
import styles from './tryIt.module.css';

export const UNSET = '---';

export interface ScalarControlProps extends Partial<ControlProps> {
  schema: FieldSchema;
  /** The value as the form holds it: text; '' when not sent. */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  'aria-label'?: string;
}

/** Constraint validation would stop Send on an out-of-range number: the API is the judge here. */
export function useNoValidate<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (form) form.noValidate = true;
  }, []);
  return ref;
}

export default function ScalarControl({ schema, value, onChange, name, ...aria }: ScalarControlProps): ReactNode {
  const kind = kindOf(schema);
  const ref = useNoValidate<HTMLInputElement>();
  const invalid = !!aria['aria-invalid'];
  const fromEvent = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange(event.target.value === UNSET ? '' : event.target.value);
  if (kind === 'select' || kind === 'boolean') {
    const options = kind === 'boolean' ? ['true', 'false'] : (schema.enum ?? []).map(String);
    return (
      <select
        {...aria}
        name={name}
        className={clsx('openapi-explorer__select-input', invalid && styles.inputError)}
        value={value === '' ? UNSET : value}
        onChange={fromEvent}
      >
        <option value={UNSET}>{UNSET}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const numeric = kind === 'number';
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return (
    <input
      {...aria}
      ref={ref}
      name={name}
      className={clsx('openapi-explorer__form-item-input', invalid && 'error')}
      type={numeric ? 'number' : 'text'}
      {...(numeric
        ? {
            min: schema.minimum,
            max: schema.maximum,
            step: type === 'integer' ? 1 : 'any',
            inputMode: type === 'integer' ? ('numeric' as const) : ('decimal' as const),
          }
        : {})}
      value={value}
      onChange={fromEvent}
      autoComplete="off"
    />
  );
}
