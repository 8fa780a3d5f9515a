/**
 * What a form field shows about its schema, in the words the reference's left
 * column uses for the same schema: the theme's own "Possible values" line
 * (bounds, lengths, pattern, allowed values) and its "Default value". Read from
 * the schema in the page's data: nothing here knows a field.
 */
import { translate } from '@docusaurus/Translate';
import { getQualifierMessage } from 'docusaurus-theme-openapi-docs/lib/markdown/schema';

/** The part of a JSON Schema a field looks at. */
export interface FieldSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: FieldSchema;
  description?: string;
  example?: unknown;
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

type Qualified = Parameters<typeof getQualifierMessage>[0];

/**
 * Markdown: the "Possible values" line (without the list of values when the
 * control offers them) and the default; undefined when there is neither.
 */
export function constraintsOf(
  schema: FieldSchema | undefined,
  { valuesInControl = false }: { valuesInControl?: boolean } = {},
): string | undefined {
  if (!schema) return undefined;
  const shown: FieldSchema = valuesInControl ? { ...schema, enum: undefined } : schema;
  const lines = [getQualifierMessage(shown as Qualified)];
  if (schema.default !== undefined) {
    const label = translate({ id: 'theme.openapi.schemaItem.defaultValue', message: 'Default value:' });
    lines.push(
      `**${label}** \`${typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default)}\``,
    );
  }
  const text = lines.filter(Boolean).join('\n\n');
  return text || undefined;
}

/** The kind of control a schema gets. */
export type FieldKind = 'select' | 'boolean' | 'number' | 'list' | 'text' | 'theme';

export function kindOf(schema: FieldSchema): FieldKind {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum?.length && schema.enum.every((v) => typeof v === 'string' || typeof v === 'number')) return 'select';
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'array') {
    const items = schema.items ?? {};
    return items.format === 'binary' || items.type === 'object' ? 'theme' : 'list';
  }
  if (type === 'object' || schema.format === 'binary') return 'theme';
  return 'text';
}
