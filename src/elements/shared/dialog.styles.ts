import { css } from 'lit';

/**
 * The modal `<dialog>` every element draws the same way: box, backdrop, title and action row. An element sizes it and tints its
 * backdrop through `--_dialog-width` and `--_dialog-backdrop`, usually from its own public
 * custom properties.
 */
export const dialogStyles = css`
  dialog {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space-4) calc(var(--_space-4) + var(--_space-1));
    width: var(--_dialog-width, min(28rem, calc(100vw - 2rem)));
    max-height: calc(100vh - 2rem);
    overflow-y: auto;
    background: var(--_bg);
    color: var(--_text);
    box-shadow: 0 20px 50px var(--_shadow);
  }
  dialog::backdrop {
    background: var(--_dialog-backdrop, var(--_backdrop));
  }
  dialog h2 {
    font-size: var(--_text-lg);
    margin: 0 0 var(--_space-3);
  }
  dialog .actions {
    display: flex;
    justify-content: flex-end;
    gap: var(--_space-2);
  }
  dialog button.danger {
    background: var(--_danger);
    border-color: var(--_danger);
    color: var(--_on-danger);
  }
`;
