/**
 * `postman-collection/lib/...`, as src/plugins/postmanCollectionSlim.js
 * requires it: resolved at build time to the reference theme's own
 * postman-collection (an alias in slimApiBundle.ts); the portal depends on
 * neither the package nor its types. Each file exports its class by name.
 */
declare module 'postman-collection/lib/collection/*' {
  const classes: Record<string, new (...args: unknown[]) => unknown>;
  export = classes;
}

/**
 * `lodash/<function>`, as src/plugins/lodashForPostman.js requires it:
 * resolved at build time to the reference theme's own lodash (an alias in
 * slimApiBundle.ts); the portal depends on neither lodash nor its types.
 */
declare module 'lodash/*' {
  const fn: (...args: unknown[]) => unknown;
  export = fn;
}

/**
 * The real react-modal, as src/plugins/reactModalOnDemand.js imports it when
 * a modal first opens: resolved at build time to the reference theme's own
 * copy (an alias in slimApiBundle.ts). Only what the stand-in uses.
 */
declare module 'react-modal/lib/index.js' {
  import type { ComponentType } from 'react';
  const Modal: ComponentType<{ isOpen: boolean } & Record<string, unknown>> & {
    setAppElement(element: string | HTMLElement): void;
  };
  export default Modal;
}
