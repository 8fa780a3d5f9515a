// The theme's own code block body (Prism's `Highlight`), in the
// `code-highlight` chunk (see codeBlockContent.ts).
export { default } from '@theme-original/CodeBlock/Content';
