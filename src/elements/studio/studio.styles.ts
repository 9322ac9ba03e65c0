import { css } from 'lit';
import { tokens } from '../shared/tokens.styles.js';

export const studioStyles = [
  tokens,
  css`
    :host {
      display: grid;
      grid-template-rows: auto minmax(0, 1fr) auto auto;
      height: var(--ca-studio-height, 100%);
      min-height: 32rem;
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      overflow: hidden;
      background: var(--_surface);
    }
    .bar {
      display: flex;
      align-items: center;
      gap: 0.75rem;
      padding: 0.5rem 0.9rem;
      border-bottom: 1px solid var(--_border);
      background: var(--_bg);
    }
    .heading {
      font-size: 0.95rem;
      margin: 0;
      flex: 1;
    }
    .tools,
    .model {
      font-size: 0.8rem;
    }
    .model {
      max-width: 22rem;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .model-label {
      color: var(--_muted);
      margin-right: 0.25rem;
    }
    .work {
      display: grid;
      grid-template-columns: var(--ca-studio-explorer-width, 14rem) minmax(0, 1fr) minmax(0, 1fr);
      gap: 1px;
      background: var(--_border);
      min-height: 0;
    }
    .work.with-catalog {
      grid-template-columns:
        var(--ca-studio-explorer-width, 14rem) minmax(0, 1fr) minmax(0, 1fr)
        minmax(0, 1.2fr);
    }
    ca-catalog[hidden] {
      display: none;
    }
    .bottom {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr);
      gap: 1px;
      border-top: 1px solid var(--_border);
      background: var(--_border);
      height: var(--ca-studio-bottom-height, 16rem);
      min-height: 0;
    }
    ca-explorer,
    ca-editor,
    ca-preview,
    ca-chat,
    ca-trace,
    ca-catalog {
      min-height: 0;
      min-width: 0;
    }
    @media (max-width: 800px) {
      .work,
      .work.with-catalog,
      .bottom {
        grid-template-columns: 1fr;
      }
      .bottom {
        height: auto;
      }
    }
  `,
];
