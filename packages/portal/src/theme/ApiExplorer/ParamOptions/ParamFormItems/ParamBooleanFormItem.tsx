/**
 * WRAP of a parameter's field (`@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamBooleanFormItem`):
 * the theme's own control, then the description rendered as Markdown and the
 * API's messages about the parameter after an error answer
 * (src/api/tryIt/ParamNotes.tsx).
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
import ParamBooleanFormItem from '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamBooleanFormItem';
import ParamNotes from '@site/src/api/tryIt/ParamNotes';

export default function ParamBooleanFormItemWithNotes(props: Props): ReactNode {
  return (
    <ParamNotes param={props.param}>
      <ParamBooleanFormItem {...props} />
    </ParamNotes>
  );
}
