/**
 * Every token colour of the code blocks' themes reads at WCAG AA (4.5:1) on
 * its theme's background, in both colour modes.
 */
import { describe, expect, it } from 'vitest';
import { darkCodeTheme, lightCodeTheme } from '../src/prism/codeThemes';
import { contrast } from './contrast';

describe('code themes', () => {
  for (const [mode, theme] of [
    ['light', lightCodeTheme],
    ['dark', darkCodeTheme],
  ] as const) {
    it(`${mode}: every token colour is 4.5:1 or more on the code background`, () => {
      const background = theme.plain.backgroundColor ?? '';
      const low = theme.styles
        .filter((entry) => entry.style.color)
        .map((entry) => ({ types: entry.types.join(','), ratio: contrast(entry.style.color ?? '', background) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ types, ratio }) => `${types}: ${ratio.toFixed(2)}`);
      expect(low).toEqual([]);
      expect(contrast(theme.plain.color ?? '', background)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
