/**
 * The part of `@docusaurus/theme-common/internal` the code block override
 * uses (src/theme/CodeBlock/Content), and the tabs' props (the recipe pages'
 * code, src/recipes/RecipePage.tsx). theme-common is theme-classic's
 * dependency, not ours: src/plugins/prismOnDemand.ts aliases the module to
 * the copy theme-classic resolves, so the context is the theme's own. Types
 * as theme-common 3.10 declares them (lib/utils/codeBlockUtils.d.ts,
 * lib/hooks/useCodeWordWrap.d.ts).
 */
declare module '@docusaurus/theme-common/internal' {
  import type { ReactNode, RefObject } from 'react';

  export interface CodeBlockMetadata {
    codeInput: string;
    code: string;
    className: string;
    language: string;
    title: ReactNode;
    lineNumbersStart: number | undefined;
    lineClassNames: { [lineIndex: number]: string[] };
  }
  export interface WordWrap {
    readonly codeBlockRef: RefObject<HTMLPreElement | null>;
    readonly isEnabled: boolean;
    readonly isCodeScrollable: boolean;
    readonly toggle: () => void;
  }
  export function useCodeBlockContext(): { metadata: CodeBlockMetadata; wordWrap: WordWrap };

  export interface TabItemProps {
    readonly children: ReactNode;
    readonly value: string;
    readonly default?: boolean;
    readonly label?: string;
    readonly className?: string;
  }
  export interface TabsProps {
    readonly children: ReactNode;
    readonly className?: string;
    readonly defaultValue?: string | null;
    readonly lazy?: boolean;
    readonly groupId?: string;
    readonly queryString?: string | boolean;
  }
}
