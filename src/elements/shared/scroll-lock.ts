let locks = 0;
let saved = '';

/**
 * Keeps the page behind a modal dialog from scrolling (E8); a native modal `<dialog>` makes the
 * page inert but still lets it scroll. Counted, so stacked dialogs release it once, in any order.
 * Returns the release function; calling it twice is harmless.
 */
export function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (locks++ === 0) {
    saved = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0) root.style.overflow = saved;
  };
}
