// The reference's code samples (cURL, Go with the standard library, and our
// TypeScript client) for one call, from what @webmon/ts-client's
// prepareRequest says it sends: the URL and the form body come encoded from
// there, so no sample re-encodes the wire. Used in the page (the try-it's
// samples follow the form) and at build time (the pages' first samples).
import type { PreparedRequest } from '@webmon/ts-client';

export interface SampleCall {
  request: PreparedRequest;
  /** The server the samples call (the description's first: production). */
  baseUrl: string;
  pathValues: readonly unknown[];
  /** The call's query or body, as the client takes it. */
  input: Record<string, unknown>;
  client: { group: string; method: string };
}

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The form body as name/value pairs, in order (`tags[]`, `tags[]`), decoded. */
export function formPairsOf(body: string | undefined): [string, string][] {
  if (body === undefined || body === '') return [];
  return body.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
  });
}

/** Extra headers a sample shows (`Prefer`), not those every call has. */
const shownHeaders = (request: PreparedRequest) =>
  Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-type');

export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function curlSample({ request }: SampleCall): string {
  const lines = [
    request.method === 'GET'
      ? `curl ${shellQuote(request.url)}`
      : `curl -X ${request.method} ${shellQuote(request.url)}`,
    `  -H "Authorization: Bearer $WEBMON_API_TOKEN"`,
  ];
  for (const [name, value] of shownHeaders(request)) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  // --data-urlencode encodes the value and sends the name as written: `tags[]` reaches the API as is.
  if (request.body !== undefined) {
    const pairs = formPairsOf(request.body);
    if (pairs.length === 0) lines.push(`  -d ''`);
    for (const [name, value] of pairs) lines.push(`  --data-urlencode ${shellQuote(`${name}=${value}`)}`);
  }
  return lines.join(' \\\n');
}

const goString = (s: string) => JSON.stringify(s);

export function goSample({ request }: SampleCall): string {
  const form = request.body === undefined ? undefined : formPairsOf(request.body);
  const imports = ['fmt', 'io', 'net/http', 'os', ...(form ? ['net/url', 'strings'] : [])].sort();
  const out = ['package main', '', 'import (', ...imports.map((i) => `\t"${i}"`), ')', '', 'func main() {'];
  if (form) {
    out.push('\tform := url.Values{}');
    for (const [name, value] of form) out.push(`\tform.Add(${goString(name)}, ${goString(value)})`);
    out.push(
      `\treq, err := http.NewRequest(${goString(request.method)}, ${goString(request.url)}, strings.NewReader(form.Encode()))`,
    );
  } else {
    out.push(`\treq, err := http.NewRequest(${goString(request.method)}, ${goString(request.url)}, nil)`);
  }
  out.push('\tif err != nil {', '\t\tpanic(err)', '\t}');
  out.push('\treq.Header.Set("Authorization", "Bearer "+os.Getenv("WEBMON_API_TOKEN"))');
  if (form) out.push('\treq.Header.Set("Content-Type", "application/x-www-form-urlencoded")');
  for (const [name, value] of shownHeaders(request))
    out.push(`\treq.Header.Set(${goString(name)}, ${goString(value)})`);
  out.push(
    '\tres, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer res.Body.Close()',
    '\tbody, _ := io.ReadAll(res.Body)',
    '\tfmt.Println(res.Status)',
    '\tfmt.Println(string(body))',
    '}',
  );
  return out.join('\n');
}

/** A JavaScript literal, keys unquoted where they can be. */
function jsValue(value: unknown, indent = ''): string {
  if (Array.isArray(value)) return `[${value.map((v) => jsValue(v, indent)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(
      ([k, v]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${jsValue(v, inner)},`,
    );
    return entries.length ? `{\n${entries.join('\n')}\n${indent}}` : '{}';
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
}

export function tsClientSample({ request, baseUrl, pathValues, input, client }: SampleCall): string {
  const args = pathValues.map((v) => jsValue(v));
  if (Object.keys(input).length) args.push(jsValue(input));
  const call = `client.${client.group}.${client.method}(${args.join(', ')})`;
  const returns =
    request.method === 'DELETE' || request.method === 'PUT'
      ? `await ${call};\nconsole.log('done');`
      : `const result = await ${call};\nconsole.log(JSON.stringify(result, null, 2));`;
  const headers = shownHeaders(request);
  const extra = headers.length ? `, headers: ${jsValue(Object.fromEntries(headers)).replace(/\n\s*/g, ' ')}` : '';
  // `?? ''`: the sample type-checks, and with the variable unset createClient says the token is missing.
  const options = `{ token: process.env.WEBMON_API_TOKEN ?? '', baseUrl: '${baseUrl}'${extra} }`;
  return [
    "import { createClient } from '@webmon/ts-client';",
    '',
    `const client = createClient(${options});`,
    '',
    returns,
  ].join('\n');
}

/** The three samples, in the order the reference shows them. */
export function codeSamples(call: SampleCall): CodeSample[] {
  return [
    { lang: 'cURL', label: 'cURL', source: curlSample(call) },
    { lang: 'Go', label: 'Go', source: goSample(call) },
    { lang: 'JavaScript', label: '@webmon/ts-client', source: tsClientSample(call) },
  ];
}
