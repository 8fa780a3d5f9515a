/**
 * What the theme's own parameter fields (select, true/false, list) lack: the
 * default and bounds, the description rendered as Markdown, and the API's messages about the
 * parameter after an error answer, the field highlighted. `data-api-field`
 * lets the response panel focus it (src/theme/ApiExplorer/Response).
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { Param } from '@theme/ApiExplorer/ParamOptions/slice';
import { constraintsOf, type FieldSchema } from './schemaText';
import { useFieldErrors } from './useFieldErrors';
import FieldNotes from './FieldNotes';
import styles from './tryIt.module.css';

export default function ParamNotes({ param, children }: { param: Param; children: ReactNode }): ReactNode {
  const errors = useFieldErrors(param.name);
  // The select lists the values itself.
  const constraints = constraintsOf(param.schema as FieldSchema | undefined, { valuesInControl: true });
  return (
    <div className={clsx(styles.field, errors.length > 0 && styles.invalid)} data-api-field={param.name}>
      {children}
      <FieldNotes errors={errors} constraints={constraints} description={param.description} />
    </div>
  );
}
