/**
 * Module types for the docusaurus-theme-openapi-docs components this site
 * wraps or uses (src/theme/ApiExplorer/). The theme ships a declaration per
 * component under lib/theme/ but declares no `@theme/...` module, and
 * Docusaurus types every `@theme-original/*` as `any`: without these, a wrap
 * would not be checked against the component it wraps. Each name points at
 * the theme's own declaration; `Props` as Docusaurus' theme modules export it.
 */

declare module '@theme/ApiExplorer' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<typeof import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer').default>;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer';
}

declare module '@theme-original/ApiExplorer' {
  export { default } from '@theme/ApiExplorer';
}

declare module '@theme/ApiExplorer/LiveEditor' {
  import type { ReactNode } from 'react';

  // The theme declares `(props: any)`; these are the props its Body and
  // FormBodyItem pass (the rest go on to react-live's LiveProvider).
  export interface Props {
    readonly children: string;
    readonly action: (code: string) => void;
    readonly language?: string;
    readonly required?: boolean;
  }
  export default function LiveEditor(props: Props): ReactNode;
}

declare module '@theme-original/ApiExplorer/LiveEditor' {
  export { default } from '@theme/ApiExplorer/LiveEditor';
}

declare module '@theme/ApiExplorer/SecuritySchemes' {
  import type { ReactNode } from 'react';

  // The theme declares `(props: any)`; ApiExplorer passes the page's `info_path`.
  export interface Props {
    readonly infoPath?: string;
  }
  export default function SecuritySchemes(props: Props): ReactNode;
}

declare module '@theme-original/ApiExplorer/SecuritySchemes' {
  export { default } from '@theme/ApiExplorer/SecuritySchemes';
}

declare module '@theme/ApiExplorer/buildPostmanRequest' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/buildPostmanRequest';
}

declare module '@theme-original/ApiExplorer/buildPostmanRequest' {
  export { default } from '@theme/ApiExplorer/buildPostmanRequest';
}

// The two theme-internal modules buildPostmanRequest's declaration imports.
declare module '@theme/ApiExplorer/Body/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/slice';
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Authorization/slice';
}

declare module '@theme/SkeletonLoader' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<typeof import('docusaurus-theme-openapi-docs/lib/theme/SkeletonLoader').default>;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/SkeletonLoader';
}

// The classic theme declares `@theme/SearchBar`; the original is the same component.
declare module '@theme-original/SearchBar' {
  export { default } from '@theme/SearchBar';
}
