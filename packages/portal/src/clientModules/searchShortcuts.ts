/**
 * Keyboard shortcuts for the search box, beyond what the search plugins do.
 *
 * - Local search (@easyops-cn/docusaurus-search-local) handles only ONE keymap
 *   (`mod+k`: Ctrl+K, or Cmd+K on macOS). This adds '/' and the other
 *   modifier (Cmd+K on Linux/Windows keyboards that have one, Ctrl+K on
 *   macOS), and makes Escape close the suggestions AND leave the box.
 * - Hosted search (Algolia DocSearch) already opens its modal on Ctrl/Cmd+K
 *   and '/', and closes it on Escape: this module then does nothing.
 */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function localSearchInput(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('.navbar__search-input');
}

function onKeyDown(event: KeyboardEvent): void {
  if (document.querySelector('.DocSearch-Button')) return; // hosted search handles its own keys
  const input = localSearchInput();
  if (!input) return;
  const key = event.key.toLowerCase();
  if (key === 'escape' && document.activeElement === input) {
    input.blur(); // autocomplete.js closes its dropdown on blur
    return;
  }
  if (event.defaultPrevented) return; // the plugin already handled its own keymap
  const slash = key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
  const modK = key === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
  if (slash || modK) {
    event.preventDefault();
    input.focus();
  }
}

if (typeof window !== 'undefined') {
  // Capture phase is not needed; bubbling lets the plugin handle mod+k first.
  document.addEventListener('keydown', onKeyDown);
}

export {};
