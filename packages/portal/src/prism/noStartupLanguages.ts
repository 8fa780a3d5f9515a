// Stands for theme-classic's `prism-include-languages` client module, which
// imported Prism into main.js to register the extra languages at startup.
// src/plugins/slimPrism.cjs builds them into prism-react-renderer's Prism itself.
export {};
