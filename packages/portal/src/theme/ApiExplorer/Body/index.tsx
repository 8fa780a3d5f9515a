/**
 * WRAP of the try-it's request body (`@theme/ApiExplorer/Body`): the theme's
 * own Body, inside the list of the fields its schema requires, which the
 * site's form fields (./FormBodyItem) mark. Why: src/api/tryIt/bodyRequired.ts.
 *
 * Also: a value entered for a field the schema no longer has is dropped from
 * the body. Under `pnpm dev` the form's state outlives a saved edit: after a
 * rename (`ping_url` -> `webhook_url`) Send still sent the old field's value,
 * which no field of the form showed, and the API refused it.
 */
import { type ReactNode, useEffect, useMemo } from 'react';
import type { Props } from '@theme/ApiExplorer/Body';
import Body from '@theme-original/ApiExplorer/Body';
import { clearFormBodyKey } from '@theme/ApiExplorer/Body/slice';
import { useTypedDispatch, useTypedSelector } from '@theme/ApiItem/hooks';
import { BodyRequired, fieldsNotIn, requiredOf } from '@site/src/api/tryIt/bodyRequired';

export default function BodyWithRequired(props: Props): ReactNode {
  const contentType = useTypedSelector((state) => state.contentType.value);
  const schema = contentType ? props.requestBodyMetadata?.content?.[contentType]?.schema : undefined;
  const required = useMemo(() => requiredOf(schema), [schema]);
  const dispatch = useTypedDispatch();
  // The keys as one string: a selector's new array each time would render the body on every store change.
  const entered = useTypedSelector((state) =>
    state.body.type === 'form' && state.body.content ? Object.keys(state.body.content).join('\n') : '',
  );
  useEffect(() => {
    for (const key of fieldsNotIn(schema, entered ? entered.split('\n') : [])) dispatch(clearFormBodyKey(key));
  }, [schema, entered, dispatch]);
  return (
    <BodyRequired.Provider value={required}>
      <Body {...props} />
    </BodyRequired.Provider>
  );
}
