// The code blocks' Prism themes (the site config's `prism`; the layout test reads them).
import { themes as prismThemes } from 'prism-react-renderer';

type Theme = typeof prismThemes.github;

/** `theme` with some token colours replaced (keys in lower case). */
function recoloured(theme: Theme, fixes: Record<string, string>): Theme {
  return {
    ...theme,
    styles: theme.styles.map((entry) => ({
      ...entry,
      style: {
        ...entry.style,
        color: entry.style.color && (fixes[entry.style.color.toLowerCase()] ?? entry.style.color),
      },
    })),
  };
}

/**
 * Prism's GitHub theme with its five low-contrast token colours darkened to
 * reach WCAG AA (4.5:1) on the code background (Lighthouse flagged four;
 * test/code-themes.test.ts found the keywords' blue at 2.7:1).
 */
export const lightCodeTheme: Theme = recoloured(prismThemes.github, {
  '#e3116c': '#b3084f',
  '#d73a49': '#b31d2e',
  '#36acaa': '#00736f',
  '#999988': '#676756',
  '#00a4db': '#0070a0',
});

/** Dracula, its comments lightened from 3.0:1 to 5.1:1 on its background. */
export const darkCodeTheme: Theme = recoloured(prismThemes.dracula, { 'rgb(98, 114, 164)': '#8a99cc' });
