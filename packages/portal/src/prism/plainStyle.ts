// A code block's own colours: theme-common's variables, which follow the colour
// mode. A module of its own: the code block (main.js) and the highlighted lines
// (the code-highlight chunk) both use it, and main.js should carry nothing else.
export const PLAIN_STYLE = { color: 'var(--prism-color)', backgroundColor: 'var(--prism-background-color)' } as const;
