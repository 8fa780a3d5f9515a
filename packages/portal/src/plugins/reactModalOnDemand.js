// @ts-check
/**
 * Stands for `react-modal` in the browser bundle (see slimApiBundle.ts). The
 * reference theme uses it for one thing: the try-it's "expand code to
 * fullscreen" button (ApiCodeBlock/ExpandButton), which renders a closed
 * modal with every code block. This renders nothing while the modal is
 * closed and loads the real react-modal (~7 kB gzipped) when a reader first
 * opens one; `setAppElement` is passed on once it has loaded.
 */
const { createElement, lazy, Suspense } = require('react');

/** @type {string | HTMLElement | undefined} */
let appElement;

const RealModal = lazy(() =>
  import('react-modal/lib/index.js').then((module) => {
    const Modal = module.default;
    if (appElement !== undefined) Modal.setAppElement(appElement);
    return { default: Modal };
  }),
);

/** @param {{ isOpen: boolean } & Record<string, unknown>} props */
function ModalOnDemand(props) {
  if (!props.isOpen) return null;
  return createElement(Suspense, { fallback: null }, createElement(RealModal, props));
}

/** @param {string | HTMLElement} element */
ModalOnDemand.setAppElement = (element) => {
  appElement = element;
};

module.exports = ModalOnDemand;
