/**
 * Module types for the docusaurus-theme-openapi-docs components this site
 * overrides or uses (src/theme/ApiExplorer, the skeleton). The theme ships a declaration per
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

declare module '@theme/SkeletonLoader' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<typeof import('docusaurus-theme-openapi-docs/lib/theme/SkeletonLoader').default>;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/SkeletonLoader';
}

// The classic theme declares `@theme/SearchBar`; the original is the same component.
declare module '@theme-original/SearchBar' {
  export { default } from '@theme/SearchBar';
}
