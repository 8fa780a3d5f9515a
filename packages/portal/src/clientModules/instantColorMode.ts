/**
 * A colour-mode change (the navbar's switch, the reader's system setting,
 * another tab's choice) repaints the page in its new colours at once,
 * without CSS transitions.
 *
 * Why: the reference theme gives tabs, buttons and schema property names
 * `transition: all .3s` (ignoring `prefers-reduced-motion`), so a switch on
 * an API page started about 80 colour transitions, each at its own pace,
 * for 300 ms of repaints (about 0.3 s of main-thread time per switch,
 * measured with a Chromium trace). Transitions are off for that one style
 * change, as next-themes' `disableTransitionOnChange` does.
 *
 * How: Docusaurus sets `data-theme` on <html> and re-renders in the same
 * task, and a layout read in that render computes the new colours at once,
 * so the switch-off must come before the attribute changes: the root
 * element's own `setAttribute` (only this one element's) does it first.
 */
const NO_TRANSITIONS = '*,*::before,*::after{transition:none!important}';

function withoutTransitionsUntilNextFrame(): void {
  const style = document.createElement('style');
  style.textContent = NO_TRANSITIONS;
  document.head.append(style);
  // After the next frame's style update, which computes the new colours.
  requestAnimationFrame(() => setTimeout(() => style.remove()));
}

if (typeof window !== 'undefined') {
  const root = document.documentElement;
  root.setAttribute = (name: string, value: string) => {
    if (name === 'data-theme' && root.getAttribute(name) !== value) withoutTransitionsUntilNextFrame();
    Element.prototype.setAttribute.call(root, name, value);
  };
}
