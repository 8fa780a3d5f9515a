/**
 * Moves the focus to a try-it field (`data-api-field`, src/api/tryIt/FieldShell.tsx)
 * and scrolls it into view. A field among the optional parameters the theme
 * keeps folded away is unfolded first (its "Show optional parameters" button).
 */
export function focusField(form: HTMLElement, name: string): void {
  const field = Array.from(form.querySelectorAll<HTMLElement>('[data-api-field]')).find(
    (f) => f.dataset.apiField === name,
  );
  const control = field?.querySelector<HTMLElement>('input, select, textarea, button');
  if (!field || !control) return;
  const focus = () => {
    control.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' });
  };
  const folded = field.closest('.openapi-explorer__hide-options');
  const unfold =
    folded && form.querySelector<HTMLButtonElement>('button.openapi-explorer__show-more-btn[aria-expanded="false"]');
  if (unfold) {
    unfold.click();
    // The theme shows the optional parameters on its next render.
    requestAnimationFrame(focus);
  } else {
    focus();
  }
}
