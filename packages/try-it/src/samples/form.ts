// The samples of the call a form makes, as the panel shows them under its
// answer and a guide's Markdown twin writes them: empty path values shown as
// their placeholders (`{test_id}`), as the reference writes them.
import { prepareRequest } from '@webmon/ts-client';
import type { FormModel } from '../model/operation.js';
import type { Call } from '../model/values.js';
import { PRODUCTION_BASE_URL } from '../wire/environment.js';
import { type CodeSample, codeSamples } from './index.js';

export function formSamples(model: FormModel, call: Call): CodeSample[] {
  const client = model.operation['x-client-method'];
  if (!client) return [];
  const names = model.fields.filter((field) => field.in === 'path').map((field) => field.name);
  const pathValues = call.pathValues.map((value, i) => value || `{${names[i]}}`);
  try {
    const prepared = prepareRequest(model.row, pathValues, call.input);
    let url = prepared.url;
    for (const name of names) url = url.replace(encodeURIComponent(`{${name}}`), `{${name}}`);
    return codeSamples({
      request: { ...prepared, url },
      baseUrl: PRODUCTION_BASE_URL,
      pathValues,
      input: call.input,
      client,
    });
  } catch {
    // A value the client refuses to send (a path value `..`): the panel says why on Send.
    return [];
  }
}
