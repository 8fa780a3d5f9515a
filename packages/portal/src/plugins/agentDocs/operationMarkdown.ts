// An operation page's Markdown twin, from the bundle the page is generated
// from (generated/openapi.json: the spec's bundle plus the x-codeSamples of
// scripts/code-samples.mjs), read through @webmon/openapi-core: method and
// path, description, parameters and body fields with their bounds, responses
// with their fields and examples, then the same code samples as the page.
import { isObject, type JsonObject, mergeAllOf, type OperationEntry, resolveRef } from '@webmon/openapi-core';
import { statusText } from '@webmon/try-it';
import { constraintsOf, fieldsMarkdown, typeOf } from './schemaMarkdown';

/** A fenced code block whose fence is longer than any backtick run inside. */
export function fence(lang: string, source: string): string {
  const longest = Math.max(2, ...[...source.matchAll(/`+/g)].map((run) => run[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${lang}\n${source.replace(/\n$/, '')}\n${marks}`;
}

/** The code fence language of each x-codeSamples `lang` (the reference's languageTabs). */
const FENCE_LANG: Record<string, string> = { cURL: 'bash', Go: 'go', JavaScript: 'js' };

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function parametersSection(document: unknown, entry: OperationEntry, location: string, title: string): string[] {
  const params = entry.parameters.filter((p) => p.in === location);
  if (!params.length) return [];
  const lines = params.map(({ name, required, schema, parameter }) => {
    const words = [typeOf(document, schema), ...(required ? ['required'] : []), ...constraintsOf(document, schema)];
    const description =
      typeof parameter.description === 'string' ? parameter.description.trim().replace(/\n/g, '\n  ') : '';
    const example = parameter.example ?? schema.example;
    const exampleText = example === undefined ? '' : ` Example: ${code(example)}.`;
    return `- ${code(name)} (${words.join(', ')})${description ? `: ${description}` : ''}${exampleText}`;
  });
  return [`## ${title}`, '', ...lines, ''];
}

function requestBodySection(document: unknown, operation: JsonObject): string[] {
  if (operation.requestBody === undefined) return [];
  const body = resolveRef<JsonObject>(document, operation.requestBody);
  const content = isObject(body.content) ? body.content : {};
  const out = ['## Request body', ''];
  for (const [type, raw] of Object.entries(content)) {
    if (!isObject(raw)) continue;
    const brackets = raw['x-form-array-style'] === 'brackets';
    out.push(
      `Content type \`${type}\`${body.required === true ? ', required' : ''}.` +
        (brackets ? ' Arrays go one pair per value, `tags[]=a&tags[]=b`; an empty `tags[]=` empties one.' : ''),
      '',
    );
    const schema = mergeAllOf(document, raw.schema);
    if (typeof schema.description === 'string') out.push(schema.description.trim(), '');
    const fields = fieldsMarkdown(document, raw.schema);
    if (fields) out.push(fields, '');
    if (raw.example !== undefined) out.push('Example:', '', fence('json', JSON.stringify(raw.example, null, 2)), '');
  }
  return out;
}

function responsesSection(document: unknown, operation: JsonObject): string[] {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const out = ['## Responses', ''];
  for (const [status, raw] of Object.entries(responses)) {
    const response = resolveRef<JsonObject>(document, raw);
    const reason = statusText(Number(status));
    out.push(`### ${status}${reason ? ` ${reason}` : ''}`, '');
    if (typeof response.description === 'string') out.push(response.description.trim(), '');
    const headers = isObject(response.headers) ? Object.keys(response.headers) : [];
    if (headers.length) out.push(`Headers: ${headers.map(code).join(', ')}.`, '');
    const content = isObject(response.content) ? response.content : {};
    for (const [type, media] of Object.entries(content)) {
      if (!isObject(media)) continue;
      const schema = mergeAllOf(document, media.schema);
      out.push(`Content type \`${type}\`${Object.keys(schema).length ? `, ${typeOf(document, schema)}` : ''}.`, '');
      const fields = fieldsMarkdown(document, media.schema);
      if (fields) out.push(fields, '');
      const example = media.example ?? schema.example;
      if (example !== undefined) out.push('Example:', '', fence('json', JSON.stringify(example, null, 2)), '');
    }
  }
  return out;
}

interface CodeSample {
  lang: string;
  label?: string;
  source: string;
}

function samplesSection(operation: JsonObject): string[] {
  const samples = Array.isArray(operation['x-codeSamples']) ? (operation['x-codeSamples'] as CodeSample[]) : [];
  if (!samples.length) return [];
  const out = ['## Code samples', ''];
  for (const sample of samples) {
    out.push(
      `### ${sample.label ?? sample.lang}`,
      '',
      fence(FENCE_LANG[sample.lang] ?? sample.lang.toLowerCase(), sample.source),
      '',
    );
  }
  return out;
}

/** The operation's security schemes (its own `security`, else the document's), in words. */
function securityLines(document: unknown, operation: JsonObject): string[] {
  const doc = isObject(document) ? document : {};
  const requirements = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(doc.security)
      ? doc.security
      : [];
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  const names = [...new Set(requirements.flatMap((r) => (isObject(r) ? Object.keys(r) : [])))];
  if (!names.length) return ['Authentication: none.', ''];
  return names.flatMap((name) => {
    const scheme = resolveRef<JsonObject>(document, schemes[name]);
    const how =
      scheme.type === 'http' && scheme.scheme === 'bearer'
        ? '`Authorization: Bearer <token>`'
        : scheme.type === 'apiKey'
          ? `the \`${String(scheme.name)}\` ${String(scheme.in)} value`
          : `${String(scheme.type)} ${String(scheme.scheme ?? '')}`.trim();
    // The scheme's own description says how, where it has one.
    return [`Authentication: ${typeof scheme.description === 'string' ? scheme.description.trim() : `${how}.`}`, ''];
  });
}

export interface Server {
  url: string;
  description?: string;
  variables?: Record<string, { default: string }>;
}

/** The operation's Markdown: `document` is the bundle with x-codeSamples, `servers` the spec's own. */
export function operationMarkdown(document: unknown, servers: readonly Server[], entry: OperationEntry): string {
  const { operation, method, path } = entry;
  const title = typeof operation.summary === 'string' ? operation.summary : entry.operationId;
  const out = [`# ${title}`, '', `\`${method.toUpperCase()} ${path}\``, ''];
  if (typeof operation.description === 'string') out.push(operation.description.trim(), '');
  if (servers.length) {
    out.push('Servers:', '');
    for (const server of servers) {
      const url = server.url.replace(/\{(\w+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
      out.push(`- \`${url}\`${server.description ? `: ${server.description.trim()}` : ''}`);
    }
    out.push('');
  }
  out.push(...securityLines(document, operation));
  out.push(
    ...parametersSection(document, entry, 'path', 'Path parameters'),
    ...parametersSection(document, entry, 'query', 'Query parameters'),
    ...parametersSection(document, entry, 'header', 'Header parameters'),
    ...requestBodySection(document, operation),
    ...responsesSection(document, operation),
    ...samplesSection(operation),
  );
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
