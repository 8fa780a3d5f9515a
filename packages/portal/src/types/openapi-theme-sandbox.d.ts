/**
 * Module types for the theme components the sandbox's wraps and override use
 * (server choice, auth, request, code samples; see src/types/openapi-theme.d.ts
 * for why the theme needs these).
 */

declare module '@theme/ApiItem/hooks' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/hooks';
}

declare module '@theme/ApiExplorer/Server/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Server/slice';
}

declare module '@theme/ApiExplorer/CodeSnippets' {
  export type { Props } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets';
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeSnippets';
}

declare module '@theme-original/ApiExplorer/CodeSnippets' {
  export type { Props } from '@theme/ApiExplorer/CodeSnippets';
  export { default } from '@theme/ApiExplorer/CodeSnippets';
}

declare module '@theme/ApiExplorer/Authorization' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Authorization';
}

declare module '@theme-original/ApiExplorer/Authorization' {
  export { default } from '@theme/ApiExplorer/Authorization';
}

declare module '@theme/ApiExplorer/Request' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<
    typeof import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Request').default
  >;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Request';
}

declare module '@theme-original/ApiExplorer/Request' {
  export type { Props } from '@theme/ApiExplorer/Request';
  export { default } from '@theme/ApiExplorer/Request';
}

declare module '@theme/ApiExplorer/FormTextInput' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/FormTextInput';
}

declare module '@theme-original/SchemaTabs' {
  import type { ReactNode } from 'react';

  export default function SchemaTabs(props: { children?: ReactNode; [key: string]: unknown }): ReactNode;
}

declare module '@theme-original/ApiItem' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem';
}
