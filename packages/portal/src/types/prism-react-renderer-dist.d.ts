// The package's ESM file by path (src/prism/prismWithLanguages.ts, behind the
// `prism-react-renderer` alias): the same module as the package's entry.
declare module 'prism-react-renderer/dist/index.mjs' {
  export * from 'prism-react-renderer';
}
