/**
 * Module types for the try-it parts this site wraps for its form, its error
 * display and its response panel (src/theme/ApiExplorer/Body, ParamOptions,
 * Response; src/api/tryIt/), in the manner of openapi-theme.d.ts: each
 * `@theme/...` name points at the theme's own declaration.
 */

declare module '@theme/ApiExplorer/Body' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<typeof import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body').default>;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body';
}

declare module '@theme-original/ApiExplorer/Body' {
  export { default } from '@theme/ApiExplorer/Body';
}

declare module '@theme/ApiExplorer/Body/FormBodyItem' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<
    typeof import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/FormBodyItem').default
  >;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/FormBodyItem';
}

declare module '@theme-original/ApiExplorer/Body/FormBodyItem' {
  export { default } from '@theme/ApiExplorer/Body/FormBodyItem';
}

declare module '@theme/ApiExplorer/Body/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Body/slice';
}

declare module '@theme/ApiExplorer/ParamOptions/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/slice';
}

declare module '@theme/ApiExplorer/Response/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Response/slice';
}

declare module '@theme/ApiItem/hooks' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/hooks';
}

// The five parameter fields share one props type (the theme's ParamProps).
declare module '@theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem' {
  export type { ParamProps as Props } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/ParamFormItems/ParamTextFormItem';
}

declare module '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamSelectFormItem' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/ParamFormItems/ParamSelectFormItem';
}

declare module '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamBooleanFormItem' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/ParamFormItems/ParamBooleanFormItem';
}

declare module '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamArrayFormItem' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/ParamFormItems/ParamArrayFormItem';
}

declare module '@theme-original/ApiExplorer/ParamOptions/ParamFormItems/ParamMultiSelectFormItem' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ParamOptions/ParamFormItems/ParamMultiSelectFormItem';
}

declare module '@theme/ApiExplorer/Response' {
  import type { ComponentProps } from 'react';

  export type Props = ComponentProps<
    typeof import('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Response').default
  >;
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Response';
}

declare module '@theme/ApiExplorer/ApiCodeBlock' {
  export { default } from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/ApiCodeBlock';
}

// The site's own override (src/theme/Markdown), which the theme also renders
// descriptions with.
declare module '@theme/Markdown' {
  import type { ReactNode } from 'react';

  export default function Markdown(props: { children?: ReactNode }): ReactNode;
}

/**
 * The part of react-hook-form the site's parameter fields use, resolved to the
 * theme's own copy (src/plugins/apiFormParts.ts); the portal depends on
 * neither the package nor its types.
 */
declare module 'react-hook-form' {
  import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';

  export interface FieldError {
    message?: string;
  }
  export interface UseFormReturn {
    register(
      name: string,
      options?: {
        required?: string | false;
        /** A message when the value is refused, `true` when it is accepted. */
        validate?: (value: unknown) => string | true;
        onChange?: ChangeEventHandler<HTMLInputElement>;
      },
    ): {
      name: string;
      onChange: ChangeEventHandler<HTMLInputElement>;
      onBlur: FocusEventHandler<HTMLInputElement>;
      ref: Ref<HTMLInputElement>;
    };
    setValue(name: string, value: unknown): void;
    formState: { errors: Record<string, FieldError | undefined> };
  }
  export function useFormContext(): UseFormReturn;
}
