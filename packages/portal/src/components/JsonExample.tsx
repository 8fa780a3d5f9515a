// An example of the API description shown as a JSON code block, so a guide
// shows the spec's own example instead of a copy that could drift from it:
//   <JsonExample value={spec.components.schemas.APIError.example} />
// (static access on the bundle: only that example reaches the page's JavaScript).
// The 4xx examples are checked against the mock's real answers by
// packages/mock-server/test/spec-error-examples.test.ts.
import CodeBlock from '@theme/CodeBlock';
import type { ReactNode } from 'react';

/** Pretty-printed by default; `compact` prints one line, as curl shows an answer. */
export function JsonExample({ value, compact = false }: { value: unknown; compact?: boolean }): ReactNode {
  if (value === undefined) throw new Error('JsonExample: no example at this place of the API description');
  return <CodeBlock language="json">{JSON.stringify(value, null, compact ? undefined : 2)}</CodeBlock>;
}
