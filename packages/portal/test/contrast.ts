/** An opaque colour: `#rrggbb`, `rgb(r, g, b)` (as getComputedStyle gives it) or its channels 0-255. */
export type Colour = string | readonly number[];

/** WCAG 2's contrast ratio of two opaque colours. */
export function contrast(a: Colour, b: Colour): number {
  const [light = 0, dark = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function luminance(colour: Colour): number {
  const [r = 0, g = 0, b = 0] = channels(colour).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function channels(colour: Colour): readonly number[] {
  if (typeof colour !== 'string') return colour.slice(0, 3);
  const hex = /^#([0-9a-f]{6})$/i.exec(colour)?.[1];
  if (hex) return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(colour);
  if (rgb) return rgb.slice(1).map(Number);
  throw new Error(`not an opaque colour: ${colour}`);
}
