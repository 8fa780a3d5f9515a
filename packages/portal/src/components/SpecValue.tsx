// Constraints shown in the guides' prose, read from the API description instead
// of typed: a guide passes the schema object itself, reached by static property
// access on the bundle, e.g.
//   import spec from '@webmon/spec/openapi.json';
//   <Bounds of={spec.components.parameters.limit.schema} />
// Static access lets the bundler keep only that object of the bundle in the
// page's JavaScript (JSON tree shaking), and the value is in the pre-rendered
// HTML. A schema without the value asked for fails the build.
import type { ReactNode } from 'react';
import {
  boundsText,
  defaultText,
  maximumText,
  minimumText,
  type OneOfLast,
  oneOfParts,
  type SchemaValues,
} from './specValueText';

export type { SchemaValues } from './specValueText';

/** `5 to 75 seconds`: the schema's minimum and maximum. */
export function Bounds({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return boundsText(of, unit);
}

/** The schema's minimum. */
export function Minimum({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return minimumText(of, unit);
}

/** The schema's maximum. */
export function Maximum({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return maximumText(of, unit);
}

/** The schema's default. */
export function Default({ of, unit }: { of: SchemaValues; unit?: string }): ReactNode {
  return defaultText(of, unit);
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
  last?: OneOfLast;
}): ReactNode {
  return (
    <>
      {oneOfParts(of, last).flatMap(({ before, value }) => [before, code ? <code key={value}>{value}</code> : value])}
    </>
  );
}
