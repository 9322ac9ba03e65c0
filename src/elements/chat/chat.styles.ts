import { css } from 'lit';
import { panel, tokens } from '../shared/tokens.styles.js';

export const chatStyles = [
  tokens,
  panel,
  css`
    :host {
      font-size: 0.875rem;
    }
    .head {
      display: flex;
      justify-content: flex-end;
      padding: 0.4rem 0.75rem 0;
    }
    .mode {
      font-size: 0.75rem;
      border: 1px solid var(--_border);
      border-radius: 999px;
      padding: 0.1rem 0.55rem;
      color: var(--_muted);
      max-width: 100%;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .progress {
      margin-left: 0.35rem;
    }
    .log {
      flex: 1;
      min-height: 6rem;
      max-height: var(--ca-chat-max-height, 18rem);
      overflow-y: auto;
      padding: 0.5rem 0.75rem;
      display: flex;
      flex-direction: column;
      gap: 0.4rem;
    }
    .message {
      padding: 0.35rem 0.6rem;
      border-radius: var(--_radius);
      max-width: 92%;
      overflow-wrap: anywhere;
    }
    .user {
      align-self: flex-end;
      background: var(--_accent);
      color: var(--_on-accent);
    }
    .assistant {
      background: var(--_surface);
    }
    .tool {
      font-family: var(--_mono);
      font-size: 0.8rem;
      border: 1px solid var(--_border);
    }
    .tool.failed {
      border-color: var(--_danger);
      color: var(--_danger);
    }
    .notice {
      color: var(--_muted);
    }
    .restore {
      align-self: flex-end;
      font-size: 0.8rem;
    }
    .empty-state p {
      margin: 0 0 0.5rem;
    }
    .suggestions,
    .starters {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 0.35rem;
      justify-items: start;
    }
    .starter {
      text-align: start;
    }
    /* One row that scrolls sideways: the chips never crowd the transcript out. */
    .recipes {
      display: flex;
      flex-wrap: nowrap;
      overflow-x: auto;
      gap: 0.35rem;
      padding: 0.4rem 0.75rem 0.3rem;
    }
    .recipes button {
      flex: none;
      white-space: nowrap;
    }
    .recipes button {
      font-size: 0.78rem;
      padding: 0.15rem 0.55rem;
      border-radius: 999px;
    }
    form {
      display: flex;
      gap: 0.5rem;
      padding: 0.5rem 0.75rem 0.75rem;
      align-items: flex-end;
    }
    textarea {
      flex: 1;
      resize: vertical;
      min-height: 2.4rem;
      font: inherit;
      padding: 0.4rem 0.55rem;
      border: 1px solid var(--_control-border);
      border-radius: calc(var(--_radius) - 2px);
    }
    /* Only the transcript gives up height: a squeezed status line would let its Retry paint
       under the recipe chips that follow. */
    .status,
    .recipes,
    form {
      flex-shrink: 0;
    }
    .status {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.35rem;
      padding: 0 0.75rem;
      color: var(--_muted);
      font-size: 0.8rem;
      min-height: 1.1rem;
    }
    .status.failed {
      color: var(--_danger);
    }
  `,
];
