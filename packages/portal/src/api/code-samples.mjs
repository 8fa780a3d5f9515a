// @ts-check
/**
 * The rules of the reference's code samples, ONE implementation for the build
 * and the browser: cURL, Go (standard library only) and JavaScript with our
 * client, @webmon/ts-client, from a description of one request.
 *
 * - At build, scripts/code-samples.mjs describes each operation of the bundle
 *   with its examples and writes the samples into `x-codeSamples` (what the
 *   page shows before the try-it loads, and what test/code-samples.test.ts runs).
 * - In the browser, src/api/liveSamples.ts describes what the reader has
 *   entered in the try-it (server, path values, query, body, sandbox scenario)
 *   and the samples follow it (src/theme/ApiExplorer/CodeSnippets).
 *
 * Every sample sends what the API accepts: the bearer header with the token
 * from `$WEBMON_API_TOKEN` (never a token itself), form-encoded bodies with
 * arrays in bracket form when the media type says so (`tags[]=a&tags[]=b`,
 * `tags[]=` for an empty list), presence flags bare (`?matchany`).
 *
 * Plain JavaScript with JSDoc types (checked by tsc): the build script runs in
 * Node 20, which cannot load TypeScript, and the theme imports it as is.
 */

/**
 * @typedef {{ name: string, value: unknown, flag?: true }} QueryValue
 * @typedef {[key: string, value: string]} Pair
 * @typedef {{ group: string, method: string }} ClientMethod
 * @typedef {{ lang: string, label: string, source: string }} CodeSample
 */

/**
 * One request, as the samples need it.
 * @typedef {object} SampleRequest
 * @property {string} method upper case
 * @property {string} baseUrl the server's URL, variables filled in, no trailing slash
 * @property {string} path the path template, e.g. `/uptime/{test_id}`
 * @property {Pair[]} pathValues each path parameter's value
 * @property {QueryValue[]} query the query as sent (flags only when true)
 * @property {Record<string, unknown> | undefined} bodyObject the form body as values (for the client's call)
 * @property {Pair[] | undefined} form the form body as sent, arrays in the media type's style
 * @property {Pair[]} [headers] other headers sent (e.g. `Prefer` for a sandbox scenario)
 * @property {ClientMethod} client the client method for this operation (@webmon/openapi-core's clientMethodNames)
 */

/**
 * A form body's values as pairs: arrays one pair per value, in bracket form
 * when `brackets` (`tags[]`), an empty array as one empty value.
 * @param {Record<string, unknown>} values
 * @param {boolean} brackets
 * @returns {Pair[]}
 */
export function formPairs(values, brackets) {
  return Object.entries(values).flatMap(([key, value]) => {
    const name = brackets && Array.isArray(value) ? `${key}[]` : key;
    if (!Array.isArray(value)) return [/** @type {Pair} */ ([key, String(value)])];
    return value.length
      ? value.map((v) => /** @type {Pair} */ ([name, String(v)]))
      : [/** @type {Pair} */ ([name, ''])];
  });
}

/**
 * The full URL: server, path values, query (commas kept readable).
 * @param {SampleRequest} d
 */
export function sampleUrl(d) {
  const path = d.path.replace(/\{(\w+)\}/g, (_, name) => {
    const value = d.pathValues.find(([n]) => n === name)?.[1];
    return value === undefined || value === '' ? `{${name}}` : encodeURIComponent(value);
  });
  const queryString = d.query
    .map((q) => (q.flag ? q.name : `${q.name}=${encodeURIComponent(String(q.value)).replace(/%2C/gi, ',')}`))
    .join('&');
  return `${d.baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

/** @param {string} s */
const shellQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/** @param {SampleRequest} d */
export function curlSample(d) {
  const url = sampleUrl(d);
  const lines = [
    d.method === 'GET' ? `curl ${shellQuote(url)}` : `curl -X ${d.method} ${shellQuote(url)}`,
    `  -H "Authorization: Bearer $WEBMON_API_TOKEN"`,
  ];
  for (const [key, value] of d.headers ?? []) lines.push(`  -H ${shellQuote(`${key}: ${value}`)}`);
  // --data-urlencode encodes the value and sends the name as written, so the
  // bracket key (`tags[]`) reaches the API as is; an empty array is `tags[]=`.
  for (const [key, value] of d.form ?? []) lines.push(`  --data-urlencode ${shellQuote(`${key}=${value}`)}`);
  return lines.join(' \\\n');
}

/** @param {string} s */
const goString = (s) => JSON.stringify(s);

/** @param {SampleRequest} d */
export function goSample(d) {
  const form = d.form;
  const url = sampleUrl(d);
  const imports = ['fmt', 'io', 'net/http', 'os', ...(form ? ['net/url', 'strings'] : [])].sort();
  const out = ['package main', '', 'import (', ...imports.map((i) => `\t"${i}"`), ')', '', 'func main() {'];
  if (form) {
    out.push('\tform := url.Values{}');
    for (const [key, value] of form) out.push(`\tform.Add(${goString(key)}, ${goString(value)})`);
    out.push(
      `\treq, err := http.NewRequest(${goString(d.method)}, ${goString(url)}, strings.NewReader(form.Encode()))`,
    );
  } else {
    out.push(`\treq, err := http.NewRequest(${goString(d.method)}, ${goString(url)}, nil)`);
  }
  out.push('\tif err != nil {', '\t\tpanic(err)', '\t}');
  out.push('\treq.Header.Set("Authorization", "Bearer "+os.Getenv("WEBMON_API_TOKEN"))');
  if (form) out.push('\treq.Header.Set("Content-Type", "application/x-www-form-urlencoded")');
  for (const [key, value] of d.headers ?? []) out.push(`\treq.Header.Set(${goString(key)}, ${goString(value)})`);
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

/**
 * JavaScript literal, keys unquoted where they can be.
 * @param {unknown} value
 * @returns {string}
 */
function jsValue(value, indent = '') {
  if (Array.isArray(value)) return `[${value.map((v) => jsValue(v, indent)).join(', ')}]`;
  if (value && typeof value === 'object') {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(
      ([k, v]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${jsValue(v, inner)},`,
    );
    return `{\n${entries.join('\n')}\n${indent}}`;
  }
  return typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(value);
}

/** @param {SampleRequest} d */
export function jsSample(d) {
  const { group, method } = d.client;
  const args = d.pathValues.map(([, v]) => jsValue(v));
  if (d.bodyObject) args.push(jsValue(d.bodyObject));
  else if (d.query.length) {
    // The client takes list filters as arrays and presence flags as booleans.
    args.push(
      jsValue(
        Object.fromEntries(d.query.map((q) => [q.name, q.name === 'tags' ? String(q.value).split(',') : q.value])),
      ),
    );
  }
  const call = `client.${group}.${method}(${args.join(', ')})`;
  const returns =
    d.method === 'DELETE' || d.method === 'PUT'
      ? `await ${call};\nconsole.log('done');`
      : `const result = await ${call};\nconsole.log(JSON.stringify(result, null, 2));`;
  // Extra headers (a sandbox scenario's `Prefer`) go in the client's `headers` option.
  const headers = d.headers?.length ? `, headers: ${jsValue(Object.fromEntries(d.headers))}` : '';
  // `?? ''`: the sample type-checks (`token` is a string) and, with the variable
  // unset, createClient refuses the empty token with a TypeError that says so.
  const options = `{ token: process.env.WEBMON_API_TOKEN ?? '', baseUrl: '${d.baseUrl}'${headers.replace(/\n\s*/g, ' ')} }`;
  return [
    "import { createClient } from '@webmon/ts-client';",
    '',
    `const client = createClient(${options});`,
    '',
    returns,
  ].join('\n');
}

/**
 * The three samples, in the order the reference shows them.
 * @param {SampleRequest} d
 * @returns {CodeSample[]}
 */
export function codeSamples(d) {
  return [
    { lang: 'cURL', label: 'cURL', source: curlSample(d) },
    { lang: 'Go', label: 'Go', source: goSample(d) },
    { lang: 'JavaScript', label: '@webmon/ts-client', source: jsSample(d) },
  ];
}
