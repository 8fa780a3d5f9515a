/**
 * WRAP of the reference theme's parameter row, for presence flags
 * (`x-presence-flag`, e.g. `matchany`): they are sent with no value
 * (`?tags=a,b&matchany`), which their description says, so the theme's
 * "Example: true" (the description's `example`, kept for the samples and
 * the try-it) told the reader to send a value. The row shows no example.
 */
import type { ReactNode } from 'react';
import ParamsItem from '@theme-original/ParamsItem';

type Param = { 'x-presence-flag'?: boolean; example?: unknown; examples?: unknown; schema?: Record<string, unknown> };

export default function ParamsItemWithoutFlagValues(props: { param: Param } & Record<string, unknown>): ReactNode {
  const { param } = props;
  if (param['x-presence-flag'] !== true) return <ParamsItem {...props} />;
  const { example: _example, examples: _examples, ...rest } = param;
  const schema = param.schema && { ...param.schema, example: undefined, examples: undefined };
  return <ParamsItem {...props} param={{ ...rest, schema }} />;
}
