// The code blocks' Prism themes (the site config's `prism`; the layout test reads them).
import { themes as prismThemes } from 'prism-react-renderer';

/**
 * Prism's GitHub theme with its four low-contrast token colours darkened to
 * reach WCAG AA (4.5:1) on the code background (Lighthouse flagged them).
 */
const CODE_COLOUR_FIXES: Record<string, string> = {
  '#e3116c': '#b3084f',
  '#d73a49': '#b31d2e',
  '#36acaa': '#00736f',
  '#999988': '#676756',
};
export const lightCodeTheme: typeof prismThemes.github = {
  ...prismThemes.github,
  styles: prismThemes.github.styles.map((entry) => ({
    ...entry,
    style: {
      ...entry.style,
      color: entry.style.color && (CODE_COLOUR_FIXES[entry.style.color.toLowerCase()] ?? entry.style.color),
    },
  })),
};

export const darkCodeTheme: typeof prismThemes.dracula = prismThemes.dracula;
