import type { ReactNode } from 'react';
import Markdown from '@theme/Markdown';
import styles from './tryIt.module.css';

/**
 * What follows a try-it control: the API's messages about the field, the
 * schema's bounds and default, and the description as Markdown. With `id`,
 * each part gets the id a control's `aria-describedby` names.
 */
export default function FieldNotes({
  id,
  errors,
  constraints,
  description,
}: {
  id?: string;
  errors: readonly string[];
  constraints?: string;
  description?: string;
}): ReactNode {
  const part = (name: string) => (id ? `${id}-${name}` : undefined);
  return (
    <>
      {errors.length > 0 && (
        <ul id={part('errors')} className={styles.errors}>
          {errors.map((message) => (
            <li key={message} className="openapi-explorer__input-error">
              {message}
            </li>
          ))}
        </ul>
      )}
      {constraints && (
        <div id={part('constraints')} className={styles.constraints}>
          <Markdown>{constraints}</Markdown>
        </div>
      )}
      {description && (
        <div id={part('description')} className={styles.description}>
          <Markdown>{description}</Markdown>
        </div>
      )}
    </>
  );
}
