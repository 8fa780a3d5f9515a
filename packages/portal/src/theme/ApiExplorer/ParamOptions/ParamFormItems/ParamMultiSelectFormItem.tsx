/**
 * WRAP of a parameter's field (`@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamMultiSelectFormItem`):
 * the theme's own control, then the description rendered as Markdown and the
 * API's messages about the parameter after an error answer
 * (src/api/tryIt/ParamNotes.tsx).
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
import ParamMultiSelectFormItem from '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamMultiSelectFormItem';
import ParamNotes from '@site/src/api/tryIt/ParamNotes';

export default function ParamMultiSelectFormItemWithNotes(props: Props): ReactNode {
  return (
    <ParamNotes param={props.param}>
      <ParamMultiSelectFormItem {...props} />
    </ParamNotes>
  );
}
