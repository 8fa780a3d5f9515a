// The words of the spec-value components (SpecValue.tsx, RateLimit.tsx) as
// plain strings, without React: the components render them, and the guides'
// Markdown twins (src/plugins/agentDocs/guideMarkdown.ts) write the same words.

/** The part of a JSON Schema these components read. */
export interface SchemaValues {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly default?: unknown;
  readonly enum?: readonly unknown[];
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`SpecValue: the schema passed has no ${what}`);
  return value;
}

const withUnit = (text: string, unit: string | undefined) => (unit ? `${text} ${unit}` : text);

/** `5 to 75 seconds`. */
export const boundsText = (of: SchemaValues, unit?: string): string =>
  withUnit(`${required(of.minimum, 'minimum')} to ${required(of.maximum, 'maximum')}`, unit);
export const minimumText = (of: SchemaValues, unit?: string): string =>
  withUnit(String(required(of.minimum, 'minimum')), unit);
export const maximumText = (of: SchemaValues, unit?: string): string =>
  withUnit(String(required(of.maximum, 'maximum')), unit);
export const defaultText = (of: SchemaValues, unit?: string): string =>
  withUnit(String(required(of.default, 'default')), unit);

export type OneOfLast = 'or' | 'and' | ',';

/**
 * The enum's values in order, each with the separator before it (`''` for the
 * first): `up` or `down`; `active`, `paused` or `pending`.
 */
export function oneOfParts(of: SchemaValues, last: OneOfLast = 'or'): { before: string; value: string }[] {
  const values = required(of.enum, 'enum').map(String);
  if (values.length === 0) throw new Error('SpecValue: the schema passed has an empty enum');
  const lastSeparator = last === ',' ? ', ' : ` ${last} `;
  return values.map((value, index) => ({
    before: index === 0 ? '' : index === values.length - 1 ? lastSeparator : ', ',
    value,
  }));
}
