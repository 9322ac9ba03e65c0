import { css } from 'lit';
import { panel, tokens } from '../shared/tokens.styles.js';

export const editorStyles = [
  tokens,
  panel,
  css`
    [role='tablist'] {
      display: flex;
      gap: 0.15rem;
      overflow-x: auto;
      border-bottom: 1px solid var(--_border);
      background: var(--_surface);
      padding: 0.25rem 0.35rem 0;
    }
    [role='tab'] {
      border: 1px solid transparent;
      border-bottom: none;
      border-radius: calc(var(--_radius) - 2px) calc(var(--_radius) - 2px) 0 0;
      background: transparent;
      font-family: var(--_mono);
      font-size: 0.8rem;
      padding: 0.3rem 0.65rem;
      white-space: nowrap;
    }
    [role='tab'][aria-selected='true'] {
      background: var(--_bg);
      border-color: var(--_border);
    }
    @media (forced-colors: active) {
      [role='tab'][aria-selected='true'] {
        border: 2px solid Highlight;
        border-bottom: none;
      }
    }
    .dirty::after {
      content: ' •';
      color: var(--_accent);
    }
    .surface {
      flex: 1;
      min-height: var(--ca-editor-min-height, 12rem);
      overflow: auto;
      position: relative;
    }
    .surface .cm-editor {
      height: 100%;
      font-size: var(--ca-editor-font-size, 0.85rem);
    }
    .loading {
      padding: 1rem;
      color: var(--_muted);
    }
    .footer {
      display: flex;
      gap: 1rem;
      justify-content: space-between;
      border-top: 1px solid var(--_border);
      padding: 0.2rem 0.6rem;
      font-size: 0.75rem;
      color: var(--_muted);
      background: var(--_surface);
    }
    .over {
      color: var(--_danger);
      font-weight: 600;
    }
    .error {
      color: var(--_danger);
    }
    .review {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      padding: 0.3rem 0.75rem;
      border-bottom: 1px solid var(--_border);
      font-size: 0.8rem;
      background: var(--_surface);
    }
    .surface [part~='revert'] {
      font: inherit;
      font-size: 0.75rem;
    }
    .conflict {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem;
      padding: 0.4rem 0.75rem;
      border-top: 1px solid var(--_danger);
      color: var(--_text);
      background: var(--_surface);
    }
  `,
];
