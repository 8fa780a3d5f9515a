// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the programs written here have `${...}`s of their own
// A whole recipe as code a reader can run against the mock: a bash script
// with curl and jq, TypeScript on @webmon/ts-client, and Go with the standard
// library. Written from the recipe's steps (plan.ts) and their wire
// (wire.ts); each program sends the steps in order, checks every success
// criterion (printing it, and stopping at the first that fails), and keeps
// each step's outputs for the steps after it. The criteria and expressions
// are read by @webmon/arazzo, as the page reads them.
import {
  type Condition,
  type Expression,
  type Operand,
  criterionText,
  parseCriterion,
  parseExpression,
  wholeExpression,
} from '@webmon/arazzo';
import type { Recipe, RecipeStep } from './plan.js';
import { type Part, wireOf } from './wire.js';

export interface RecipeCode {
  /** As the try-it's samples name them: `cURL`, `TypeScript`, `Go`. */
  lang: 'cURL' | 'TypeScript' | 'Go';
  label: string;
  /** The file name the page offers and CI writes. */
  file: string;
  source: string;
}

const TOKEN_ENV = 'WEBMON_API_TOKEN';
const ORIGIN_ENV = 'WEBMON_MOCK_URL';

/** The inputs a reader sets: every one but the token (sent as the bearer token). */
const settable = (recipe: Recipe) => recipe.inputs.filter((input) => input.format !== 'password');
const envName = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_').toUpperCase();

/** The name a step's output is kept under: its own, or `<step>_<output>` where two steps share it. */
function outputNames(recipe: Recipe): (step: string, name: string) => string {
  const count = new Map<string, number>();
  for (const step of recipe.steps)
    for (const name of Object.keys(step.outputs)) count.set(name, (count.get(name) ?? 0) + 1);
  return (step, name) => ((count.get(name) ?? 0) > 1 ? `${step}_${name}` : name).replace(/[^A-Za-z0-9_]/g, '_');
}

function header(recipe: Recipe, comment: string): string[] {
  const lines = [`${recipe.title}: ${recipe.summary}`, ''];
  lines.push(`Runs against the mock server (npx @webmon/mock-server, ${recipe.mockOrigin}), whose sandbox clock`);
  lines.push(`the recipe moves; ${ORIGIN_ENV} points elsewhere. ${TOKEN_ENV}: any token on the mock.`);
  const inputs = settable(recipe);
  if (inputs.length) {
    lines.push('Inputs (environment variables):');
    for (const input of inputs)
      lines.push(
        `  ${envName(input.name)}: ${input.description ?? input.name}${input.default === undefined ? ' (required)' : ` Default: ${String(input.default)}.`}`,
      );
  }
  return lines.map((line) => (line ? `${comment} ${line}` : comment));
}

// ---------------------------------------------------------------- bash + curl + jq

const dq = (text: string) => text.replace(/[\\"$`]/g, (c) => `\\${c}`);
const sq = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A jq path for a JSON pointer's tokens: `.body.data[0].status`. */
const jqPath = (tokens: readonly string[]) =>
  `.body${tokens.map((t) => (/^\d+$/.test(t) ? `[${t}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(t) ? `.${t}` : `[${JSON.stringify(t)}]`)).join('')}`;

export function bashScript(recipe: Recipe): string {
  const output = outputNames(recipe);
  const shellValue = (e: Expression): string => {
    if (e.kind === 'input') return `$${envName(e.name)}`;
    if (e.kind === 'output') return `$${output(e.step, e.name)}`;
    throw new Error(`${e.kind} is not a value a request carries`);
  };
  const word = (parts: Part[]) =>
    `"${parts.map((p) => ('text' in p ? dq(p.text) : 'origin' in p ? '$ORIGIN' : `\${${shellValue(p.expression).slice(1)}}`)).join('')}"`;

  const out = ['#!/usr/bin/env bash', ...header(recipe, '#'), 'set -euo pipefail', ''];
  out.push(`ORIGIN="\${${ORIGIN_ENV}:-${recipe.mockOrigin}}"`);
  out.push(`TOKEN="\${${TOKEN_ENV}:?set ${TOKEN_ENV} (any token on the mock)}"`);
  for (const input of settable(recipe)) {
    const name = envName(input.name);
    out.push(
      input.default === undefined
        ? `${name}="\${${name}:?set ${name}: ${dq(input.description ?? input.name)}}"`
        : `${name}="\${${name}:-${dq(String(input.default))}}"`,
    );
  }
  out.push(
    '',
    '# call METHOD URL [curl options]: the answer as {"status": ..., "body": ...} in $answer.',
    '# A 429 (the mock allows 5 requests a second) is sent again a second later.',
    'call() {',
    '  local response',
    '  while :; do',
    `    response=$(curl -sS -X "$1" "$2" -H "Authorization: Bearer $TOKEN" -w '\\n%{http_code}' "\${@:3}")`,
    `    [ "\${response##*$'\\n'}" = 429 ] || break`,
    '    sleep 1',
    '  done',
    `  answer=$(jq -cn --argjson status "\${response##*$'\\n'}" --arg text "\${response%$'\\n'*}" \\`,
    `    '{status: $status, body: (try ($text | fromjson) catch $text)}')`,
    '}',
    '',
    '# check CRITERION JQ_FILTER [VALUE...]: stops the script unless the filter holds for $answer ($v1, $v2: the values).',
    'check() {',
    '  local criterion=$1 filter=$2',
    '  if jq -e --arg v1 "${3:-}" --arg v2 "${4:-}" "$filter" <<<"$answer" >/dev/null; then',
    '    echo "  ✓ $criterion"',
    '  else',
    '    echo "  ✗ $criterion; the answer: $answer" >&2',
    '    exit 1',
    '  fi',
    '}',
  );

  const jqOperand = (o: Operand, args: string[]): string => {
    if ('literal' in o) return JSON.stringify(o.literal);
    const e = o.expression;
    if (e.kind === 'status') return '.status';
    if (e.kind === 'body') return jqPath(e.pointer);
    args.push(`"${shellValue(e)}"`);
    return `$v${args.length}`;
  };
  const jqCondition = (c: Condition, args: string[]): string =>
    c.kind === 'regex'
      ? `${jqOperand(c.context, args)} | test(${JSON.stringify(c.pattern)})`
      : `${jqOperand(c.left, args)} ${c.operator} ${jqOperand(c.right, args)}`;

  for (const step of recipe.steps) {
    const wire = wireOf(step);
    out.push('', `echo ${sq(`▸ ${step.stepId}: ${step.description}`)}`);
    const options = (wire.form ?? []).map(
      ([name, value]) => `--data-urlencode ${word([{ text: `${name}=` }, ...value])}`,
    );
    out.push(`call ${wire.method} ${word(wire.url)}${options.map((o) => ` \\\n  ${o}`).join('')}`);
    for (const criterion of step.successCriteria) {
      const args: string[] = [];
      const filter = jqCondition(parseCriterion(criterion), args);
      out.push(`check ${sq(criterionText(criterion))} ${sq(filter)}${args.map((a) => ` ${a}`).join('')}`);
    }
    for (const [name, expr] of Object.entries(step.outputs)) {
      const e = parseOutput(expr);
      out.push(
        `${output(step.stepId, name)}=$(jq -r ${sq(e.kind === 'body' ? jqPath(e.pointer) : '.status')} <<<"$answer")`,
      );
    }
  }
  out.push('', `echo ${sq('Outputs:')}`);
  for (const [name, expr] of Object.entries(recipe.outputs)) {
    const e = parseOutput(expr, true);
    if (e.kind !== 'output') throw new Error(`workflow output ${name}: only step outputs are written`);
    out.push(`echo "  ${name}: $${output(e.step, e.name)}"`);
  }
  return `${out.join('\n')}\n`;
}

/** What an output reads: a step's answer (its status or a body pointer), or for the workflow a step's output. */
function parseOutput(expr: string, workflow = false): Expression {
  const e = parseExpression(wholeExpression(expr) ?? expr);
  if (workflow ? e.kind !== 'output' : e.kind !== 'status' && e.kind !== 'body')
    throw new Error(`output ${expr}: not what a ${workflow ? 'workflow' : 'step'} output reads`);
  return e;
}

// ---------------------------------------------------------------- TypeScript on @webmon/ts-client

/** Where the client's operations sit below the origin (`/v1`). */
function apiBasePath(recipe: Recipe): string {
  for (const { call } of recipe.steps) if (call.kind === 'operation' && call.client) return call.basePath;
  return '';
}

/** A string literal: single quotes, or double where the text has a single one and no double. */
const tsString = (text: string) =>
  text.includes("'") && !text.includes('"')
    ? JSON.stringify(text)
    : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const tsKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : tsString(key));
const tsAccess = (tokens: readonly string[]) =>
  tokens
    .map((t) => (/^\d+$/.test(t) ? `?.[${t}]` : /^[A-Za-z_$][\w$]*$/.test(t) ? `?.${t}` : `?.[${tsString(t)}]`))
    .join('');

export function typeScript(recipe: Recipe): string {
  const output = outputNames(recipe);
  const tsExpression = (e: Expression): string => {
    switch (e.kind) {
      case 'input':
        return /^[A-Za-z_$][\w$]*$/.test(e.name) ? `inputs.${e.name}` : `inputs[${tsString(e.name)}]`;
      case 'output':
        return `out.${output(e.step, e.name)}`;
      case 'status':
        return 'answer.status';
      case 'body':
        return `answer.body${tsAccess(e.pointer)}`;
      case 'header':
        return `answer.headers.get(${tsString(e.name)})`;
    }
  };
  const tsValue = (value: unknown, indent: string): string => {
    const expression = wholeExpression(value);
    if (expression) return tsExpression(parseExpression(expression));
    if (Array.isArray(value)) return `[${value.map((v) => tsValue(v, indent)).join(', ')}]`;
    if (value !== null && typeof value === 'object') {
      const inner = `${indent}  `;
      const entries = Object.entries(value).map(([k, v]) => `${inner}${tsKey(k)}: ${tsValue(v, inner)},`);
      return entries.length ? `{\n${entries.join('\n')}\n${indent}}` : '{}';
    }
    return typeof value === 'string' ? tsString(value) : JSON.stringify(value);
  };
  const template = (parts: Part[]) =>
    `\`${parts.map((p) => ('text' in p ? p.text.replace(/[`\\]|\$\{/g, (c) => `\\${c}`) : 'origin' in p ? '${origin}' : `\${${tsExpression(p.expression)}}`)).join('')}\``;
  const operand = (o: Operand) =>
    'literal' in o
      ? typeof o.literal === 'string'
        ? tsString(o.literal)
        : String(o.literal)
      : tsExpression(o.expression);
  const condition = (c: Condition) =>
    c.kind === 'regex'
      ? `/${c.pattern.replace(/\//g, '\\/')}/.test(String(${operand(c.context)}))`
      : `${operand(c.left)} ${c.operator === '==' ? '===' : c.operator === '!=' ? '!==' : c.operator} ${operand(c.right)}`;

  const inputs = settable(recipe).map((input) => {
    const env = `process.env.${envName(input.name)}`;
    const value =
      input.default === undefined
        ? `required(${tsString(envName(input.name))})`
        : `${env} ?? ${typeof input.default === 'string' ? tsString(input.default) : JSON.stringify(input.default)}`;
    return `  ${tsKey(input.name)}: ${input.type === 'integer' || input.type === 'number' ? `Number(${value})` : value},`;
  });
  const out = [
    ...header(recipe, '//'),
    "import { createClient } from '@webmon/ts-client';",
    '',
    'function required(name: string): string {',
    '  const value = process.env[name];',
    '  if (!value) throw new Error(`set ${name}`);',
    '  return value;',
    '}',
    '',
    `const origin = process.env.${ORIGIN_ENV} ?? ${tsString(recipe.mockOrigin)};`,
    `const token = process.env.${TOKEN_ENV} ?? '';`,
    `const inputs = {\n${inputs.join('\n')}\n};`,
    '',
    '/** The last answer, as the checks and outputs read it (the client hands it to onResponse). */',
    'let answer: { status: number; headers: Headers; body: any } = { status: 0, headers: new Headers(), body: undefined };',
    'async function keep(response: Response): Promise<void> {',
    '  const text = await response.clone().text();',
    '  let body: unknown = text;',
    '  try {',
    '    body = JSON.parse(text);',
    '  } catch {}',
    '  answer = { status: response.status, headers: response.headers, body };',
    '}',
    `const client = createClient({ token, baseUrl: \`\${origin}${apiBasePath(recipe)}\`, onResponse: keep });`,
    '',
    '/** A request the client does not make (the sandbox clock, a URL an answer gave); a 429 is sent again a second later, as the client does. */',
    'async function send(method: string, url: string, form?: [string, string][]): Promise<void> {',
    '  const headers: Record<string, string> = { authorization: `Bearer ${token}` };',
    "  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';",
    '  let response = await fetch(url, { method, headers, body: form && new URLSearchParams(form) });',
    '  while (response.status === 429) {',
    '    await new Promise((resolve) => setTimeout(resolve, 1000));',
    '    response = await fetch(url, { method, headers, body: form && new URLSearchParams(form) });',
    '  }',
    '  await keep(response);',
    '}',
    '',
    'function check(holds: boolean, criterion: string): void {',
    '  if (!holds) throw new Error(`✗ ${criterion}; the answer: ${JSON.stringify(answer.body)}`);',
    '  console.log(`  ✓ ${criterion}`);',
    '}',
    '',
    'const out: Record<string, any> = {};',
  ];
  for (const step of recipe.steps) {
    out.push('', `console.log(${tsString(`▸ ${step.stepId}: ${step.description}`)});`);
    const { call } = step;
    if (call.kind === 'operation' && call.client) {
      const args = call.pathValues.map((v) => tsValue(v, ''));
      if (Object.keys(call.input).length) args.push(tsValue(call.input, ''));
      out.push(`await client.${call.client.group}.${call.client.method}(${args.join(', ')});`);
    } else {
      const wire = wireOf(step);
      const form = wire.form
        ? `, [${wire.form.map(([name, value]) => `[${tsString(name)}, ${value.length === 1 && 'expression' in value[0]! ? `String(${tsExpression(value[0].expression)})` : template(value)}]`).join(', ')}]`
        : '';
      out.push(`await send(${tsString(wire.method)}, ${template(wire.url)}${form});`);
    }
    for (const criterion of step.successCriteria)
      out.push(`check(${condition(parseCriterion(criterion))}, ${tsString(criterionText(criterion))});`);
    for (const [name, expr] of Object.entries(step.outputs))
      out.push(`out.${output(step.stepId, name)} = ${tsExpression(parseOutput(expr))};`);
  }
  out.push('', "console.log('Outputs:');");
  for (const [name, expr] of Object.entries(recipe.outputs)) {
    const e = parseOutput(expr, true);
    out.push(`console.log(\`  ${name}: \${${tsExpression(e)}}\`);`);
  }
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------- Go, standard library

const goString = (text: string) => JSON.stringify(text);

export function goProgram(recipe: Recipe): string {
  const output = outputNames(recipe);
  const goExpression = (e: Expression): string => {
    switch (e.kind) {
      case 'input':
        return `inputs[${goString(e.name)}]`;
      case 'output':
        return `out[${goString(output(e.step, e.name))}]`;
      case 'status':
        return 'a.status';
      case 'body':
        return `at(a.body${e.pointer.map((t) => `, ${goString(t)}`).join('')})`;
      case 'header':
        return `a.header.Get(${goString(e.name)})`;
    }
  };
  const concat = (parts: Part[]) =>
    parts
      .map((p) => ('text' in p ? goString(p.text) : 'origin' in p ? 'origin' : `text(${goExpression(p.expression)})`))
      .join(' + ') || '""';
  const operand = (o: Operand) =>
    'literal' in o ? (o.literal === null ? 'nil' : JSON.stringify(o.literal)) : goExpression(o.expression);
  const condition = (c: Condition) =>
    c.kind === 'regex'
      ? `matches(${operand(c.context)}, ${goString(c.pattern)})`
      : `compare(${operand(c.left)}, ${goString(c.operator)}, ${operand(c.right)})`;

  const inputs = settable(recipe).map((input) => {
    const env = goString(envName(input.name));
    return input.default === undefined
      ? `\t\t${goString(input.name)}: required(${env}),`
      : `\t\t${goString(input.name)}: env(${env}, ${goString(String(input.default))}),`;
  });
  const body: string[] = [];
  for (const step of recipe.steps) {
    const wire = wireOf(step);
    body.push('', `\tfmt.Println(${goString(`▸ ${step.stepId}: ${step.description}`)})`);
    if (wire.form) {
      body.push('\tform = url.Values{}');
      for (const [name, value] of wire.form) body.push(`\tform.Add(${goString(name)}, ${concat(value)})`);
    }
    body.push(`\ta = call(${goString(wire.method)}, ${concat(wire.url)}, ${wire.form ? 'form' : 'nil'})`);
    for (const criterion of step.successCriteria)
      body.push(`\tcheck(a, ${condition(parseCriterion(criterion))}, ${goString(criterionText(criterion))})`);
    for (const [name, expr] of Object.entries(step.outputs))
      body.push(`\tout[${goString(output(step.stepId, name))}] = ${goExpression(parseOutput(expr))}`);
  }
  body.push('', '\tfmt.Println("Outputs:")');
  for (const [name, expr] of Object.entries(recipe.outputs))
    body.push(`\tfmt.Println(${goString(`  ${name}:`)}, ${goExpression(parseOutput(expr, true))})`);

  return `${header(recipe, '//').join('\n')}
package main

import (
\t"encoding/json"
\t"fmt"
\t"io"
\t"net/http"
\t"net/url"
\t"os"
\t"regexp"
\t"strconv"
\t"strings"
\t"time"
)

var origin = env(${goString(ORIGIN_ENV)}, ${goString(recipe.mockOrigin)})
var token = os.Getenv(${goString(TOKEN_ENV)})

func env(name, fallback string) string {
\tif value := os.Getenv(name); value != "" {
\t\treturn value
\t}
\treturn fallback
}

func required(name string) string {
\tvalue := os.Getenv(name)
\tif value == "" {
\t\tfmt.Fprintln(os.Stderr, "set", name)
\t\tos.Exit(2)
\t}
\treturn value
}

// answer is one step's answer, as the checks and outputs read it.
type answer struct {
\tstatus float64
\theader http.Header
\tbody   any
}

func call(method, target string, form url.Values) answer {
\tvar reader io.Reader
\tif form != nil {
\t\treader = strings.NewReader(form.Encode())
\t}
\treq, err := http.NewRequest(method, target, reader)
\tif err != nil {
\t\tpanic(err)
\t}
\treq.Header.Set("Authorization", "Bearer "+token)
\tif form != nil {
\t\treq.Header.Set("Content-Type", "application/x-www-form-urlencoded")
\t}
\tres, err := http.DefaultClient.Do(req)
\tif err != nil {
\t\tpanic(err)
\t}
\tdefer res.Body.Close()
\tif res.StatusCode == http.StatusTooManyRequests { // the mock allows 5 requests a second
\t\ttime.Sleep(time.Second)
\t\treturn call(method, target, form)
\t}
\tdata, _ := io.ReadAll(res.Body)
\tvar body any = string(data)
\t_ = json.Unmarshal(data, &body)
\treturn answer{float64(res.StatusCode), res.Header, body}
}

// at is the value at a JSON pointer's tokens, or nil.
func at(value any, tokens ...string) any {
\tfor _, token := range tokens {
\t\tswitch v := value.(type) {
\t\tcase map[string]any:
\t\t\tvalue = v[token]
\t\tcase []any:
\t\t\ti, err := strconv.Atoi(token)
\t\t\tif err != nil || i < 0 || i >= len(v) {
\t\t\t\treturn nil
\t\t\t}
\t\t\tvalue = v[i]
\t\tdefault:
\t\t\treturn nil
\t\t}
\t}
\treturn value
}

// text is a value as a URL or a form carries it.
func text(value any) string {
\tif s, ok := value.(string); ok {
\t\treturn s
\t}
\tdata, _ := json.Marshal(value)
\treturn string(data)
}

// compare compares JSON values strictly (a string never equals a number); nil fails every comparison.
func compare(left any, op string, right any) bool {
\tif left == nil || right == nil {
\t\treturn false
\t}
\tl, lnum := number(left)
\tr, rnum := number(right)
\tswitch op {
\tcase "==", "!=":
\t\tsame := lnum && rnum && l == r || !lnum && !rnum && text(left) == text(right)
\t\treturn same == (op == "==")
\t}
\tif !lnum || !rnum {
\t\treturn false
\t}
\tswitch op {
\tcase "<":
\t\treturn l < r
\tcase "<=":
\t\treturn l <= r
\tcase ">":
\t\treturn l > r
\t}
\treturn l >= r
}

func number(value any) (float64, bool) {
\tswitch v := value.(type) {
\tcase float64:
\t\treturn v, true
\tcase int:
\t\treturn float64(v), true
\t}
\treturn 0, false
}

func matches(value any, pattern string) bool {
\tswitch value.(type) {
\tcase string, float64:
\t\treturn regexp.MustCompile(pattern).MatchString(text(value))
\t}
\treturn false
}

func check(a answer, holds bool, criterion string) {
\tif !holds {
\t\tfmt.Fprintf(os.Stderr, "  ✗ %s; the answer: %d %s\\n", criterion, int(a.status), text(a.body))
\t\tos.Exit(1)
\t}
\tfmt.Println("  ✓", criterion)
}

func main() {
\tinputs := map[string]any{
${inputs.join('\n')}
\t}
\tout := map[string]any{}
\tvar a answer
\tvar form url.Values
\t_, _ = inputs, form
${body.join('\n')}
}
`;
}

/** The three programs, in the order the page shows them. */
export function recipeCode(recipe: Recipe): RecipeCode[] {
  return [
    { lang: 'cURL', label: 'cURL', file: `${recipe.workflowId}.sh`, source: bashScript(recipe) },
    {
      lang: 'TypeScript',
      label: 'TypeScript (@webmon/ts-client)',
      file: `${recipe.workflowId}.ts`,
      source: typeScript(recipe),
    },
    { lang: 'Go', label: 'Go', file: `${recipe.workflowId}.go`, source: goProgram(recipe) },
  ];
}

export type { RecipeStep };
