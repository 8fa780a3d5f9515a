// Constraints shown in the guides' prose, read from the API description instead
// of typed: a guide passes the schema object itself, reached by static property
// access on the bundle, e.g.
//   import spec from '@webmon/spec/openapi.json';
//   <Bounds of={spec.components.parameters.limit.schema} />
// Static access lets the bundler keep only that object of the bundle in the
// page's JavaScript (JSON tree shaking), and the value is in the pre-rendered
// HTML. A schema without the value asked for fails the build.
import type { ReactNode } from 'react';

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

/** `5 to 75 seconds`: the schema's minimum and maximum. */
export function Bounds({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return withUnit(`${required(of.minimum, 'minimum')} to ${required(of.maximum, 'maximum')}`, unit);
}

/** The schema's minimum. */
export function Minimum({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return withUnit(String(required(of.minimum, 'minimum')), unit);
}

/** The schema's maximum. */
export function Maximum({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return withUnit(String(required(of.maximum, 'maximum')), unit);
}

/** The schema's default. */
export function Default({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return withUnit(String(required(of.default, 'default')), unit);
}

/**
 * The schema's enum in its order: `up` or `down`; `active`, `paused` or `pending`.
 * `code={false}` for plain words, `last=","` for a plain comma list.
 */
export function OneOf({
  of,
  code = true,
  last = 'or',
}: {
  of: SchemaValues;
  code?: boolean;
  last?: 'or' | 'and' | ',';
}): ReactNode {
  const values = required(of.enum, 'enum').map(String);
  if (values.length === 0) throw new Error('SpecValue: the schema passed has an empty enum');
  const item = (value: string) => (code ? <code key={value}>{value}</code> : value);
  const lastSeparator = last === ',' ? ', ' : ` ${last} `;
  return (
    <>
      {values.flatMap((value, index) =>
        index === 0 ? [item(value)] : [index === values.length - 1 ? lastSeparator : ', ', item(value)],
      )}
    </>
  );
}
