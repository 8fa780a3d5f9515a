// The answer to the last Send: status and reason, time and size, the body
// pretty-printed and wrapped, the headers a click away, and, for an error
// answer naming fields, each field with a button to it. A request that got
// no answer says why. The panel scrolls into view when an answer arrives.
import { type ReactNode, useEffect, useRef } from 'react';
import type { FieldErrorsOfAnswer } from '../model/field-errors.js';
import { prettyJson } from '../model/pretty-json.js';
import { formatBytes, statusText } from '../model/status-text.js';
import { SANDBOX_BASE_URL } from '../wire/environment.js';
import type { Exchange } from '../wire/send.js';

/** The sandbox's made-up origin (`.invalid`, never on the network): shown as the path it was sent to, and where. */
const SANDBOX_ORIGIN = new URL(SANDBOX_BASE_URL).origin;

export interface ResponsePanelProps {
  exchange: Exchange | undefined;
  /** Counts answers: each one is drawn, announced and scrolled to afresh, even one equal to the last. */
  answerNumber: number;
  pending: boolean;
  errors: FieldErrorsOfAnswer;
  onFieldLink: (field: string) => void;
  onClear: () => void;
  CodeBlock: (props: { language: string; children: string }) => ReactNode;
}

export function ResponsePanel({
  exchange,
  answerNumber,
  pending,
  errors,
  onFieldLink,
  onClear,
  CodeBlock,
}: ResponsePanelProps): ReactNode {
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (answerNumber > 0) panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [answerNumber]);
  const status = exchange?.status;
  const summary =
    status === undefined
      ? ''
      : [
          `${status} ${statusText(status)}`.trim(),
          `${Math.round(exchange!.ms)} ms`,
          formatBytes(new TextEncoder().encode(exchange!.text).length),
        ].join(' · ');
  return (
    <section ref={panel} className="wm-tryit-response" aria-label="Response" data-answer={answerNumber || undefined}>
      <div className="wm-tryit-response-head">
        <h3>Response</h3>
        {exchange && (
          <button type="button" className="wm-tryit-button wm-tryit-button--quiet" onClick={onClear}>
            Clear
          </button>
        )}
      </div>
      <p className="wm-tryit-sr-only" aria-live="polite">
        {pending ? 'Sending…' : summary}
      </p>
      {pending && <p className="wm-tryit-note">Sending…</p>}
      {!pending && !exchange && <p className="wm-tryit-note">Send a request to see the answer here.</p>}
      {!pending && exchange?.failure && (
        <p className="wm-tryit-failure" role="alert">
          {exchange.failure}
        </p>
      )}
      {!pending && status !== undefined && (
        <>
          <p
            key={answerNumber}
            className="wm-tryit-status"
            data-response-status={status}
            data-ok={status < 400 || undefined}
          >
            <strong>
              {status} {statusText(status)}
            </strong>
            <span>{Math.round(exchange!.ms)} ms</span>
            <span>{formatBytes(new TextEncoder().encode(exchange!.text).length)}</span>
          </p>
          <p className="wm-tryit-sent">
            {exchange!.request.url.startsWith(`${SANDBOX_ORIGIN}/`) ? (
              <>
                <code>
                  {exchange!.request.method} {exchange!.request.url.slice(SANDBOX_ORIGIN.length)}
                </code>{' '}
                <span className="wm-tryit-note">to the sandbox in this page</span>
              </>
            ) : (
              <code>
                {exchange!.request.method} {exchange!.request.url}
              </code>
            )}
          </p>
          {errors.byField.size > 0 && (
            <div className="wm-tryit-answer-errors">
              <p>{errors.message} Marked in the form:</p>
              <ul>
                {[...errors.byField].map(([field, messages]) => (
                  <li key={field}>
                    <button type="button" className="wm-tryit-link" onClick={() => onFieldLink(field)}>
                      {field}
                    </button>
                    : {messages.join('; ')}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {exchange!.text === '' ? (
            <p className="wm-tryit-note" data-response-body="empty">
              No content
            </p>
          ) : (
            <div className="wm-tryit-body" data-response-body="json">
              <CodeBlock language="json">{prettyJson(exchange!.text)}</CodeBlock>
            </div>
          )}
          {exchange!.headers.length > 0 && (
            <details className="wm-tryit-headers">
              <summary>Headers ({exchange!.headers.length})</summary>
              <table>
                <tbody>
                  {exchange!.headers.map(([name, value]) => (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      )}
    </section>
  );
}
