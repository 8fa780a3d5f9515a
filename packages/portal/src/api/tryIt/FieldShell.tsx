/**
 * One try-it form field as the spec describes it: the name (with "required"
 * when the spec requires it), the control, the API's messages about the field
 * after an answer outside 2xx, the schema's bounds and default, and the
 * description rendered as Markdown (it was the input's placeholder, raw
 * backticks and all, cut at its first line).
 *
 * The control gets an id and `aria-describedby` for the messages, bounds and
 * description, and `aria-invalid` while the API's last answer names the field.
 * `data-api-field` marks the field for the response panel, which focuses the
 * first field with messages (src/theme/ApiExplorer/Response).
 */
import { type ReactNode, useId } from 'react';
import clsx from 'clsx';
import FieldNotes from './FieldNotes';
import { constraintsOf, type FieldSchema } from './schemaText';
import styles from './tryIt.module.css';

export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldShellProps {
  /** The field's name, as the API knows it (the label). */
  name: string;
  /** Shown after the name: where a parameter goes (`query`, `path`). */
  note?: string;
  required?: boolean;
  schema?: FieldSchema;
  /** Leave the allowed values out of the notes: the control lists them. */
  valuesInControl?: boolean;
  description?: string;
  /** Messages shown at the field: the API's, and the form's own (a missing required value). */
  errors: readonly string[];
  /** `group`: the control is several elements (a list), named by a fieldset's legend. */
  group?: boolean;
  children: (control: ControlProps) => ReactNode;
}

export default function FieldShell({
  name,
  note,
  required,
  schema,
  valuesInControl,
  description,
  errors,
  group,
  children,
}: FieldShellProps): ReactNode {
  const id = useId();
  const constraints = constraintsOf(schema, { valuesInControl });
  const described = [
    errors.length ? `${id}-errors` : '',
    constraints ? `${id}-constraints` : '',
    description ? `${id}-description` : '',
  ].filter(Boolean);
  const control: ControlProps = {
    id,
    ...(described.length ? { 'aria-describedby': described.join(' ') } : {}),
    ...(errors.length ? { 'aria-invalid': true } : {}),
    ...(required ? { 'aria-required': true } : {}),
  };
  // The label names the control by the field's name alone (as the theme's
  // label did); where it goes and "required" follow it.
  const extras = (
    <>
      {note && <span className={styles.note}> — {note}</span>}
      {required && <span className="openapi-schema__required">required</span>}
    </>
  );
  const notes = <FieldNotes id={id} errors={errors} constraints={constraints} description={description} />;
  const className = clsx(styles.field, errors.length > 0 && styles.invalid);
  if (group) {
    return (
      <fieldset className={className} data-api-field={name} aria-describedby={control['aria-describedby']}>
        <legend className={styles.title} data-field-title>
          <span className="openapi-explorer__form-item-label">{name}</span>
          {extras}
        </legend>
        {children(control)}
        {notes}
      </fieldset>
    );
  }
  return (
    <div className={className} data-api-field={name}>
      <div className={styles.title} data-field-title>
        <label htmlFor={id} className="openapi-explorer__form-item-label">
          {name}
        </label>
        {extras}
      </div>
      {children(control)}
      {notes}
    </div>
  );
}
