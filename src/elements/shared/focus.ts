/** The focused element, looked up through open shadow roots (the opener of a dialog). */
export function deepActiveElement(): HTMLElement | undefined {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : undefined;
}

/** True when a click landed outside the dialog box, i.e. on its `::backdrop`. */
export function isBackdropClick(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

/**
 * Keeps Tab and Shift+Tab inside a modal: from the last of `focusable` to the first and back.
 * `active` is the focused element inside the host's shadow root.
 */
export function wrapTabFocus(
  event: KeyboardEvent,
  focusable: readonly HTMLElement[],
  active: Element | null | undefined,
): void {
  if (event.key !== 'Tab') return;
  const first = focusable[0];
  const last = focusable.at(-1);
  // From the dialog box itself (focused on open), Shift+Tab wraps too instead of leaving.
  const outside = !focusable.some((element) => element === active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first?.focus();
  }
}
