/**
 * Code block colours as CSS variables, one per token type and style
 * property, set per colour mode by a stylesheet (see prismOnDemand.ts).
 *
 * prism-react-renderer writes each theme's colours inline on every token, so
 * a block's markup depended on the colour mode: a dark-mode reader's blocks
 * had to be tokenized again after hydration. With `var(...)` in the inline
 * styles the markup is the same in both modes, and the server's highlighted
 * HTML can be kept as it is (src/theme/CodeBlock/Content).
 */
import type { CSSProperties } from 'react';
import type { PrismTheme } from 'prism-react-renderer';

type StyleProperty = keyof PrismTheme['plain'] & string;

/** A type's merged style in one theme, as prism-react-renderer's themeToDict builds it. */
function typeStyles(theme: PrismTheme): Map<string, Record<string, string | number>> {
  const byType = new Map<string, Record<string, string | number>>();
  for (const entry of theme.styles) {
    // A language-specific entry would make a type's colour depend on the block's language.
    if (entry.languages) throw new Error('code themes with language-specific styles are not supported');
    // A property set to undefined (codeThemes.ts's colour fixes) is no style.
    const style = Object.fromEntries(Object.entries(entry.style).filter(([, value]) => value !== undefined));
    for (const type of entry.types) byType.set(type, { ...byType.get(type), ...style });
  }
  return byType;
}

const kebab = (property: string) => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--tok-keyword` (colour), `--tok-comment-font-style`, ... */
export function variableName(type: string, property: string): string {
  return property === 'color' ? `--tok-${type}` : `--tok-${type}-${kebab(property)}`;
}

/** For each token type, the style properties any of the themes gives it. */
export function styledTypes(themes: readonly PrismTheme[]): Map<string, Set<StyleProperty>> {
  const union = new Map<string, Set<StyleProperty>>();
  for (const theme of themes)
    for (const [type, style] of typeStyles(theme)) {
      const properties = union.get(type) ?? new Set<StyleProperty>();
      for (const property of Object.keys(style)) properties.add(property as StyleProperty);
      union.set(type, properties);
    }
  return union;
}

/**
 * A token's inline style. prism-react-renderer merges the styles of a token's
 * types in order (the last type that sets a property wins); the nested
 * fallbacks do the same per colour mode, as a mode's stylesheet defines only
 * the variables its theme sets. None set: the property is unset (inherited
 * from the line, or its initial value), as when the theme had no style.
 */
export function tokenStyle(types: readonly string[], union: Map<string, Set<StyleProperty>>): CSSProperties {
  const style: Record<string, string> = {};
  for (const type of types)
    for (const property of union.get(type) ?? []) {
      const outer = style[property];
      style[property] = outer
        ? `var(${variableName(type, property)}, ${outer})`
        : `var(${variableName(type, property)})`;
    }
  return style as CSSProperties;
}

function declarations(theme: PrismTheme): string {
  const lines: string[] = [];
  for (const [type, style] of typeStyles(theme))
    for (const [property, value] of Object.entries(style)) lines.push(`${variableName(type, property)}:${value}`);
  return lines.join(';');
}

/** The stylesheet: each colour mode's variables. */
export function tokenVariablesCss(light: PrismTheme, dark: PrismTheme): string {
  return `html[data-theme='light']{${declarations(light)}}html[data-theme='dark']{${declarations(dark)}}`;
}
