// A JSON Schema of the bundle as a Markdown list: each field with its type,
// whether it is required, its bounds (lengths, items, range, pattern, enum) and
// default, then its description; objects and arrays of objects nest. Read
// through @webmon/openapi-core ($refs followed, allOf merged) like every other
// reader of the bundle.
import { isObject, type JsonObject, locate, mergeAllOf } from '@webmon/openapi-core';

/** How deep nested objects are listed; deeper ones are named, not expanded. */
const MAX_DEPTH = 4;

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function range(min: unknown, max: unknown, unit: (n: number) => string): string | undefined {
  const hasMin = typeof min === 'number';
  const hasMax = typeof max === 'number';
  if (hasMin && hasMax) return min === max ? unit(min) : `${min} to ${unit(max)}`;
  if (hasMin) return `at least ${unit(min)}`;
  if (hasMax) return `at most ${unit(max)}`;
  return undefined;
}
const plural = (word: string) => (n: number) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `string`, `integer or null`, `array of string`. */
export function typeOf(document: unknown, schema: JsonObject): string {
  const type = schema.type;
  const names = Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
  const words = names.map((name) => {
    if (name !== 'array') return name;
    const items = mergeAllOf(document, schema.items);
    return Object.keys(items).length ? `array of ${typeOf(document, items)}` : 'array';
  });
  if (words.length) return words.join(' or ');
  if (isObject(schema.properties)) return 'object';
  return 'any';
}

/** The schema's constraints in words, in a fixed order: format, enum, range, lengths, items, pattern, default. */
export function constraintsOf(document: unknown, schema: JsonObject): string[] {
  const out: string[] = [];
  if (typeof schema.format === 'string') out.push(`format ${schema.format}`);
  if (Array.isArray(schema.enum)) out.push(`one of ${schema.enum.map(code).join(', ')}`);
  if ('const' in schema) out.push(`always ${code(schema.const)}`);
  const numbers = range(schema.minimum, schema.maximum, String);
  if (numbers) out.push(numbers);
  if (typeof schema.exclusiveMinimum === 'number') out.push(`greater than ${schema.exclusiveMinimum}`);
  if (typeof schema.exclusiveMaximum === 'number') out.push(`less than ${schema.exclusiveMaximum}`);
  if (typeof schema.multipleOf === 'number') out.push(`a multiple of ${schema.multipleOf}`);
  const length = range(schema.minLength, schema.maxLength, plural('character'));
  if (length) out.push(length);
  const items = range(schema.minItems, schema.maxItems, plural('item'));
  if (items) out.push(items);
  if (schema.uniqueItems === true) out.push('unique items');
  if (typeof schema.pattern === 'string') out.push(`pattern ${code(schema.pattern)}`);
  if ('default' in schema) out.push(`default ${code(schema.default)}`);
  if (schema.readOnly === true) out.push('read-only');
  if (schema.writeOnly === true) out.push('write-only');
  if (schema.deprecated === true) out.push('deprecated');
  // An array's items: their own bounds, e.g. each tag's length.
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    const each = mergeAllOf(document, schema.items);
    const inner = isObject(each.properties) ? [] : constraintsOf(document, each);
    if (inner.length) out.push(`each ${inner.join(', ')}`);
  }
  return out;
}

/** A description on one list item: continuation lines indented under it. */
function indentDescription(text: unknown, indent: string): string {
  if (typeof text !== 'string' || !text.trim()) return '';
  return text.trim().replace(/\n/g, `\n${indent}  `);
}

/** Where a schema lives, to stop at a recursive one. */
function pointerOf(document: unknown, node: unknown): string | undefined {
  return isObject(node) && typeof node.$ref === 'string' ? locate(document, node, '').pointer : undefined;
}

/**
 * The object's fields, one list item each, nested objects indented under
 * their field. `anyOf` branches (e.g. "tests or tags") are listed after the
 * fields as alternatives.
 */
export function fieldsMarkdown(
  document: unknown,
  node: unknown,
  depth = 0,
  seen: ReadonlySet<string> = new Set(),
): string {
  const pointer = pointerOf(document, node);
  if (pointer && seen.has(pointer)) return '';
  const inner = pointer ? new Set(seen).add(pointer) : seen;
  const schema = mergeAllOf(document, node);
  const indent = '  '.repeat(depth);
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const lines: string[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    const property = mergeAllOf(document, raw);
    const words = [
      typeOf(document, property),
      ...(required.has(name) ? ['required'] : []),
      ...constraintsOf(document, property),
    ];
    const description = indentDescription(property.description, indent);
    lines.push(`${indent}- ${code(name)} (${words.join(', ')})${description ? `: ${description}` : ''}`);
    // An object, or an array of objects: its fields under it.
    const nested = isObject(property.properties) ? raw : property.type === 'array' ? property.items : undefined;
    if (nested !== undefined && isObject(mergeAllOf(document, nested).properties)) {
      if (depth + 1 >= MAX_DEPTH) continue;
      const below = fieldsMarkdown(document, nested, depth + 1, inner);
      if (below) lines.push(below);
    }
  }
  if (Array.isArray(schema.anyOf) && schema.anyOf.length) {
    lines.push(`${indent}- At least one of:`);
    for (const branch of schema.anyOf) {
      const resolved = mergeAllOf(document, branch);
      const names = Array.isArray(resolved.required) ? resolved.required.map(String) : [];
      const branchProperties = isObject(resolved.properties) ? resolved.properties : {};
      const parts = names.map((name) => {
        const own = mergeAllOf(document, branchProperties[name]);
        const base = mergeAllOf(document, properties[name]);
        const words = constraintsOf(document, { ...base, ...own });
        const description = indentDescription(own.description, `${indent}  `);
        return `${code(name)}${words.length ? ` (${words.join(', ')})` : ''}${description ? `: ${description}` : ''}`;
      });
      if (parts.length) lines.push(`${indent}  - ${parts.join('; ')}`);
    }
  }
  return lines.join('\n');
}
