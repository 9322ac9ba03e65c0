import { css } from 'lit';

export const previewStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 16rem;
    background: var(--ca-preview-background, var(--ca-surface, #fff));
    color: var(--ca-text, #0f172a);
    font: var(--ca-font, 13px/1.4 system-ui, sans-serif);
    border: 1px solid var(--ca-border, #cbd5e1);
    border-radius: var(--ca-radius, 0.5rem);
    overflow: hidden;
  }
  :host([fullscreen]) {
    position: fixed;
    inset: 0;
    z-index: var(--ca-preview-fullscreen-z-index, 2147483000);
    border-radius: 0;
  }
  [part='toolbar'] {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid var(--ca-border, #cbd5e1);
  }
  [part='status'] {
    margin-inline-end: auto;
  }
  button {
    font: inherit;
    padding: 0.125rem 0.5rem;
    border: 1px solid var(--ca-border, #94a3b8);
    border-radius: 0.25rem;
    background: var(--ca-button-background, #f8fafc);
    color: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: var(--ca-accent, #1d4ed8);
    border-color: var(--ca-accent, #1d4ed8);
    color: #fff;
  }
  [part='frame'] {
    flex: 1;
    display: flex;
    min-height: var(--ca-preview-min-height, 12rem);
  }
  iframe {
    flex: 1;
    border: 0;
    width: 100%;
    background: #fff;
  }
  [part='diagnostics'],
  [part='console'] {
    border-top: 1px solid var(--ca-border, #cbd5e1);
    padding: 0.25rem 0.5rem;
    max-height: 10rem;
    overflow: auto;
  }
  ul,
  ol {
    margin: 0.25rem 0;
    padding-inline-start: 1.25rem;
  }
  .error {
    color: var(--ca-danger, #b91c1c);
  }
  .warning,
  .warn {
    color: var(--ca-warning, #92400e);
  }
  summary {
    cursor: pointer;
  }
`;
