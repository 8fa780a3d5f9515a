// @ts-check
/**
 * Code samples for the API reference, derived from each operation of the
 * bundle (never written per operation): cURL, Go (standard library only) and
 * JavaScript with our client, @webmon/ts-client.
 *
 * Every sample sends what the API accepts: the bearer header, form-encoded
 * bodies with arrays in bracket form (`tags[]=a&tags[]=b`, read from the media
 * type's `x-form-array-style: brackets`), presence flags bare (`?matchany`).
 * Values come from the description's examples: path and query parameter
 * `example`s (a query parameter whose example is its default is left out) and
 * the request body's `example`.
 *
 * All samples call the first server with its variables at their defaults
 * (`https://api.example.com/v1`); test/code-samples.test.ts swaps that string
 * for a local mock's URL and runs them.
 */
import { isObject, listOperations, resolveRef } from '@webmon/openapi-core';

/**
 * What the samples read of the bundle; the rest is read through
 * @webmon/openapi-core, which follows `$ref`s and merges path-level parameters
 * as every other reader of the bundle does.
 * @typedef {{ url: string, variables?: Record<string, { default: string }> }} Server
 * @typedef {{ servers: Server[], paths: Record<string, unknown> }} Spec
 * @typedef {{ operationId: string, tags: string[], requestBody?: unknown }} Operation
 * @typedef {{ name: string, value: unknown, flag?: true }} QueryValue
 * @typedef {[key: string, value: string]} Pair
 * @typedef {{ group: string, method: string }} ClientMethod
 * @typedef {{ lang: string, label: string, source: string }} CodeSample
 */

/**
 * What a sample needs from an operation (describeOperation).
 * @typedef {object} SampleRequest
 * @property {string} method upper case
 * @property {string} url the default server's URL, path filled in, query string included
 * @property {Pair[]} pathValues each path parameter's example
 * @property {QueryValue[]} query
 * @property {Record<string, unknown> | undefined} bodyExample the form body's example
 * @property {Pair[] | undefined} form the body as form pairs, arrays in the media type's style
 */

/**
 * `https://{host}/v1` with every variable at its default.
 * @param {Spec} spec
 */
export function defaultServerUrl(spec) {
  const server = spec.servers[0];
  if (!server) throw new Error('the bundle has no server');
  return server.url.replace(/\{(\w+)\}/g, (_, name) => {
    const variable = server.variables?.[name];
    if (!variable) throw new Error(`server variable ${name} has no default`);
    return variable.default;
  });
}

/**
 * The name the client gives an operation, by the rule documented in
 * @webmon/ts-client's README ("Method names"): group = first tag, camel-cased;
 * method = the path's last literal segment with the tag taken off its front or
 * back, else the operationId's verb. prepare-api.mjs checks every name against
 * a real client, so a change of rule fails the build instead of shipping a
 * sample that calls nothing.
 * @param {string} path
 * @param {Operation} op
 * @returns {ClientMethod}
 */
export function clientMethod(path, op) {
  /** @param {string} s */
  const camel = (s) => s.replace(/-(\w)/g, (_, c) => c.toUpperCase());
  const tag = op.tags[0] ?? '';
  const last =
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .pop() ?? '';
  let name = last;
  if (name.startsWith(tag)) name = name.slice(tag.length);
  else if (name.endsWith(tag)) name = name.slice(0, -tag.length);
  name = name.replace(/^-+|-+$/g, '');
  if (!name) name = op.operationId.split('-')[0] ?? '';
  return { group: camel(tag), method: camel(name) };
}

/**
 * The form body's example as pairs, and whether arrays go in bracket form
 * (the media type's `x-form-array-style: brackets`).
 * @param {Spec} spec
 * @param {unknown} requestBody
 * @returns {{ pairs: [string, unknown][], brackets: boolean } | undefined}
 */
function formBody(spec, requestBody) {
  if (requestBody === undefined) return undefined;
  const content = resolveRef(spec, requestBody);
  const media =
    isObject(content) && isObject(content.content) ? content.content['application/x-www-form-urlencoded'] : undefined;
  if (!isObject(media)) return undefined;
  return {
    pairs: Object.entries(isObject(media.example) ? media.example : {}),
    brackets: media['x-form-array-style'] === 'brackets',
  };
}

/**
 * What a sample needs from an operation: URL pieces, query, form pairs.
 * @param {Spec} spec
 * @param {string} path
 * @param {string} method
 * @param {Operation} op
 * @returns {SampleRequest}
 */
export function describeOperation(spec, path, method, op) {
  // Path-level parameters merged with the operation's (which win on a clash), $refs followed.
  const entry = listOperations(spec).find((e) => e.path === path && e.method === method);
  if (!entry) throw new Error(`no operation ${method.toUpperCase()} ${path} in the bundle`);
  const params = entry.parameters;
  /** @type {Pair[]} */
  const pathValues = params
    .filter((p) => p.in === 'path')
    .map((p) => [p.name, String(p.parameter.example ?? p.schema.example ?? `<${p.name}>`)]);
  /** @type {QueryValue[]} */
  const query = [];
  for (const { name, parameter, schema } of params.filter((x) => x.in === 'query')) {
    const value = parameter.example ?? schema.example;
    if (value === undefined || value === schema.default) continue;
    if (parameter['x-presence-flag']) {
      if (value === true) query.push({ name, flag: true, value: true });
    } else query.push({ name, value });
  }
  const body = formBody(spec, op.requestBody);
  const form = body?.pairs.flatMap(([key, value]) =>
    Array.isArray(value)
      ? value.length
        ? value.map((v) => /** @type {Pair} */ ([body.brackets ? `${key}[]` : key, String(v)]))
        : [/** @type {Pair} */ ([body.brackets ? `${key}[]` : key, ''])]
      : [/** @type {Pair} */ ([key, String(value)])],
  );
  const urlPath = path.replace(/\{(\w+)\}/g, (_, name) => pathValues.find(([n]) => n === name)?.[1] ?? `{${name}}`);
  const queryString = query
    .map((q) => (q.flag ? q.name : `${q.name}=${encodeURIComponent(String(q.value)).replace(/%2C/gi, ',')}`))
    .join('&');
  return {
    method: method.toUpperCase(),
    url: `${defaultServerUrl(spec)}${urlPath}${queryString ? `?${queryString}` : ''}`,
    pathValues,
    query,
    bodyExample: body ? Object.fromEntries(body.pairs) : undefined,
    form,
  };
}

/** @param {string} s */
const shellQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/** @param {SampleRequest} d */
export function curlSample(d) {
  const lines = [
    d.method === 'GET' ? `curl ${shellQuote(d.url)}` : `curl -X ${d.method} ${shellQuote(d.url)}`,
    `  -H "Authorization: Bearer $WEBMON_API_TOKEN"`,
  ];
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
  const imports = ['fmt', 'io', 'net/http', 'os', ...(form ? ['net/url', 'strings'] : [])].sort();
  const out = ['package main', '', 'import (', ...imports.map((i) => `\t"${i}"`), ')', '', 'func main() {'];
  if (form) {
    out.push('\tform := url.Values{}');
    for (const [key, value] of form) out.push(`\tform.Add(${goString(key)}, ${goString(value)})`);
    out.push(
      `\treq, err := http.NewRequest(${goString(d.method)}, ${goString(d.url)}, strings.NewReader(form.Encode()))`,
    );
  } else {
    out.push(`\treq, err := http.NewRequest(${goString(d.method)}, ${goString(d.url)}, nil)`);
  }
  out.push('\tif err != nil {', '\t\tpanic(err)', '\t}');
  out.push('\treq.Header.Set("Authorization", "Bearer "+os.Getenv("WEBMON_API_TOKEN"))');
  if (form) out.push('\treq.Header.Set("Content-Type", "application/x-www-form-urlencoded")');
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

/**
 * @param {SampleRequest} d
 * @param {ClientMethod} name
 * @param {string} baseUrl
 */
export function jsSample(d, { group, method }, baseUrl) {
  const args = d.pathValues.map(([, v]) => jsValue(v));
  if (d.bodyExample) args.push(jsValue(d.bodyExample));
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
  return [
    "import { createClient } from '@webmon/ts-client';",
    '',
    `const client = createClient({ token: process.env.WEBMON_API_TOKEN, baseUrl: '${baseUrl}' });`,
    '',
    returns,
  ].join('\n');
}

/**
 * x-codeSamples for one operation, in the order the reference shows them.
 * @param {Spec} spec
 * @param {string} path
 * @param {string} method
 * @param {Operation} op
 * @returns {CodeSample[]}
 */
export function codeSamples(spec, path, method, op) {
  const d = describeOperation(spec, path, method, op);
  return [
    { lang: 'cURL', label: 'cURL', source: curlSample(d) },
    { lang: 'Go', label: 'Go', source: goSample(d) },
    {
      lang: 'JavaScript',
      label: '@webmon/ts-client',
      source: jsSample(d, clientMethod(path, op), defaultServerUrl(spec)),
    },
  ];
}
