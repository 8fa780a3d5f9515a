/**
 * SWIZZLE (wrap) of one field of a form body (`@theme/ApiExplorer/Body/FormBodyItem`;
 * the theme imports it relatively, src/plugins/apiFormParts.ts sends that
 * import here).
 *
 * Why: the theme drew every field but string enums as a text box whose
 * placeholder was the description's first line, raw Markdown included:
 * `check_rate` (an integer enum) and every boolean were free text, numbers
 * showed no bounds, arrays were one comma-separated box, and no field was
 * marked required (see src/api/tryIt/bodyRequired.ts).
 *
 * What: the field as src/api/tryIt/FieldShell.tsx draws it, with a control by
 * schema (ScalarControl: select, true/false, number with min/max, text;
 * ListControl: items with Add and Remove), the API's messages at the field
 * after an error answer. Files, objects and multi-encoding fields stay the
 * theme's. The body state is written as the theme writes it
 * (`setStringFormBody`, `clearFormBodyKey`); an array goes in as the list of
 * its items, which the request builder's bracket form sends
 * (src/theme/ApiExplorer/buildPostmanRequest.ts).
 */
import { type ReactNode, useContext, useEffect, useState } from 'react';
import type { Props } from '@theme/ApiExplorer/Body/FormBodyItem';
import FormBodyItem from '@theme-original/ApiExplorer/Body/FormBodyItem';
import { clearFormBodyKey, setStringFormBody } from '@theme/ApiExplorer/Body/slice';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { useBodyRequired } from '@site/src/api/tryIt/bodyRequired';
import { isUpdate, takesEmpty } from '@site/src/api/tryIt/emptyValue';
import FieldShell from '@site/src/api/tryIt/FieldShell';
import ListControl, { type Item, newItem } from '@site/src/api/tryIt/ListControl';
import ScalarControl from '@site/src/api/tryIt/ScalarControl';
import { type FieldSchema, kindOf } from '@site/src/api/tryIt/schemaText';
import { useFieldErrors } from '@site/src/api/tryIt/useFieldErrors';
import { TryItOperation } from '@site/src/api/tryItOperation';
import styles from '@site/src/api/tryIt/tryIt.module.css';

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * What the request's body already holds for the field: a field mounted into
 * a store that starts from what the reader entered (a page mounted anew by a
 * saved edit under `pnpm dev`, see patches/README.md) shows that, not the
 * example, so what it shows is what Send sends.
 */
function useEntered(id: string): unknown {
  const entered = useTypedSelector((state) =>
    state.body.type === 'form' && state.body.content[id]?.type === 'string' ? state.body.content[id].value : undefined,
  );
  const [atMount] = useState(entered);
  return atMount;
}

export default function FormBodyItemFromSchema(props: Props): ReactNode {
  const schema = props.schemaObject as FieldSchema;
  const kind = kindOf(schema);
  if (kind === 'theme' || props.fieldEncoding) return <FormBodyItem {...props} />;
  return kind === 'list' ? <ListField {...props} /> : <ScalarField {...props} />;
}

function ScalarField({ schemaObject, id, label, exampleValue }: Props): ReactNode {
  const schema = schemaObject as FieldSchema;
  const dispatch = useTypedDispatch();
  const required = useBodyRequired().has(id);
  const errors = useFieldErrors(id);
  const entered = useEntered(id);
  const [value, setValue] = useState(() => asText(entered ?? exampleValue));
  const operation = useContext(TryItOperation);
  // An empty text field of an update may go out empty, which clears it (src/api/tryIt/emptyValue.ts).
  const clearable = kindOf(schema) === 'text' && !required && isUpdate(operation?.method) && takesEmpty(schema);
  const [sendEmpty, setSendEmpty] = useState(() => clearable && entered === '');
  const write = (next: string, empty = sendEmpty) =>
    dispatch(next !== '' || (empty && clearable) ? setStringFormBody({ key: id, value: next }) : clearFormBodyKey(id));
  // The example goes into the body as the field appears (as the theme's field did).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    write(value);
  }, []);
  const kind = kindOf(schema);
  return (
    <FieldShell
      name={label ?? id}
      required={required}
      schema={schema}
      valuesInControl={kind === 'select' || kind === 'boolean'}
      description={schema.description}
      errors={errors}
    >
      {(control) => (
        <>
          <ScalarControl
            {...control}
            schema={schema}
            name={id}
            value={value}
            onChange={(next) => {
              setValue(next);
              // Typing takes back "Send it empty": emptied again, the field is not sent until it is ticked again.
              setSendEmpty(false);
              write(next, false);
            }}
          />
          {clearable && value === '' && (
            <label className={styles.sendEmpty}>
              <input
                type="checkbox"
                checked={sendEmpty}
                onChange={(event) => {
                  setSendEmpty(event.target.checked);
                  write('', event.target.checked);
                }}
              />{' '}
              Send it empty: clears {label ?? id}
            </label>
          )}
        </>
      )}
    </FieldShell>
  );
}

function ListField({ schemaObject, id, label, exampleValue }: Props): ReactNode {
  const schema = schemaObject as FieldSchema;
  const dispatch = useTypedDispatch();
  const required = useBodyRequired().has(id);
  const errors = useFieldErrors(id);
  const entered = useEntered(id);
  const start = Array.isArray(entered) ? entered : exampleValue;
  const [items, setItems] = useState<Item[]>(() => (Array.isArray(start) ? start.map((v) => newItem(asText(v))) : []));
  // A list without an example is not sent until the reader edits it.
  const [sent, setSent] = useState(Array.isArray(start));
  const write = (next: Item[]) =>
    // The theme's body state types values as text; its builder and ours take a list too.
    dispatch(setStringFormBody({ key: id, value: next.map((i) => i.value) as unknown as string }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (sent) write(items);
    else dispatch(clearFormBodyKey(id));
  }, []);
  return (
    <FieldShell
      name={label ?? id}
      required={required}
      schema={schema}
      description={schema.description}
      errors={errors}
      group
    >
      {(control) => (
        <ListControl
          {...control}
          name={id}
          items={items}
          itemSchema={schema.items ?? {}}
          sent={sent}
          onChange={(next) => {
            setItems(next);
            setSent(true);
            write(next);
          }}
        />
      )}
    </FieldShell>
  );
}
