/**
 * WRAP of the try-it's request body (`@theme/ApiExplorer/Body`): the theme's
 * own Body, inside the list of the fields its schema requires, which the
 * site's form fields (./FormBodyItem) mark. Why: src/api/tryIt/bodyRequired.ts.
 */
import { type ReactNode, useMemo } from 'react';
import type { Props } from '@theme/ApiExplorer/Body';
import Body from '@theme-original/ApiExplorer/Body';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { BodyRequired, requiredOf } from '@site/src/api/tryIt/bodyRequired';

export default function BodyWithRequired(props: Props): ReactNode {
  const contentType = useTypedSelector((state) => state.contentType.value);
  const schema = contentType ? props.requestBodyMetadata?.content?.[contentType]?.schema : undefined;
  const required = useMemo(() => requiredOf(schema), [schema]);
  return (
    <BodyRequired.Provider value={required}>
      <Body {...props} />
    </BodyRequired.Provider>
  );
}
