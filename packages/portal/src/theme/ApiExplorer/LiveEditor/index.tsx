/**
 * WRAP of the try-it's body editor (`@theme/ApiExplorer/LiveEditor`): loaded
 * when a body editor is first shown, not with the try-it panel.
 *
 * Why: it is built on react-live, which bundles the sucrase compiler, the
 * largest piece of the panel's code. The theme shows it for JSON and XML
 * bodies; every operation of this API takes a form body, drawn with plain
 * inputs, so readers of this reference never download it.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { Props } from '@theme/ApiExplorer/LiveEditor';

const LiveEditor = lazy(() => import('@theme-original/ApiExplorer/LiveEditor'));

export default function LiveEditorOnDemand(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <LiveEditor {...props} />
    </Suspense>
  );
}
