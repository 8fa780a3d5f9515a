// A failed call as an agent can act on it: the status and the API's message,
// then one line per refused field with its messages (a 400), or when to try
// again (a 429, or any answer that said). The text is all a host shows the model.
import { APIError, AuthenticationError, ConnectionError } from '@webmon/ts-client';

export function describeError(error: unknown): string {
  if (error instanceof APIError) {
    const lines = [`HTTP ${error.status}: ${error.body?.message ?? 'The API answered with an error.'}`];
    for (const [field, messages] of Object.entries(error.errors)) {
      if (messages.length) lines.push(`${field}: ${messages.join('; ')}`);
    }
    if (error.retryAfterMs !== undefined) lines.push(`Retry in ${Math.ceil(error.retryAfterMs / 1000)} s.`);
    else if (error.status === 429) lines.push('Rate limited: retry later (the answer did not say when).');
    if (error instanceof AuthenticationError) lines.push('The token was refused: check WEBMON_API_TOKEN.');
    return lines.join('\n');
  }
  if (error instanceof ConnectionError) return `No answer from the API: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
