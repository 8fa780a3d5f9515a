/**
 * WRAP of the classic theme's colour-mode toggle. Its cycle is system, light,
 * dark: for a reader whose system is light, the first click chose "light",
 * and nothing on screen changed. Here a click moves along the same cycle to
 * the first choice that looks different, so every click switches what the
 * reader sees; "system" stays reachable when it differs from the mode shown.
 */
import type { ReactNode } from 'react';
import type { Props } from '@theme/ColorModeToggle';
import ColorModeToggle from '@theme-original/ColorModeToggle';

type Choice = 'light' | 'dark' | null;

/** The theme's own order (ColorModeToggle's getNextColorMode with respectPrefersColorScheme). */
const AFTER: Record<string, Choice> = { null: 'light', light: 'dark', dark: null };

export default function ColorModeToggleThatShows(props: Props): ReactNode {
  const shown = (choice: Choice) =>
    choice ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  return (
    <ColorModeToggle
      {...props}
      onChange={(next: Choice) => {
        // The mode on screen: the theme sets it on <html> (before React, from storage or the system).
        const now = document.documentElement.dataset.theme;
        props.onChange(shown(next) === now ? (AFTER[String(next)] ?? null) : next);
      }}
    />
  );
}
