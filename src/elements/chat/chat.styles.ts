import { css } from 'lit';
import { panel, tokens } from '../shared/tokens.styles.js';

export const chatStyles = [
  tokens,
  panel,
  css`
    :host {
      font-size: var(--_text-md);
    }
    /* The run's status on the left, the agent mode on the right, in one line under the log. */
    .status-row {
      display: flex;
      align-items: center;
      gap: var(--_space-2);
      padding: var(--_space-1) var(--_space-3) 0;
      flex-shrink: 0;
    }
    .latest {
      flex-shrink: 0;
      font-size: var(--_text-xs);
    }
    .mode {
      flex: 0 1 auto;
      margin-inline-start: auto;
      font-size: var(--_text-xs);
      border: 1px solid var(--_border);
      border-radius: 999px;
      padding: 0.1rem var(--_space-2);
      color: var(--_muted);
      min-width: 0;
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
      padding: var(--_space-3);
      display: flex;
      flex-direction: column;
      gap: var(--_space-2);
    }
    .message {
      padding: var(--_space-2) var(--_space-3);
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
      font-size: var(--_text-xs);
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
      margin: 0 0 var(--_space-2);
    }
    .suggestions,
    .starters {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--_space-1);
      justify-items: start;
    }
    /* Starters read as suggestions: a tinted card each, the border only on hover. */
    .starter {
      justify-content: flex-start;
      text-align: start;
      font-weight: 400;
      background: var(--_surface);
      border-color: transparent;
      padding: var(--_space-2) var(--_space-3);
    }
    /* One row that scrolls sideways: the chips never crowd the transcript out. */
    .recipes {
      display: flex;
      flex-wrap: nowrap;
      overflow-x: auto;
      gap: var(--_space-1);
      padding: var(--_space-1) var(--_space-3);
    }
    .recipes button {
      flex: none;
      white-space: nowrap;
    }
    .recipes button {
      font-size: var(--_text-xs);
      font-weight: 400;
      padding: 0.15rem var(--_space-2);
      border-radius: 999px;
    }
    form {
      display: flex;
      gap: var(--_space-2);
      padding: var(--_space-1) var(--_space-3) var(--_space-3);
      align-items: flex-end;
    }
    /* One line that grows with the prompt where the browser sizes fields to their content. */
    textarea {
      flex: 1;
      resize: vertical;
      field-sizing: content;
      min-height: 2.25rem;
      max-height: 8rem;
      font: inherit;
      padding: var(--_space-2);
      border: 1px solid var(--_control-border);
      border-radius: calc(var(--_radius) - 2px);
    }
    form button {
      min-height: 2.25rem;
    }
    /* Only the transcript gives up height: a squeezed status line would let its Retry paint
       under the recipe chips that follow. */
    .recipes,
    form {
      flex-shrink: 0;
    }
    .status {
      flex: 1 1 auto;
      min-width: 0;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: var(--_space-1);
      color: var(--_muted);
      font-size: var(--_text-xs);
      min-height: 1.1rem;
    }
    .status.failed {
      color: var(--_danger);
    }
  `,
];
