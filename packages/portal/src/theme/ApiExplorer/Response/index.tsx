/**
 * SWIZZLE of the try-it's response panel (`@theme/ApiExplorer/Response`).
 *
 * Why: the theme's panel showed the status code alone as a tab label, no
 * time or size; an empty answer (204) kept saying "Click the Send API Request
 * button above..."; a failed request (network) showed that same placeholder,
 * not the reason; long lines ran off the right edge; and a 400's per-field
 * messages were only in the raw JSON.
 *
 * What: from the same state the theme's request writes (`response`: body
 * text, status code, headers):
 * - a summary: status code and reason, duration (src/api/tryIt/useRequestDuration.ts),
 *   body size; announced to screen readers;
 * - the body, pretty-printed, lines wrapped; "No content" when empty;
 * - after an error answer with an `errors` map (the map a ts-client
 *   `ValidationError` carries): the message, each field named with a button
 *   to it; the fields show their messages in the form (src/api/tryIt/FieldShell.tsx)
 *   and the first one takes the focus;
 * - the headers (x-ratelimit-*, retry-after) one click away in a disclosure;
 * - a failed request's reason, in an alert.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import Translate, { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import ApiCodeBlock from '@theme/ApiExplorer/ApiCodeBlock';
import type { Props } from '@theme/ApiExplorer/Response';
import { clearCode, clearHeaders, clearResponse } from '@theme/ApiExplorer/Response/slice';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { fieldErrorsOf } from '@site/src/api/tryIt/fieldErrors';
import { focusField } from '@site/src/api/tryIt/focusField';
import { prettyJson } from '@site/src/api/tryIt/prettyJson';
import { formatBytes, statusText } from '@site/src/api/tryIt/statusText';
import { useRequestDuration } from '@site/src/api/tryIt/useRequestDuration';
import styles from '@site/src/api/tryIt/tryIt.module.css';

export default function Response({ item }: Props): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const proxy = (siteConfig.themeConfig as { api?: { proxy?: string } }).api?.proxy;
  const dispatch = useTypedDispatch();
  const code = useTypedSelector((state) => state.response.code);
  const value = useTypedSelector((state) => state.response.value);
  const headers = useTypedSelector((state) => state.response.headers) as unknown as Record<string, string> | undefined;
  const fetching = value === translate({ id: 'theme.openapi.request.fetchingMessage', message: 'Fetching...' });

  // When Send was pressed: the form's submit comes before the theme's fetch,
  // which starts at once (patches/), before an effect could see "Fetching...".
  const [sentAt, setSentAt] = useState<number>();
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.matches('form.openapi-explorer__request-form'))
        setSentAt(performance.now());
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  const duration = useRequestDuration(sentAt);

  const panel = useRef<HTMLDivElement>(null);
  const form = () =>
    panel.current?.parentElement?.querySelector<HTMLFormElement>('form.openapi-explorer__request-form') ?? null;
  const answered = code !== undefined && code !== '' && !fetching;
  // Each answer is drawn afresh (a new summary element), even one equal to the last.
  const [answers, setAnswers] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts answers, by the state that makes one
  useEffect(() => {
    if (answered) setAnswers((n) => n + 1);
  }, [answered, code, value, headers]);
  const errors = answered ? fieldErrorsOf(code, value) : undefined;
  // A new answer that names fields: the first of them (in the form's order) takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    const named = errors?.byField;
    const root = form();
    if (!named?.size || !root) return;
    const first = Array.from(root.querySelectorAll<HTMLElement>('[data-api-field]')).find((field) =>
      named.has(field.dataset.apiField ?? ''),
    );
    if (first) focusField(root, first.dataset.apiField ?? '');
  }, [errors]);

  // As the theme's panel: nothing to show where nothing can be sent. (Its
  // per-page `proxy` and `hide_send_button` front matter are not used here.)
  if (!item.servers && !proxy) return null;

  const status = Number(code);
  const text = value ?? '';
  const bytes = new TextEncoder().encode(text).length;
  const headerEntries = Object.entries(headers ?? {});
  const summary = answered
    ? [
        `${status} ${statusText(status)}`.trim(),
        duration !== undefined ? `${Math.round(duration)} ms` : '',
        formatBytes(bytes),
      ]
        .filter(Boolean)
        .join(' · ')
    : '';

  return (
    <div ref={panel} className="openapi-explorer__response-container">
      <div className="openapi-explorer__response-title-container">
        <span className="openapi-explorer__response-title">
          <Translate id="theme.openapi.response.title">Response</Translate>
        </span>
        <button
          type="button"
          className="openapi-explorer__response-clear-btn"
          onClick={() => {
            dispatch(clearResponse());
            dispatch(clearCode());
            dispatch(clearHeaders());
          }}
        >
          <Translate id="theme.openapi.response.clear">Clear</Translate>
        </button>
      </div>
      {/* What happened, for screen readers (the summary below is inserted, which is not announced). */}
      <p className="sr-only" aria-live="polite">
        {summary}
      </p>
      <div className={styles.response}>
        {fetching ? (
          <div className="openapi-explorer__loading-container">
            <div className="openapi-response__lds-ring">
              <div />
              <div />
              <div />
              <div />
            </div>
          </div>
        ) : answered ? (
          <>
            <p key={answers} className={styles.summary} data-response-status={status}>
              <span
                className={clsx(
                  'openapi-response__dot',
                  status >= 400
                    ? 'openapi-response__dot--danger'
                    : status >= 200 && status < 300
                      ? 'openapi-response__dot--success'
                      : 'openapi-response__dot--info',
                )}
              />
              <strong>
                {status} {statusText(status)}
              </strong>
              {duration !== undefined && <span data-response-duration>{Math.round(duration)} ms</span>}
              <span data-response-size>{formatBytes(bytes)}</span>
            </p>
            {errors && errors.byField.size > 0 && (
              <div className={styles.answerErrors}>
                <p>{errors.message} Marked in the form:</p>
                <ul>
                  {[...errors.byField].map(([field, messages]) => (
                    <li key={field}>
                      <button
                        type="button"
                        className={styles.fieldLink}
                        onClick={() => {
                          const root = form();
                          if (root) focusField(root, field);
                        }}
                      >
                        {field}
                      </button>
                      : {messages.join('; ')}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {text === '' ? (
              <p className={styles.noContent} data-response-body>
                No content
              </p>
            ) : (
              <div className={styles.body} data-response-body>
                <ApiCodeBlock
                  className="openapi-explorer__code-block openapi-response__status-code"
                  language={text.startsWith('<') ? 'xml' : 'json'}
                >
                  {prettyJson(text)}
                </ApiCodeBlock>
              </div>
            )}
            {headerEntries.length > 0 && (
              <details className={styles.headers}>
                <summary>Headers ({headerEntries.length})</summary>
                <table>
                  <tbody>
                    {headerEntries.map(([name, content]) => (
                      <tr key={name}>
                        <th scope="row">{name}</th>
                        <td>{content}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            )}
          </>
        ) : text ? (
          <p className={styles.failure} role="alert">
            {text}
          </p>
        ) : (
          <p className="openapi-explorer__response-placeholder-message">
            <Translate
              id="theme.openapi.response.placeholder"
              values={{
                code: (
                  <code>
                    <Translate id="theme.openapi.request.sendButton">Send API Request</Translate>
                  </code>
                ),
              }}
            >
              {'Click the {code} button above and see the response here!'}
            </Translate>
          </p>
        )}
      </div>
    </div>
  );
}
