/**
 * SWIZZLE of a text or number parameter's field
 * (`@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem`).
 *
 * Why: the theme's field was a text box whose placeholder was the first line
 * of the description, raw Markdown included, with no bounds for `page`,
 * `limit`, `before` or `after`.
 *
 * What: the field as src/api/tryIt/FieldShell.tsx draws it (description
 * rendered, bounds and default, the API's messages after an error answer), a
 * number input with the schema's `min`/`max` for integers. As in the theme's
 * field: a query value goes to the parameter state percent-encoded, and a
 * required parameter (a path id) is registered with the theme's form, which
 * refuses to send it empty. Unlike the theme's field, a path value is encoded
 * whole, as @webmon/ts-client encodes it (the theme sent `../groups/1` raw, a
 * request to another route), and a dot segment is refused.
 */
import { type ReactNode, useEffect } from 'react';
import { translate } from '@docusaurus/Translate';
import type { Props } from '@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
import { setParam } from '@theme/ApiExplorer/ParamOptions/slice';
import { useTypedDispatch } from '@theme/ApiItem/hooks';
import { useFormContext } from 'react-hook-form';
import { dotSegmentProblem } from '@webmon/ts-client';
import FieldShell from '@site/src/api/tryIt/FieldShell';
import { useNoValidate } from '@site/src/api/tryIt/ScalarControl';
import { type FieldSchema, kindOf } from '@site/src/api/tryIt/schemaText';
import { useFieldErrors } from '@site/src/api/tryIt/useFieldErrors';
import clsx from 'clsx';

export default function ParamTextFormItem({ param, label, type, required }: Props): ReactNode {
  const dispatch = useTypedDispatch();
  const { register, setValue, formState } = useFormContext();
  const schema = (param.schema ?? {}) as FieldSchema;
  const numeric = kindOf(schema) === 'number';
  const ref = useNoValidate<HTMLInputElement>();
  const registered = register(param.name, {
    required: param.required
      ? translate({ id: 'theme.openapi.form.fieldRequired', message: 'This field is required' })
      : false,
    // As the client refuses it: `..` would send the request to another route.
    validate: (value) => (param.in === 'path' && dotSegmentProblem(param.name, value)) || true,
  });
  const initial = param.value === undefined || Array.isArray(param.value) ? undefined : String(param.value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount (the theme's field did the same)
  useEffect(() => {
    if (initial !== undefined) setValue(param.name, initial);
  }, []);
  const formError = formState.errors[param.name]?.message;
  const apiErrors = useFieldErrors(param.name);
  const errors = formError ? [formError, ...apiErrors] : apiErrors;
  return (
    <FieldShell
      name={label ?? param.name}
      note={type}
      required={required}
      schema={schema}
      description={param.description}
      errors={errors}
    >
      {(control) => (
        <input
          {...registered}
          {...control}
          ref={(element) => {
            ref.current = element;
            if (typeof registered.ref === 'function') registered.ref(element);
          }}
          className={clsx('openapi-explorer__form-item-input', errors.length > 0 && 'error')}
          type={numeric ? 'number' : 'text'}
          {...(numeric
            ? {
                min: schema.minimum,
                max: schema.maximum,
                step: schema.type === 'integer' ? 1 : 'any',
                inputMode: schema.type === 'integer' ? ('numeric' as const) : ('decimal' as const),
              }
            : {})}
          defaultValue={initial}
          autoComplete="off"
          onChange={(event) => {
            void registered.onChange(event);
            const { value } = event.target;
            dispatch(
              setParam({
                ...param,
                // A path value is one segment, encoded as the client encodes it:
                // a `/` in an id must not reach another route.
                value: param.in === 'path' || param.in === 'query' ? encodeURIComponent(value) : value,
              }),
            );
          }}
        />
      )}
    </FieldShell>
  );
}
