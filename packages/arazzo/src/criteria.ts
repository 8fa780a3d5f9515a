// Arazzo success criteria, the two kinds our workflows use: a `simple`
// condition comparing two operands (`$statusCode == 201`,
// `$response.body#/data/status == "up"`) and a `regex` over a context
// (`^(up|down)$` on `$response.body#/data/status`). Equality is strict, as
// JSON values compare (a string is never equal to a number), so the page and
// the code written from the same parts agree.
import { type Context, type Expression, evaluate, parseExpression } from './expressions.js';

export type Operator = '==' | '!=' | '<' | '<=' | '>' | '>=';
export type Operand = { expression: Expression; text: string } | { literal: string | number | boolean | null };

export type Condition =
  | { kind: 'compare'; left: Operand; operator: Operator; right: Operand }
  | { kind: 'regex'; context: Operand; pattern: string };

export interface Criterion {
  condition: string;
  context?: string;
  type?: string | { type: string; version?: string };
}

function operand(text: string): Operand {
  const t = text.trim();
  if (t.startsWith('$')) return { expression: parseExpression(t), text: t };
  if (/^-?\d+(\.\d+)?$/.test(t)) return { literal: Number(t) };
  if (t === 'true' || t === 'false') return { literal: t === 'true' };
  if (t === 'null') return { literal: null };
  const quoted = /^"((?:[^"\\]|\\.)*)"$|^'((?:[^'\\]|\\.)*)'$/.exec(t);
  if (quoted) return { literal: (quoted[1] ?? quoted[2]!).replace(/\\(.)/g, '$1') };
  throw new Error(`unsupported operand in a condition: ${t}`);
}

/** A criterion's parts; an error naming it for a kind or a form this module does not read. */
export function parseCriterion(criterion: Criterion): Condition {
  const type = typeof criterion.type === 'object' ? criterion.type.type : (criterion.type ?? 'simple');
  if (type === 'regex') {
    if (!criterion.context) throw new Error(`a regex criterion needs a context: ${criterion.condition}`);
    return { kind: 'regex', context: operand(criterion.context), pattern: criterion.condition };
  }
  if (type !== 'simple') throw new Error(`unsupported criterion type ${type}: ${criterion.condition}`);
  // The first comparison operator outside quotes splits the condition.
  const match = /^((?:[^"'<>=!]|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')+)(==|!=|<=|>=|<|>)(.+)$/.exec(criterion.condition);
  if (!match) throw new Error(`unsupported condition: ${criterion.condition}`);
  return { kind: 'compare', left: operand(match[1]!), operator: match[2] as Operator, right: operand(match[3]!) };
}

export const operandValue = (o: Operand, context: Context): unknown =>
  'literal' in o ? o.literal : evaluate(o.expression, context);

/** Whether a criterion holds for a step's answer. A value that is not there fails every comparison. */
export function holds(criterion: Criterion | Condition, context: Context): boolean {
  const c = 'kind' in criterion ? criterion : parseCriterion(criterion);
  if (c.kind === 'regex') {
    const value = operandValue(c.context, context);
    return (typeof value === 'string' || typeof value === 'number') && new RegExp(c.pattern).test(String(value));
  }
  const left = operandValue(c.left, context);
  const right = operandValue(c.right, context);
  if (left === undefined || right === undefined) return false;
  switch (c.operator) {
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') return false;
      if (c.operator === '<') return left < right;
      if (c.operator === '<=') return left <= right;
      if (c.operator === '>') return left > right;
      return left >= right;
    }
  }
}

/** A criterion in words, as the page and the code print it: the condition, or `<context> matches /<pattern>/`. */
export function criterionText(criterion: Criterion): string {
  return criterion.context ? `${criterion.context} matches /${criterion.condition}/` : criterion.condition;
}
