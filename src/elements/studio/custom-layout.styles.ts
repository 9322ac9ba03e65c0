import { css } from 'lit';

/** The studio around a layout of your own, and the header's Read-only badge. */
export const customLayoutStyles = css`
  .layout {
    grid-row: 1 / -1;
    min-height: 0;
    overflow: auto;
  }
  .read-only {
    font-size: 0.75rem;
    padding: 0.1rem 0.5rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
    color: var(--_muted);
  }
`;
