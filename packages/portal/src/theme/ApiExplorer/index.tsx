/**
 * OVERRIDE of the reference theme's try-it panel (`@theme/ApiExplorer`): the
 * reference mounts ours, @webmon/try-it, as the guides do
 * (src/api/TryItPanel.tsx; packages/try-it/README.md says why and what the
 * theme still does).
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/ApiExplorer';
import type { OperationInput } from '@webmon/try-it';
import TryItPanel from '@site/src/api/TryItPanel';

// `#try-it`: the target of the page header's "Try it" link (src/api/Endpoint.tsx).
export default function ApiExplorer({ item }: Props): ReactNode {
  return <TryItPanel operation={item as unknown as OperationInput} id="try-it" />;
}
