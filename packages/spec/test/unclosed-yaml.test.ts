import { describe, expect, it } from 'vitest';
import { unclosedOpener } from '../scripts/unclosed-yaml.mjs';

describe('unclosedOpener: where a YAML text opens what it never closes', () => {
  it.each([
    ['a flow sequence', 'type: integer\nminimum: 1\nmaximum: [100\ndefault: 10\n', { line: 3, col: 10, opener: '[' }],
    ['a flow mapping', 'x: {a: 1\ny: 2\n', { line: 1, col: 4, opener: '{' }],
    ['a double-quoted string', 'a:\n  b: "unclosed\n  c: 1\n', { line: 2, col: 6, opener: '"' }],
    ["a single-quoted string with an escaped '", "a:\n  b: 'it''s\n  c: 1\n", { line: 2, col: 6, opener: "'" }],
    ['the outer of two sequences', 'a:\n  - [1, [2, 3]\n  - b\n', { line: 2, col: 5, opener: '[' }],
  ])('finds %s', (_, text, expected) => {
    expect(unclosedOpener(text)).toEqual(expected);
  });

  it.each([
    ['closed collections and strings with escapes', "a: [1, {b: 2}]\nc: \"d\\\"e\"\nf: 'it''s'\n"],
    ['a bad indentation (nothing left open)', 'a: 1\n   b: 2\n'],
    ['brackets inside a plain or quoted string', 'a: x[1\nb: "[{"\n'],
  ])('finds nothing in %s', (_, text) => {
    expect(unclosedOpener(text)).toBeUndefined();
  });
});
