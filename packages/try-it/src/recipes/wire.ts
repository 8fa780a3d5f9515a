// A step's request as the code generators write it: the URL and form pairs
// exactly as @webmon/ts-client's prepareRequest encodes them, with each
// runtime expression left as a hole the generated code fills at run time.
// prepareRequest is called with a placeholder for each expression (letters
// and digits only, which no encoder changes), then the placeholders are cut
// back out: the wire rules stay the client's.
import { type Expression, parseExpression, wholeExpression } from '@webmon/arazzo';
import { prepareRequest } from '@webmon/ts-client';
import { formPairsOf } from '../samples/index.js';
import type { RecipeStep } from './plan.js';

/** A piece of a URL or of a form value: text as written, the mock's origin, or an expression's value. */
export type Part = { text: string } | { origin: true } | { expression: Expression; source: string };

export interface WireRequest {
  method: string;
  url: Part[];
  /** Form pairs, names as sent (`tags[]`), in order. */
  form?: [string, Part[]][];
}

const ORIGIN = 'https://recipeorigin.invalid';
const HOLE = /RECIPEHOLE(\d+)X|https:\/\/recipeorigin\.invalid/g;

export function wireOf(step: RecipeStep): WireRequest {
  const holes: string[] = [];
  const hole = (value: unknown): unknown => {
    const expression = wholeExpression(value);
    if (expression) return `RECIPEHOLE${holes.push(expression) - 1}X`;
    if (typeof value === 'string' && value.includes('{$'))
      throw new Error(`step ${step.stepId}: an expression inside a longer text is not written as code: ${value}`);
    if (Array.isArray(value)) return value.map(hole);
    return value;
  };
  const parts = (text: string): Part[] => {
    const out: Part[] = [];
    let last = 0;
    for (const match of text.matchAll(HOLE)) {
      if (match.index > last) out.push({ text: text.slice(last, match.index) });
      if (match[1] === undefined) out.push({ origin: true });
      else {
        const source = holes[Number(match[1])]!;
        out.push({ expression: parseExpression(source), source });
      }
      last = match.index + match[0].length;
    }
    if (last < text.length) out.push({ text: text.slice(last) });
    return out;
  };
  const { call } = step;
  if (call.kind === 'url') return { method: call.method, url: parts(String(hole(call.url))) };
  const input = Object.fromEntries(Object.entries(call.input).map(([name, value]) => [name, hole(value)]));
  const request = prepareRequest(call.row, call.pathValues.map(hole), input, { baseUrl: ORIGIN + call.basePath });
  return {
    method: request.method,
    url: parts(request.url),
    ...(request.body === undefined
      ? {}
      : { form: formPairsOf(request.body).map(([name, value]): [string, Part[]] => [name, parts(value)]) }),
  };
}

/** Parts as text, each expression in braces (`/v1/uptime/{$steps.create.outputs.id}`), the origin left out: how pages show a request before it runs. */
export const partsText = (parts: readonly Part[]): string =>
  parts.map((p) => ('text' in p ? p.text : 'origin' in p ? '' : `{${p.source}}`)).join('');
