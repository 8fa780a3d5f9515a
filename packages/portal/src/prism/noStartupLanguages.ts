// Stands for theme-classic's `prism-include-languages` client module, which
// imported Prism into main.js to register the extra languages at startup.
// prismWithLanguages.ts registers them with Prism itself, where it is loaded.
export {};
