// A field's bounds in words, read from its schema: "1 to 75", "at most 255
// characters", "exactly 3 items, each 1 to 999". Nothing here knows a field.
import type { FieldSchema } from './operation.js';

function range(low: number | undefined, high: number | undefined, unit = ''): string | undefined {
  if (low !== undefined && high !== undefined)
    return low === high ? `exactly ${low}${unit}` : `${low} to ${high}${unit}`;
  if (low !== undefined) return `at least ${low}${unit}`;
  if (high !== undefined) return `at most ${high}${unit}`;
  return undefined;
}

function valueBounds(schema: FieldSchema): string[] {
  const parts: string[] = [];
  const numbers = range(schema.minimum, schema.maximum);
  if (numbers) parts.push(numbers);
  if (schema.exclusiveMinimum !== undefined) parts.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) parts.push(`less than ${schema.exclusiveMaximum}`);
  const length = range(schema.minLength, schema.maxLength, ' characters');
  if (length) parts.push(length.replace(/^exactly 1 characters$/, 'exactly 1 character'));
  if (schema.format) parts.push(schema.format === 'date-time' ? 'RFC 3339 date-time' : schema.format);
  if (schema.pattern) parts.push(`matching ${schema.pattern}`);
  return parts;
}

/** Plain text, or undefined when the schema sets no bound. Enums are left to the control (a select). */
export function constraintsOf(schema: FieldSchema): string | undefined {
  const parts = [...valueBounds(schema)];
  if (schema.items) {
    const count = range(schema.minItems, schema.maxItems, ' items');
    const each = valueBounds(schema.items);
    if (count) parts.unshift(count);
    if (each.length) parts.push(`each ${each.join(', ')}`);
  }
  if (schema.default !== undefined)
    parts.push(`default ${typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default)}`);
  return parts.length ? parts.join(' · ') : undefined;
}
