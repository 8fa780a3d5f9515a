/**
 * An array field: one control per item (by the items' schema), each with a
 * Remove button, and Add item. The list as a whole is what the form sends
 * (bracket form: `tags[]=a&tags[]=b`; no items: `tags[]=`, which empties it).
 */
import type { ReactNode } from 'react';
import type { ControlProps } from './FieldShell';
import ScalarControl from './ScalarControl';
import type { FieldSchema } from './schemaText';
import styles from './tryIt.module.css';

export interface Item {
  key: number;
  value: string;
}

export interface ListControlProps extends Partial<ControlProps> {
  name: string;
  items: readonly Item[];
  itemSchema: FieldSchema;
  onChange: (items: Item[]) => void;
  /** Whether the list goes out with the request (an empty one then empties the field). */
  sent: boolean;
}

let nextKey = 0;
export const newItem = (value = ''): Item => ({ key: nextKey++, value });

export default function ListControl({ name, items, itemSchema, onChange, sent, ...aria }: ListControlProps): ReactNode {
  return (
    <>
      {items.length === 0 && <p className={styles.empty}>{sent ? 'No items: sent as an empty list.' : 'Not sent.'}</p>}
      {items.length > 0 && (
        <ol className={styles.list}>
          {items.map((item, index) => (
            <li key={item.key} className={styles.listItem}>
              <ScalarControl
                schema={itemSchema}
                value={item.value}
                name={`${name}[]`}
                aria-label={`${name} item ${index + 1}`}
                aria-invalid={aria['aria-invalid']}
                onChange={(value) => onChange(items.map((i) => (i.key === item.key ? { ...i, value } : i)))}
              />
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${name} item ${index + 1}`}
                onClick={() => onChange(items.filter((i) => i.key !== item.key))}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        className={styles.add}
        aria-describedby={aria['aria-describedby']}
        onClick={() => onChange([...items, newItem()])}
      >
        Add item<span className="sr-only"> to {name}</span>
      </button>
    </>
  );
}
