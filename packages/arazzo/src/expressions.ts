// Arazzo 1.0 runtime expressions, the part our workflows use: what a step
// reads from the workflow's inputs, from earlier steps' outputs and from its
// own answer. One reading for every consumer: the page evaluates them against
// answers, the code generators turn the same parts into code.
import { parsePointer } from '@webmon/openapi-core';

/** What a runtime expression names. */
export type Expression =
  | { kind: 'input'; name: string }
  | { kind: 'output'; step: string; name: string }
  | { kind: 'status' }
  | { kind: 'body'; pointer: string[] }
  | { kind: 'header'; name: string };

/** What an expression is evaluated against: the inputs, the outputs so far, and the step's answer once it came. */
export interface Context {
  inputs: Record<string, unknown>;
  steps: Record<string, Record<string, unknown>>;
  response?: { status: number; headers: Record<string, string>; body: unknown };
}

/** An answer's body as `$response.body` reads it: its JSON, or its text when it is not JSON (a plain-text answer). */
export function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const NAME = '[A-Za-z0-9_.-]+';
const FORMS: [RegExp, (m: RegExpExecArray) => Expression][] = [
  [new RegExp(`^\\$inputs\\.(${NAME})$`), (m) => ({ kind: 'input', name: m[1]! })],
  [
    new RegExp(`^\\$steps\\.([A-Za-z0-9_-]+)\\.outputs\\.(${NAME})$`),
    (m) => ({ kind: 'output', step: m[1]!, name: m[2]! }),
  ],
  [/^\$statusCode$/, () => ({ kind: 'status' })],
  [/^\$response\.body(#.*)?$/, (m) => ({ kind: 'body', pointer: m[1] ? parsePointer(m[1]) : [] })],
  [/^\$response\.header\.([A-Za-z0-9!#$%&'*+.^_`|~-]+)$/, (m) => ({ kind: 'header', name: m[1]!.toLowerCase() })],
];

export const isExpression = (value: unknown): value is string => typeof value === 'string' && value.startsWith('$');

/** The parts of a runtime expression; an error naming it for a form this module does not read. */
export function parseExpression(text: string): Expression {
  for (const [pattern, make] of FORMS) {
    const match = pattern.exec(text.trim());
    if (match) return make(match);
  }
  throw new Error(`unsupported runtime expression: ${text}`);
}

/** The value at a pointer's tokens, or undefined where there is none. */
export function atPointer(value: unknown, pointer: readonly string[]): unknown {
  let at = value;
  for (const token of pointer) {
    if (Array.isArray(at)) at = /^(0|[1-9]\d*)$/.test(token) ? at[Number(token)] : undefined;
    else if (at !== null && typeof at === 'object' && Object.hasOwn(at, token))
      at = (at as Record<string, unknown>)[token];
    else return undefined;
  }
  return at;
}

/** An expression's value in `context`; undefined for what is not there (yet). */
export function evaluate(expression: string | Expression, context: Context): unknown {
  const e = typeof expression === 'string' ? parseExpression(expression) : expression;
  switch (e.kind) {
    case 'input':
      return context.inputs[e.name];
    case 'output':
      return context.steps[e.step]?.[e.name];
    case 'status':
      return context.response?.status;
    case 'body':
      return atPointer(context.response?.body, e.pointer);
    case 'header':
      return context.response?.headers[e.name];
  }
}

const EMBEDDED = /\{(\$[^}]+)\}/g;

/**
 * A value as a step sends it: an expression evaluated, `{$expression}`s in a
 * string filled in, objects and arrays walked; anything else as written.
 */
export function resolve(value: unknown, context: Context): unknown {
  if (isExpression(value)) return evaluate(value, context);
  if (typeof value === 'string') return value.replace(EMBEDDED, (_, expr: string) => String(evaluate(expr, context)));
  if (Array.isArray(value)) return value.map((item) => resolve(item, context));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, context)]));
  return value;
}

/** A string whose whole value is one `{$expression}` is that expression (`{$inputs.url}` -> `$inputs.url`). */
export function wholeExpression(value: unknown): string | undefined {
  if (isExpression(value)) return value;
  if (typeof value !== 'string') return undefined;
  const match = /^\{(\$[^}]+)\}$/.exec(value);
  return match?.[1];
}

/** The outputs a step passes on, evaluated against its answer. */
export function outputsOf(outputs: Record<string, string> | undefined, context: Context): Record<string, unknown> {
  return Object.fromEntries(Object.entries(outputs ?? {}).map(([name, expr]) => [name, evaluate(expr, context)]));
}
