/**
 * WRAP of the reference theme's schema row, for arrays with an item count:
 * the theme writes `minItems`/`maxItems` as bare bounds ("Possible values:
 * >= 3, <= 3" for `alert_at`, three days before expiry), which read like a
 * bound on the values, and leaves out the items' own bounds. Here the count
 * is said in items and the items' bounds follow, in the words of the
 * operations' Markdown twins (agentDocs/schemaMarkdown.ts).
 */
import type { ReactNode } from 'react';
import type { JsonObject } from '@webmon/openapi-core';
import SchemaItem from '@theme-original/SchemaItem';
import { constraintsOf } from '@site/src/plugins/agentDocs/schemaMarkdown';

type Props = { schema?: JsonObject; qualifierMessage?: string } & Record<string, unknown>;

/** `3 items, each 1 to 999`, or undefined when the schema is no array with an item count. */
export function itemsQualifier(schema: JsonObject | undefined): string | undefined {
  if (!schema || (schema.minItems === undefined && schema.maxItems === undefined)) return undefined;
  const { minItems, maxItems, uniqueItems, items } = schema;
  // Only the count and the items' bounds: the row shows the array's default, example and pattern itself.
  const words = constraintsOf({}, { type: 'array', minItems, maxItems, uniqueItems, items } as JsonObject);
  return words.length ? `**Possible values:** ${words.join(', ')}` : undefined;
}

export default function SchemaItemCountedInItems(props: Props): ReactNode {
  return <SchemaItem {...props} qualifierMessage={props.qualifierMessage ?? itemsQualifier(props.schema)} />;
}
